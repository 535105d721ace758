// How a screen shows a record the person changed without a signal (issue 31): the record with their queued writes laid
// over it, for the detail and the lists (InteractionItem). Pure; the outbox's sending rules are in outboxRules.ts.
import type { OutboxKind, OutboxRecord } from './outboxRules';

/**
 * A record as the person will see it once their queued writes on it have synced (issue 31, "the screen shows it at
 * once"): a queued "mark completed" makes it completed, a queued edit lays the version the form saved
 * (`summary.extra.preview`, made by the form from the fields it knows the names of) over it, in the order made.
 * `write` is the one to mark it with: a refused or conflicting one first, else the latest.
 */
export function asQueued<T extends { id: number }>(record: T, records: readonly OutboxRecord[], kinds: { update: OutboxKind; complete?: OutboxKind }): { record: T; write: OutboxRecord | null } {
  const mine = records.filter((r) => r.target === record.id && (r.kind === kinds.update || r.kind === kinds.complete)).sort((a, b) => a.seq - b.seq);
  if (mine.length === 0) return { record, write: null };
  let shown: T = record;
  for (const r of mine) {
    if (r.kind === kinds.complete) shown = { ...shown, status: 'completed', needs_completing: false } as T;
    else {
      const preview = r.summary.extra?.preview;
      if (preview && typeof preview === 'object') shown = { ...shown, ...(preview as Partial<T>), id: record.id };
    }
  }
  const write = mine.find((r) => r.state === 'refused' || r.state === 'conflict') ?? mine[mine.length - 1]!;
  return { record: shown, write };
}
