// The walkthrough report (issue 28): for one observation form, over every version of it (items followed by
// their lineage, so an item kept across versions counts as one), the completed observations in the range that
// the scope and filters reach. An observation counts when its interaction counts (countedInteractions: the
// scope, school, observer as coach, type and the educator filters), so drafts, which have no interaction, never
// do. Per item: how often a look-for was seen (of applicable), a rating's average and distribution, a choice's
// options; the monthly trend and the schools side by side, both by look-for rate. Calibration observations
// (calibration_id set: several observers seeing one lesson, decision 0015) are left out, so one lesson counts once.
// Speed (issue 28): the tallies the figures are worked out from (answers per school, month, item and value;
// observations per school, month and educator) come for a range's whole months from the walkthrough rollups
// (db/walkthroughRollups.ts) and for the days of its partial months from the rows, as the other reports'
// (rollups.ts plans which), so a school year costs a few thousand rollup rows instead of every answer in it. The
// rows are read for the whole range instead when the rollups cannot give today's answer exactly: a type or
// educator filter (rollups.ts), a zone without months, or an observation counted in the range whose interaction
// was moved to another time than the observation's (its month in the trend is the observation's, read with the
// range's offsets); number items' averages come from the rows when one of their answers is not a whole number.
import { sql } from 'kysely';
import type { ObservationItemKind } from '../../../../common/schemas/observations';
import type { WalkthroughItem, WalkthroughsReport } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { localDayOf } from '../../../../db/dialect';
import { validationError } from '../../../http/errors';
import { periodStarts } from './facts';
import { countedInteractions, type ReportContext, withRange } from './filters';
import { rollupConditions, rollupPlan, type RollupPlan, zoneHasMonths } from './rollups';

export const WALKTHROUGH_MESSAGES = {
  noForm: 'Choose an observation form of your district.',
} as const;

export type WalkthroughsReportData = Omit<WalkthroughsReport, 'range'>;

/** The counted observations of the form (joined to their counted interaction, `ci`: its id and start). */
function countedObservations(db: DB, ctx: ReportContext, formId: number) {
  return db.selectFrom('observations as o')
    .innerJoin(countedInteractions(db, ctx).select(['i.id', 'i.starts_at']).as('ci'), 'ci.id', 'o.interaction_id')
    .where('o.district_id', '=', ctx.districtId).where('o.form_id', '=', formId)
    .where('o.status', '=', 'completed').where('o.deleted_at', 'is', null).where('o.calibration_id', 'is', null);
}

const rateOf = (seen: number, notSeen: number) => (seen + notSeen > 0 ? seen / (seen + notSeen) : null);

/** The district's forms to choose from, and the one asked for (default: the built-in walkthrough, else the first). */
async function chosenForm(db: DB, ctx: ReportContext, formId: number | null) {
  const forms = await db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'f.builtin', 'f.archived_at', 'v.name', 'v.version']).where('f.district_id', '=', ctx.districtId).orderBy('f.id').execute();
  const form = formId === null ? forms.find((f) => f.builtin === 1 && f.archived_at === null) ?? forms[0] : forms.find((f) => f.id === formId);
  if (!form) throw validationError({ form_id: [WALKTHROUGH_MESSAGES.noForm] });
  return { form, forms };
}

type Item = { id: number; lineage_id: number | null; label: string; section: string | null; kind: string; config: string; position: number; version: number };

/** What the figures are worked out from, whether read from the rows or the rollups. */
interface Tallies {
  /**
   * look-for, rating and choice answers per observation's school, month (YYYY-MM-01), lineage and value; a choice
   * item's in the rows' order (inRowOrderWhereItMatters), the others in any order
   */
  grouped: { building_id: number | null; month: string; lineage_id: number | null; value: string; n: number }[];
  /** number items' answers given, per lineage */
  numbers: { lineage_id: number | null; average: number; n: number }[];
  /** text items' answers given, per lineage */
  texts: { lineage_id: number | null; n: number }[];
  perSchoolMonth: { building_id: number | null; month: string; n: number }[];
  people: { educators: number; classrooms: number };
  schoolPeople: { building_id: number | null; educators: number }[];
}

