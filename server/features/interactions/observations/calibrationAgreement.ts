// Observer agreement (issue 28, item 5), computed from the completed observations of calibration sessions.
// Two observers of one session are compared on every item both answered, the item followed across the form's
// versions by its lineage (observation_form_items.lineage_id, else its own id):
// - a `rating` agrees exactly when both gave the same level, and within one level when the levels differ by
//   at most one (so exact agreements also count as within one);
// - a `look_for` or a `choice` agrees only exactly (a several-options choice: the same options chosen);
//   `na` (not applicable) is an answer like `yes` and `no`: both saying `na` agree, `na` against `yes` does not,
//   since whether a look-for applies to the lesson is part of seeing alike;
// - `text` and `number` items are not compared; an item either observer left unanswered is not compared.
// Each pair of observers in a session counts once per item (three observers: three pairs).

export interface CalibratedObservation {
  id: number;
  sessionId: number;
  observerId: number;
  /** YYYY-MM of the session's lesson, on the district's clock. */
  month: string;
  /** The observation's comparable answers by item lineage. */
  answers: Map<number, { kind: string; value: unknown }>;
}

export interface Tally {
  /** Item answers compared (pairs × items both answered). */
  compared: number;
  exact: number;
  /** Of those, rating items: the within-one-level figure's base. */
  rating_compared: number;
  within_one: number;
}

const emptyTally = (): Tally => ({ compared: 0, exact: 0, rating_compared: 0, within_one: 0 });

function add(into: Tally, from: Tally): void {
  into.compared += from.compared;
  into.exact += from.exact;
  into.rating_compared += from.rating_compared;
  into.within_one += from.within_one;
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].map(String).sort().join('\u0000') === [...b].map(String).sort().join('\u0000');
  }
  return a === b;
};

/** One item compared between two answers (null: not comparable). */
export function compareAnswers(kind: string, a: unknown, b: unknown): Tally | null {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  if (kind === 'rating') {
    if (typeof a !== 'number' || typeof b !== 'number') return null;
    return { compared: 1, exact: a === b ? 1 : 0, rating_compared: 1, within_one: Math.abs(a - b) <= 1 ? 1 : 0 };
  }
  if (kind === 'look_for' || kind === 'choice') return { compared: 1, exact: sameValue(a, b) ? 1 : 0, rating_compared: 0, within_one: 0 };
  return null;
}

export interface Agreement {
  overall: Tally;
  /** By item lineage. */
  items: Map<number, Tally>;
  /** By pair of observers, keyed "lowId-highId". */
  pairs: Map<string, Tally & { observerIds: [number, number]; sessions: Set<number> }>;
  /** By month (YYYY-MM), with the sessions that had at least one pair compared. */
  months: Map<string, Tally & { sessions: Set<number> }>;
}

/** Every pair of observations of the same session, compared item by item. */
export function agreementOf(observations: readonly CalibratedObservation[]): Agreement {
  const result: Agreement = { overall: emptyTally(), items: new Map(), pairs: new Map(), months: new Map() };
  const bySession = new Map<number, CalibratedObservation[]>();
  for (const o of observations) bySession.set(o.sessionId, [...(bySession.get(o.sessionId) ?? []), o]);
  for (const [sessionId, list] of bySession) {
    const sorted = [...list].sort((x, y) => x.observerId - y.observerId || x.id - y.id);
    for (let i = 0; i < sorted.length; i += 1) {
      for (let j = i + 1; j < sorted.length; j += 1) {
        const a = sorted[i]!;
        const b = sorted[j]!;
        if (a.observerId === b.observerId) continue;
        const pairTally = emptyTally();
        for (const [lineage, answer] of a.answers) {
          const other = b.answers.get(lineage);
          if (!other) continue;
          const one = compareAnswers(answer.kind, answer.value, other.value);
          if (!one) continue;
          add(pairTally, one);
          const item = result.items.get(lineage) ?? emptyTally();
          add(item, one);
          result.items.set(lineage, item);
        }
        if (pairTally.compared === 0) continue;
        add(result.overall, pairTally);
        const key = `${a.observerId}-${b.observerId}`;
        const pair = result.pairs.get(key) ?? { ...emptyTally(), observerIds: [a.observerId, b.observerId] as [number, number], sessions: new Set<number>() };
        add(pair, pairTally);
        pair.sessions.add(sessionId);
        result.pairs.set(key, pair);
        const month = result.months.get(a.month) ?? { ...emptyTally(), sessions: new Set<number>() };
        add(month, pairTally);
        month.sessions.add(sessionId);
        result.months.set(a.month, month);
      }
    }
  }
  return result;
}

/** A share rounded to a thousandth (null when nothing was compared). */
export const rate = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);
