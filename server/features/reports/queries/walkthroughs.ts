// The walkthrough report (issue 28): for one observation form, over every version of it (items followed by
// their lineage, so an item kept across versions counts as one), the completed observations in the range that
// the scope and filters reach. An observation counts when its interaction counts (countedInteractions: the
// scope, school, observer as coach, type and the educator filters), so drafts, which have no interaction, never
// do. Per item: how often a look-for was seen (of applicable), a rating's average and distribution, a choice's
// options; the monthly trend and the schools side by side, both by look-for rate. Calibration observations
// (calibration_id set: several observers seeing one lesson, decision 0015) are left out, so one lesson counts once.
import { sql } from 'kysely';
import type { ObservationItemKind } from '../../../../common/schemas/observations';
import type { WalkthroughItem, WalkthroughsReport } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { localDayOf } from '../../../../db/dialect';
import { validationError } from '../../../http/errors';
import { periodStarts } from './facts';
import { countedInteractions, namesOf, type ReportContext } from './filters';

export const WALKTHROUGH_MESSAGES = {
  noForm: 'Choose an observation form of your district.',
} as const;

export type WalkthroughsReportData = Omit<WalkthroughsReport, 'range'>;

/** The counted observations of the form (joined to their counted interaction). */
function countedObservations(db: DB, ctx: ReportContext, formId: number) {
  return db.selectFrom('observations as o')
    .innerJoin(countedInteractions(db, ctx).select('i.id').as('ci'), 'ci.id', 'o.interaction_id')
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

export async function walkthroughsReport(db: DB, ctx: ReportContext, formId: number | null): Promise<WalkthroughsReportData> {
  const { form, forms } = await chosenForm(db, ctx, formId);
  const month = localDayOf(db, sql.ref('o.observed_at'), ctx.offsets, 'month');
  const answers = () => countedObservations(db, ctx, form.id)
    .innerJoin('observation_answers as a', 'a.observation_id', 'o.id')
    .innerJoin('observation_form_items as it', 'it.id', 'a.item_id');

  const [items, grouped, numbers, texts, perSchoolMonth, people, schoolPeople] = await Promise.all([
    // Every item of every version, the latest version's wording first.
    db.selectFrom('observation_form_items as it').innerJoin('observation_form_versions as v', 'v.id', 'it.version_id')
      .select(['it.id', 'it.lineage_id', 'it.label', 'it.section', 'it.kind', 'it.config', 'it.position', 'v.version'])
      .where('v.form_id', '=', form.id).where('it.district_id', '=', ctx.districtId)
      .orderBy('v.version', 'desc').orderBy('it.position').execute(),
    answers().where('it.kind', 'in', ['look_for', 'rating', 'choice'])
      .select(['o.building_id', month.as('month'), 'it.lineage_id', 'a.value', (eb) => eb.fn.countAll<number>().as('n')])
      // By position: PostgreSQL does not match the month expression's parameters in GROUP BY with the select's.
      .groupBy([sql`1`, sql`2`, sql`3`, sql`4`]).execute(),
    answers().where('it.kind', '=', 'number').where('a.value', '<>', 'null')
      .select(['it.lineage_id', sql<number>`avg(cast(a.value as real))`.as('average'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('it.lineage_id').execute(),
    answers().where('it.kind', '=', 'text').where('a.value', '<>', 'null')
      .select(['it.lineage_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('it.lineage_id').execute(),
    countedObservations(db, ctx, form.id).select(['o.building_id', month.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy([sql`1`, sql`2`]).execute(),
    countedObservations(db, ctx, form.id).select([
      (eb) => eb.fn.count<number>('o.staff_id').distinct().as('educators'),
      sql<number>`count(distinct ${sql.ref('o.staff_id')} || '-' || coalesce(${sql.ref('o.building_id')}, 0))`.as('classrooms'),
    ]).executeTakeFirstOrThrow(),
    countedObservations(db, ctx, form.id).select(['o.building_id', (eb) => eb.fn.count<number>('o.staff_id').distinct().as('educators')])
      .groupBy('o.building_id').execute(),
  ]);

  // One entry per lineage, as its newest version words it, in the current version's order (older ones after).
  const lineages = new Map<number, (typeof items)[number]>();
  for (const it of items) if (!lineages.has(it.lineage_id ?? it.id)) lineages.set(it.lineage_id ?? it.id, it);
  const value = (v: string): unknown => JSON.parse(v) as unknown;

  const tally = new Map<number, Map<string, number>>();
  const lookForBy = (key: (g: (typeof grouped)[number]) => string) => {
    const out = new Map<string, { seen: number; notSeen: number }>();
    for (const g of grouped) {
      if (lineages.get(g.lineage_id!)?.kind !== 'look_for') continue;
      const v = value(g.value);
      if (v !== 'yes' && v !== 'no') continue;
      const k = key(g);
      const cur = out.get(k) ?? { seen: 0, notSeen: 0 };
      if (v === 'yes') cur.seen += Number(g.n); else cur.notSeen += Number(g.n);
      out.set(k, cur);
    }
    return out;
  };
  for (const g of grouped) {
    const lineage = g.lineage_id!;
    const kind = lineages.get(lineage)?.kind;
    const values = kind === 'choice' && Array.isArray(value(g.value)) ? (value(g.value) as string[]) : [String(value(g.value))];
    const counts = tally.get(lineage) ?? new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + Number(g.n));
    tally.set(lineage, counts);
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

  const overall = lookForBy(() => 'all').get('all');
  const byMonth = lookForBy((g) => g.month);
  const bySchool = lookForBy((g) => String(g.building_id));
  const bySchoolItem = lookForBy((g) => `${g.building_id}:${g.lineage_id}`);
  const monthCounts = new Map<string, number>();
  const schoolCounts = new Map<string, number>();
  for (const r of perSchoolMonth) {
    monthCounts.set(r.month, (monthCounts.get(r.month) ?? 0) + Number(r.n));
    schoolCounts.set(String(r.building_id), (schoolCounts.get(String(r.building_id)) ?? 0) + Number(r.n));
  }
  const schoolIds = [...schoolCounts.keys()].map((k) => (k === 'null' ? null : Number(k)));
  const schoolNames = await namesOf(db, 'buildings', ctx.districtId, schoolIds.filter((id): id is number => id !== null));
  const lookForLineages = itemRows.filter((i) => i.kind === 'look_for').map((i) => i.lineage_id);
  const educatorsBySchool = new Map(schoolPeople.map((r) => [String(r.building_id), Number(r.educators)]));

  return {
    form: { id: form.id, name: form.name, versions: form.version },
    forms: forms.map((f) => ({ id: f.id, name: f.name, archived: f.archived_at !== null })),
    headline: {
      observations: [...monthCounts.values()].reduce((a, n) => a + n, 0),
      educators: Number(people.educators),
      classrooms: Number(people.classrooms),
      look_for_rate: overall ? rateOf(overall.seen, overall.notSeen) : null,
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