/** The tallies from the rows of the whole range. */
async function tallyRows(db: DB, ctx: ReportContext, formId: number): Promise<Tallies> {
  const month = localDayOf(db, sql.ref('o.observed_at'), ctx.offsets, 'month');
  const [grouped, numbers, texts, perSchoolMonth, people, schoolPeople] = await Promise.all([
    answersOf(db, ctx, formId).where('it.kind', 'in', ['look_for', 'rating', 'choice'])
      .select(['o.building_id', month.as('month'), 'it.lineage_id', 'a.value', (eb) => eb.fn.countAll<number>().as('n')])
      // By position: PostgreSQL does not match the month expression's parameters in GROUP BY with the select's.
      .groupBy([sql`1`, sql`2`, sql`3`, sql`4`]).execute(),
    numberAverages(db, ctx, formId),
    answersOf(db, ctx, formId).where('it.kind', '=', 'text').where('a.value', '<>', 'null')
      .select(['it.lineage_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('it.lineage_id').execute(),
    countedObservations(db, ctx, formId).select(['o.building_id', month.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy([sql`1`, sql`2`]).execute(),
    countedObservations(db, ctx, formId).select([
      (eb) => eb.fn.count<number>('o.staff_id').distinct().as('educators'),
      sql<number>`count(distinct ${sql.ref('o.staff_id')} || '-' || coalesce(${sql.ref('o.building_id')}, 0))`.as('classrooms'),
    ]).executeTakeFirstOrThrow(),
    countedObservations(db, ctx, formId).select(['o.building_id', (eb) => eb.fn.count<number>('o.staff_id').distinct().as('educators')])
      .groupBy('o.building_id').execute(),
  ]);
  return {
    grouped: grouped.map((g) => ({ ...g, n: Number(g.n) })), numbers, texts: texts.map((r) => ({ ...r, n: Number(r.n) })),
    perSchoolMonth: perSchoolMonth.map((r) => ({ ...r, n: Number(r.n) })),
    people: { educators: Number(people.educators), classrooms: Number(people.classrooms) },
    schoolPeople: schoolPeople.map((r) => ({ ...r, educators: Number(r.educators) })),
  };
}

/** The counted observations' answers with their items. */
const answersOf = (db: DB, ctx: ReportContext, formId: number) => countedObservations(db, ctx, formId)
  .innerJoin('observation_answers as a', 'a.observation_id', 'o.id')
  .innerJoin('observation_form_items as it', 'it.id', 'a.item_id');

async function numberAverages(db: DB, ctx: ReportContext, formId: number): Promise<Tallies['numbers']> {
  const rows = await answersOf(db, ctx, formId).where('it.kind', '=', 'number').where('a.value', '<>', 'null')
    .select(['it.lineage_id', sql<number>`avg(cast(a.value as real))`.as('average'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('it.lineage_id').execute();
  return rows.map((r) => ({ lineage_id: r.lineage_id, average: Number(r.average), n: Number(r.n) }));
}

/** A group's counts: the rollup's plus or minus each span's (its sign). */
function addTo<K>(map: Map<string, { key: K; n: number }>, id: string, key: K, n: number) {
  const cur = map.get(id);
  if (cur) cur.n += n;
  else map.set(id, { key, n });
}

const schoolOf = (building: number) => (building === 0 ? null : building);
/** Rows in the order SQLite's GROUP BY gives them (no school first), so that what follows insertion order is the same. */
const bySchool = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a - b);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The tallies from the rollups for the plan's whole months and the rows for its spans, or null when the rows
 * must be read for the whole range (an observation counted whose interaction was moved: see the header).
 */
async function tallyRollups(db: DB, ctx: ReportContext, formId: number, plan: RollupPlan, items: readonly Item[]): Promise<Tallies | null> {
  // Observations per educator and school (whole range: who was observed where) and per school and month (how many).
  const observationsOf = async (): Promise<{ building: number; moved: number; staff: number; n: number }[]> => {
    let q = db.selectFrom('report_observation_months as r')
      .select(['r.obs_building_id as building', 'r.moved', 'r.staff_id as staff', sql<number>`sum(r.n)`.as('n')])
      .where('r.form_id', '=', formId).groupBy(['r.staff_id', 'r.obs_building_id', 'r.moved']);
    for (const [column, op, value] of rollupConditions(ctx, plan)) q = q.where(`r.${column}`, op, value);
    return q.execute();
  };
  const schoolMonthsOf = async (): Promise<{ month: string; building: number; n: number }[]> => {
    let q = db.selectFrom('report_observation_months as r')
      .select(['r.month', 'r.obs_building_id as building', sql<number>`sum(r.n)`.as('n')])
      .where('r.form_id', '=', formId).groupBy(['r.month', 'r.obs_building_id']);
    for (const [column, op, value] of rollupConditions(ctx, plan)) q = q.where(`r.${column}`, op, value);
    return q.execute();
  };
  const answersOfMonths = async (): Promise<{ month: string; building: number; item: number; value: string; n: number }[]> => {
    let q = db.selectFrom('report_observation_answer_months as r')
      .select(['r.month', 'r.obs_building_id as building', 'r.item_id as item', 'r.value', sql<number>`sum(r.n)`.as('n')])
      .where('r.form_id', '=', formId).groupBy(['r.month', 'r.obs_building_id', 'r.item_id', 'r.value']);
    for (const [column, op, value] of rollupConditions(ctx, plan)) q = q.where(`r.${column}`, op, value);
    return q.execute();
  };
  const spanObservations = (span: RollupPlan['spans'][number]) => countedObservations(db, withRange(ctx, span.from, span.to), formId)
    .select([sql<number>`coalesce(${sql.ref('o.building_id')}, 0)`.as('building'),
      sql<number>`case when ${sql.ref('o.observed_at')} = ${sql.ref('ci.starts_at')} then 0 else 1 end`.as('moved'),
      'o.staff_id as staff', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy([sql`1`, sql`2`, sql`3`]).execute();
  const spanAnswers = (span: RollupPlan['spans'][number]) => answersOf(db, withRange(ctx, span.from, span.to), formId)
    .select([sql<number>`coalesce(${sql.ref('o.building_id')}, 0)`.as('building'), 'a.item_id as item',
      sql<string>`case when ${sql.ref('it.kind')} = 'text' and ${sql.ref('a.value')} <> 'null' then '""' else ${sql.ref('a.value')} end`.as('value'),
      (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy([sql`1`, sql`2`, sql`3`]).execute();
  const [whom, schoolMonths, monthAnswers, spans, answerSpans] = await Promise.all([
    observationsOf(), schoolMonthsOf(), answersOfMonths(), Promise.all(plan.spans.map(spanObservations)), Promise.all(plan.spans.map(spanAnswers)),
  ]);

  // Observations per (educator, school, moved) over the range, and per (month, school).
  const people = new Map<string, { key: { building: number; moved: number; staff: number }; n: number }>();
  const personKey = (k: { building: number; moved: number; staff: number }) => `${k.building}|${k.moved}|${k.staff}`;
  const schools = new Map<string, { key: { month: string; building: number }; n: number }>();
  for (const r of whom) {
    const key = { building: Number(r.building), moved: Number(r.moved), staff: Number(r.staff) };
    addTo(people, personKey(key), key, Number(r.n));
  }
  for (const r of schoolMonths) addTo(schools, `${r.month}|${r.building}`, { month: r.month, building: Number(r.building) }, Number(r.n));
  plan.spans.forEach((span, k) => {
    for (const r of spans[k]!) {
      const key = { building: Number(r.building), moved: Number(r.moved), staff: Number(r.staff) };
      addTo(people, personKey(key), key, span.sign * Number(r.n));
      const month = span.from.slice(0, 7);
      addTo(schools, `${month}|${key.building}`, { month, building: key.building }, span.sign * Number(r.n));
    }
  });
  const counted = [...people.values()].filter((g) => g.n > 0);
  if (counted.some((g) => g.key.moved === 1)) return null;

  // Answers per (month, school, item, value): the rollup's rows are one a group already (GROUP BY), so they are
  // merged by key only when a span adds to or takes from them.
  const given = new Map<string, { key: { month: string; building: number; item: number; value: string }; n: number }>();
  const givenKey = (k: { month: string; building: number; item: number; value: string }) => `${k.month}|${k.building}|${k.item}|${k.value}`;
  const monthGroups = monthAnswers.map((r) => ({ key: { month: r.month, building: Number(r.building), item: Number(r.item), value: r.value }, n: Number(r.n) }));
  if (plan.spans.length) {
    for (const g of monthGroups) addTo(given, givenKey(g.key), g.key, g.n);
    plan.spans.forEach((span, k) => {
      for (const r of answerSpans[k]!) {
        const key = { month: span.from.slice(0, 7), building: Number(r.building), item: Number(r.item), value: r.value };
        addTo(given, givenKey(key), key, span.sign * Number(r.n));
      }
    });
  }
  const answers = (plan.spans.length ? [...given.values()] : monthGroups).filter((g) => g.n > 0);

  // The answers' items: the form's (any other is looked up: an answer names its observation's version's items).
  const itemOf = new Map<number, { lineage_id: number | null; kind: string }>(items.map((it) => [it.id, it]));
  const unknown = [...new Set(answers.map((g) => g.key.item).filter((id) => !itemOf.has(id)))];
  if (unknown.length) {
    for (const it of await db.selectFrom('observation_form_items').select(['id', 'lineage_id', 'kind']).where('id', 'in', unknown).execute()) itemOf.set(it.id, it);
  }

  // Per school, month, lineage and value: items of several versions sharing a lineage are added together; when no
  // two answered items share one, each group is its own already and needs no key.
  const grouped = new Map<string, Tallies['grouped'][number]>();
  const ownGroups: Tallies['grouped'] = [];
  const itemOfLineage = new Map<number | null, number>();
  let shared = false;
  for (const id of new Set(answers.map((g) => g.key.item))) {
    const item = itemOf.get(id);
    if (!item) continue;
    if ((itemOfLineage.get(item.lineage_id) ?? id) !== id) shared = true;
    itemOfLineage.set(item.lineage_id, id);
  }
  const numberSums = new Map<number | null, { sum: number; n: number; whole: boolean }>();
  const texts = new Map<number | null, number>();
  for (const { key, n } of answers) {
    const item = itemOf.get(key.item);
    if (!item) continue;
    if (item.kind === 'look_for' || item.kind === 'rating' || item.kind === 'choice') {
      const building = schoolOf(key.building);
      if (!shared) {
        ownGroups.push({ building_id: building, month: `${key.month}-01`, lineage_id: item.lineage_id, value: key.value, n });
        continue;
      }
      const id = `${building}|${key.month}|${item.lineage_id}|${key.value}`;
      const cur = grouped.get(id);
      if (cur) cur.n += n;
      else grouped.set(id, { building_id: building, month: `${key.month}-01`, lineage_id: item.lineage_id, value: key.value, n });
    } else if (item.kind === 'number' && key.value !== 'null') {
      const v = Number(key.value);
      const cur = numberSums.get(item.lineage_id) ?? { sum: 0, n: 0, whole: true };
      cur.sum += v * n;
      cur.n += n;
      // Whole numbers sum exactly in any order, as the rows' average sums them; any other number is read from the rows.
      if (!Number.isInteger(v) || Math.abs(v) > 2 ** 24) cur.whole = false;
      numberSums.set(item.lineage_id, cur);
    } else if (item.kind === 'text' && key.value !== 'null') {
      texts.set(item.lineage_id, (texts.get(item.lineage_id) ?? 0) + n);
    }
  }
  const numbers = [...numberSums.values()].every((x) => x.whole)
    ? [...numberSums.entries()].map(([lineage, x]) => ({ lineage_id: lineage, average: x.sum / x.n, n: x.n }))
    : await numberAverages(db, ctx, formId);

  const perSchoolMonth = [...schools.values()].filter((g) => g.n > 0)
    .map(({ key, n }) => ({ building_id: schoolOf(key.building), month: `${key.month}-01`, n }));
  const educators = new Set<number>();
  const classrooms = new Set<string>();
  const schoolPeople = new Map<number | null, Set<number>>();
  for (const { key } of counted) {
    const building = schoolOf(key.building);
    educators.add(key.staff);
    classrooms.add(`${key.staff}-${key.building}`);
    const set = schoolPeople.get(building) ?? new Set<number>();
    set.add(key.staff);
    schoolPeople.set(building, set);
  }
  return {
    grouped: inRowOrderWhereItMatters(shared ? grouped.values() : ownGroups, itemOf),
    numbers,
    texts: [...texts.entries()].map(([lineage, n]) => ({ lineage_id: lineage, n })),
    perSchoolMonth: perSchoolMonth.sort((a, b) => bySchool(a.building_id, b.building_id) || byText(a.month, b.month)),
    people: { educators: educators.size, classrooms: classrooms.size },
    schoolPeople: [...schoolPeople.entries()].sort(([a], [b]) => bySchool(a, b)).map(([building, set]) => ({ building_id: building, educators: set.size })),
  };
}

/**
 * The rollups' answer groups in the order that matters: a choice item's values in the rows' order (SQLite's GROUP
 * BY: school, no school first, month, lineage, value), since the order they first appear in names the options its
 * form no longer lists; every other group in any order (the report sums them by key). Sorting only the choice
 * items' groups spares sorting thousands of look-for groups on every report computed afresh (issue 28, "Speed").
 */
function inRowOrderWhereItMatters(grouped: Iterable<Tallies['grouped'][number]>, itemOf: Map<number, { lineage_id: number | null; kind: string }>) {
  const choiceLineages = new Set([...itemOf.values()].filter((it) => it.kind === 'choice').map((it) => it.lineage_id));
  const others: Tallies['grouped'] = [];
  const choices: Tallies['grouped'] = [];
  for (const g of grouped) (choiceLineages.has(g.lineage_id) ? choices : others).push(g);
  choices.sort((a, b) => bySchool(a.building_id, b.building_id) || byText(a.month, b.month)
    || (a.lineage_id ?? 0) - (b.lineage_id ?? 0) || byText(a.value, b.value));
  return [...others, ...choices];
}

/** The tallies: through the rollups when they can give them (see the header), else from the rows. */
async function tallies(db: DB, ctx: ReportContext, formId: number, items: readonly Item[], plan: RollupPlan | null, hasMonths: Promise<boolean>): Promise<Tallies> {
  const viaRollups = plan && (await hasMonths) ? await tallyRollups(db, ctx, formId, plan, items) : null;
  return viaRollups ?? tallyRows(db, ctx, formId);
}

/** Every item of every version of the form, the latest version's wording first. */
const itemsOf = (db: DB, ctx: ReportContext, formId: number): Promise<Item[]> => db.selectFrom('observation_form_items as it')
  .innerJoin('observation_form_versions as v', 'v.id', 'it.version_id')
  .select(['it.id', 'it.lineage_id', 'it.label', 'it.section', 'it.kind', 'it.config', 'it.position', 'v.version'])
  .where('v.form_id', '=', formId).where('it.district_id', '=', ctx.districtId)
  .orderBy('v.version', 'desc').orderBy('it.position').execute();

/** `options.rollups: false` reads the rows for the whole range (the rollups' equality test compares the two). */
export async function walkthroughsReport(db: DB, ctx: ReportContext, formId: number | null, options: { rollups?: boolean } = {}): Promise<WalkthroughsReportData> {
  // Speed (issue 28): what does not depend on another answer is asked at once (one round trip instead of four
  // on PostgreSQL): the forms, the items of the form asked for (a form of another district has none and is
  // refused by chosenForm), whether the zone has its months, and the district's school names.
  const plan = (options.rollups ?? true) ? rollupPlan(ctx, 'month', { countsOnly: true }) : null;
  const hasMonths = plan ? zoneHasMonths(db, ctx.timezone) : Promise.resolve(false);
  const names = db.selectFrom('buildings').select(['id', 'name']).where('district_id', '=', ctx.districtId).execute();
  const askedItems = formId === null ? null : itemsOf(db, ctx, formId);
  // Every promise settles before an error leaves (no rejection left unhandled).
  const [chosen, zoneChecked, schoolRows, itemsAsked] = await Promise.allSettled([chosenForm(db, ctx, formId), hasMonths, names, askedItems]);
  for (const r of [chosen, zoneChecked, schoolRows, itemsAsked]) if (r.status === 'rejected') throw r.reason;
  const { form, forms } = (chosen as PromiseFulfilledResult<Awaited<ReturnType<typeof chosenForm>>>).value;
  const items = (itemsAsked as PromiseFulfilledResult<Item[] | null>).value ?? await itemsOf(db, ctx, form.id);
  const { grouped, numbers, texts, perSchoolMonth, people, schoolPeople } = await tallies(db, ctx, form.id, items, plan, hasMonths);

  // One entry per lineage, as its newest version words it, in the current version's order (older ones after).
  const lineages = new Map<number, (typeof items)[number]>();
  for (const it of items) if (!lineages.has(it.lineage_id ?? it.id)) lineages.set(it.lineage_id ?? it.id, it);
  // An answer's JSON text read once per distinct text (a few: "yes", "no", "na", 1–4…), not once per group and use.
  const parsed = new Map<string, unknown>();
  const value = (v: string): unknown => {
    if (parsed.has(v)) return parsed.get(v);
    const out = JSON.parse(v) as unknown;
    parsed.set(v, out);
    return out;
  };

  const tally = new Map<number, Map<string, number>>();
  // Look-for answers seen / not seen overall, by month, by school and by school and look-for, in one pass.
  const overall = { seen: 0, notSeen: 0 };
  const byMonth = new Map<string, { seen: number; notSeen: number }>();
  const bySchool = new Map<string, { seen: number; notSeen: number }>();
  const bySchoolItem = new Map<string, { seen: number; notSeen: number }>();
  let lookForsSeen = false;
  const addLookFor = (map: Map<string, { seen: number; notSeen: number }>, k: string, yes: boolean, n: number) => {
    let cur = map.get(k);
    if (!cur) map.set(k, (cur = { seen: 0, notSeen: 0 }));
    if (yes) cur.seen += n; else cur.notSeen += n;
  };
  for (const g of grouped) {
    if (lineages.get(g.lineage_id!)?.kind !== 'look_for') continue;
    const v = value(g.value);
    if (v !== 'yes' && v !== 'no') continue;
    const n = Number(g.n);
    lookForsSeen = true;
    if (v === 'yes') overall.seen += n; else overall.notSeen += n;
    addLookFor(byMonth, g.month, v === 'yes', n);
    addLookFor(bySchool, String(g.building_id), v === 'yes', n);
    addLookFor(bySchoolItem, `${g.building_id}:${g.lineage_id}`, v === 'yes', n);
  }
  for (const g of grouped) {
    const lineage = g.lineage_id!;
    const kind = lineages.get(lineage)?.kind;
    let counts = tally.get(lineage);
    if (!counts) tally.set(lineage, (counts = new Map<string, number>()));
    const v = value(g.value);
    const n = Number(g.n);
    if (kind === 'choice' && Array.isArray(v)) for (const option of v as string[]) counts.set(option, (counts.get(option) ?? 0) + n);
    else counts.set(String(v), (counts.get(String(v)) ?? 0) + n);
  }
  const numberBy = new Map(numbers.map((r) => [r.lineage_id!, r]));
  const textBy = new Map(texts.map((r) => [r.lineage_id!, Number(r.n)]));

  const itemRows: WalkthroughItem[] = [...lineages.entries()].map(([lineage, it]) => {
    const counts = tally.get(lineage) ?? new Map<string, number>();
    const kind = it.kind as ObservationItemKind;
    const config = JSON.parse(it.config) as { scale?: number; options?: string[] };
    const base = { lineage_id: lineage, label: it.label, section: it.section, kind, seen: null, not_seen: null, not_applicable: null, rate: null, average: null, scale: null, distribution: [] };
    if (kind === 'look_for') {
      const seen = counts.get('yes') ?? 0;
      const notSeen = counts.get('no') ?? 0;
      const na = counts.get('na') ?? 0;
      return { ...base, answered: seen + notSeen + na, seen, not_seen: notSeen, not_applicable: na, rate: rateOf(seen, notSeen) };
    }
    if (kind === 'rating') {
      const scale = config.scale ?? 4;
      const distribution = Array.from({ length: scale }, (_, k) => ({ value: String(k + 1), count: counts.get(String(k + 1)) ?? 0 }));
      const answered = distribution.reduce((a, d) => a + d.count, 0);
      const sum = distribution.reduce((a, d) => a + Number(d.value) * d.count, 0);
      return { ...base, answered, average: answered ? sum / answered : null, scale, distribution };
    }
    if (kind === 'choice') {
      const options = [...new Set([...(config.options ?? []), ...counts.keys()])].filter((o) => o !== 'null');
      const distribution = options.map((o) => ({ value: o, count: counts.get(o) ?? 0 }));
      // Answers, not choices: a multiple choice answer with two options is one answer.
      const answered = grouped.filter((g) => g.lineage_id === lineage && g.value !== 'null').reduce((a, g) => a + Number(g.n), 0);
      return { ...base, answered, distribution };
    }
    if (kind === 'number') {
      const n = numberBy.get(lineage);
      return { ...base, answered: Number(n?.n ?? 0), average: n ? Number(n.average) : null };
    }
    return { ...base, answered: textBy.get(lineage) ?? 0 };
  });

  const monthCounts = new Map<string, number>();
  const schoolCounts = new Map<string, number>();
  for (const r of perSchoolMonth) {
    monthCounts.set(r.month, (monthCounts.get(r.month) ?? 0) + Number(r.n));
    schoolCounts.set(String(r.building_id), (schoolCounts.get(String(r.building_id)) ?? 0) + Number(r.n));
  }
  const schoolIds = [...schoolCounts.keys()].map((k) => (k === 'null' ? null : Number(k)));
  const schoolNames = new Map((schoolRows as PromiseFulfilledResult<{ id: number; name: string }[]>).value.map((b) => [b.id, b.name]));
  const lookForLineages = itemRows.filter((i) => i.kind === 'look_for').map((i) => i.lineage_id);
  const educatorsBySchool = new Map(schoolPeople.map((r) => [String(r.building_id), Number(r.educators)]));

  return {
    form: { id: form.id, name: form.name, versions: form.version },
    forms: forms.map((f) => ({ id: f.id, name: f.name, archived: f.archived_at !== null })),
    headline: {
      observations: [...monthCounts.values()].reduce((a, n) => a + n, 0),
      educators: Number(people.educators),
      classrooms: Number(people.classrooms),
      look_for_rate: lookForsSeen ? rateOf(overall.seen, overall.notSeen) : null,
    },
    items: itemRows,
    months: periodStarts(ctx, 'month').map((m) => {
      const r = byMonth.get(m);
      return { month: m.slice(0, 7), observations: monthCounts.get(m) ?? 0, look_for_rate: r ? rateOf(r.seen, r.notSeen) : null };
    }),
    schools: schoolIds
      .map((id) => {
        const key = String(id);
        const r = bySchool.get(key);
        return {
          id, name: id === null ? 'No school' : schoolNames.get(id) ?? '', observations: schoolCounts.get(key) ?? 0,
          educators: educatorsBySchool.get(key) ?? 0, look_for_rate: r ? rateOf(r.seen, r.notSeen) : null,
          items: Object.fromEntries(lookForLineages.map((l) => {
            const x = bySchoolItem.get(`${key}:${l}`);
            return [String(l), x ? rateOf(x.seen, x.notSeen) : null];
          })),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
