// The Teacher level report: one row per roster educator (filters.ts rosterRows): counted interactions and
// minutes in the range, the last contact (latest counted interaction on or before `to`, any date),
// cycles active and completed (overlapping the range), and skill growth per domain of the active
// framework: the average level of each rated skill's first rating and of its latest rating within the
// range (read for the rows shown only: it sorts nothing). The "not coached" view: no counted interaction
// since the school year (holding `to`) began.
import { sql } from 'kysely';
import type { TeacherLevelReport, TeacherLevelRow } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { oneDecimal } from '../presenter';
import { daysBetween, schoolYearStart, startOfLocalDay, todayIn } from '../../../lib/zone';
import { reachedSums, roster as rosterOf, sumBy } from './facts';
import { coachingTargetsOf, monthsIn, overlappingCycles, type ReportContext, reachedParticipations } from './filters';
import { targetProgress } from './targets';

export async function teacherRows(db: DB, ctx: ReportContext): Promise<{ rows: TeacherLevelRow[]; domains: { id: number; name: string }[]; coachedThisYear: Set<number> }> {
  const yearCtx = { ...ctx, fromAt: startOfLocalDay(schoolYearStart(ctx.to, ctx.schoolYearStartMonth), ctx.timezone) };
  const [roster, reached, cycles, domains, targets] = await Promise.all([
    rosterOf(db, ctx),
    reachedSums(db, ctx),
    overlappingCycles(db, ctx).innerJoin('coaching_cycle_staff as cs', 'cs.cycle_id', 'c.id')
      .select(['cs.staff_id', 'c.status', sql<number>`count(*)`.as('n')])
      .where('cs.district_id', '=', ctx.districtId).where('c.status', 'in', ['active', 'completed'])
      .groupBy(['cs.staff_id', 'c.status']).execute(),
    db.selectFrom('skill_domains as d').innerJoin('skill_frameworks as f', 'f.id', 'd.framework_id')
      .select(['d.id', 'd.name'])
      .where('d.district_id', '=', ctx.districtId).where('f.district_id', '=', ctx.districtId).where('f.active', '=', 1).where('d.archived_at', 'is', null)
      .orderBy('d.sort_order').orderBy('d.id').execute(),
    coachingTargetsOf(db, ctx.districtId),
  ]);
  // Counts, minutes and the latest contact in the range come from the reached groups (facts.ts); the last
  // contact of an educator not reached in the range is looked for before it (any date), for them alone.
  const counts = sumBy(reached, (r) => r.staff_id);
  const lastAt = new Map<number, string>();
  for (const r of reached) if (!(lastAt.get(r.staff_id)! >= r.last_at)) lastAt.set(r.staff_id, r.last_at);
  const missing = roster.map((r) => r.id).filter((id) => !lastAt.has(id));
  const everCtx = { ...ctx, fromAt: '1970-01-01T00:00:00.000Z' };
  for (let i = 0; i < missing.length; i += 500) {
    const rows = await reachedParticipations(db, everCtx).select(['p.staff_id', sql<string>`max(i.starts_at)`.as('at')])
      .where('p.staff_id', 'in', missing.slice(i, i + 500)).groupBy('p.staff_id').execute();
    for (const r of rows) lastAt.set(r.staff_id, r.at);
  }
  // "Coached this school year": the same groups when the range starts with the school year.
  const yearReached = yearCtx.fromAt === ctx.fromAt
    ? [...counts.keys()].map((staff_id) => ({ staff_id }))
    : await reachedParticipations(db, yearCtx).select('p.staff_id').distinct().execute();
  const lastBy = new Map([...lastAt].map(([id, at]) => [id, todayIn(ctx.timezone, new Date(at))]));
  const cycleCounts = new Map(cycles.map((c) => [`${c.staff_id}:${c.status}`, Number(c.n)]));
  const cyclesOf = (id: number, status: string) => cycleCounts.get(`${id}:${status}`) ?? 0;
  const target = targets?.interactions_per_educator_per_month ?? null;
  const months = monthsIn(ctx);
  const rows = roster.map((r): TeacherLevelRow => {
    const interactions = counts.get(r.id)?.n ?? 0;
    const lastOn = lastBy.get(r.id) ?? null;
    return {
      staff: { id: r.id, name: `${r.first_name} ${r.last_name}` },
      school: r.building_id !== null && r.building_name !== null ? { id: r.building_id, name: r.building_name } : null,
      interactions,
      minutes: counts.get(r.id)?.minutes ?? 0,
      last_contact_on: lastOn,
      days_since_last_contact: lastOn === null ? null : daysBetween(lastOn, ctx.to),
      cycles_active: cyclesOf(r.id, 'active'),
      cycles_completed: cyclesOf(r.id, 'completed'),
      skill_growth: [],
      below_target: target !== null && interactions / months < target,
    };
  });
  return { rows, domains, coachedThisYear: new Set(yearReached.map((r) => r.staff_id)) };
}

/** Per (educator, domain): the average over rated skills of the first and of the latest rating in the range. */
async function skillGrowth(db: DB, ctx: ReportContext, staffIds: number[]): Promise<Map<string, { first: number; latest: number }>> {
  const out = new Map<string, { first: number; latest: number }>();
  if (!staffIds.length) return out;
  const ratings: { staff_id: number; skill_id: number; domain_id: number; level: number; rated_on: string; id: number }[] = [];
  for (let i = 0; i < staffIds.length; i += 500) {
    ratings.push(...await db.selectFrom('skill_ratings as r').innerJoin('skills as k', 'k.id', 'r.skill_id')
      .select(['r.staff_id', 'r.skill_id', 'k.domain_id', 'r.level', 'r.rated_on', 'r.id'])
      .where('r.district_id', '=', ctx.districtId).where('k.district_id', '=', ctx.districtId)
      .where('r.staff_id', 'in', staffIds.slice(i, i + 500))
      .where('r.rated_on', '>=', ctx.from).where('r.rated_on', '<=', ctx.to)
      .orderBy('r.rated_on').orderBy('r.id').execute());
  }
  const perSkill = new Map<string, { staff: number; domain: number; first: number; latest: number }>();
  for (const r of ratings) {
    const key = `${r.staff_id}:${r.skill_id}`;
    const cur = perSkill.get(key);
    if (!cur) perSkill.set(key, { staff: r.staff_id, domain: r.domain_id, first: r.level, latest: r.level });
    else cur.latest = r.level;
  }
  const sums = new Map<string, { first: number; latest: number; n: number }>();
  for (const s of perSkill.values()) {
    const key = `${s.staff}:${s.domain}`;
    const cur = sums.get(key) ?? { first: 0, latest: 0, n: 0 };
    cur.first += s.first;
    cur.latest += s.latest;
    cur.n += 1;
    sums.set(key, cur);
  }
  for (const [key, s] of sums) out.set(key, { first: s.first / s.n, latest: s.latest / s.n });
  return out;
}

export async function teacherLevelReport(
  db: DB, ctx: ReportContext, view: 'all' | 'not-coached', sort: { column: string; desc: boolean }, page: { page: number; perPage: number; offset: number } | null,
): Promise<Omit<TeacherLevelReport, 'range'>> {
  const [{ rows, domains, coachedThisYear }, targets] = await Promise.all([teacherRows(db, ctx), targetProgress(db, ctx)]);
  const coached = rows.filter((r) => r.interactions > 0).length;
  const totalInteractions = rows.reduce((a, r) => a + r.interactions, 0);
  const shown = view === 'not-coached' ? rows.filter((r) => !coachedThisYear.has(r.staff.id)) : rows;
  const key = (r: TeacherLevelRow): string | number | null => {
    switch (sort.column) {
      case 'school': return r.school?.name ?? null;
      case 'interactions': return r.interactions;
      case 'minutes': return r.minutes;
      case 'days_since_last_contact': return r.days_since_last_contact;
      case 'cycles_active': return r.cycles_active;
      case 'cycles_completed': return r.cycles_completed;
      default: return null;
    }
  };
  // Name order is the roster's (last name, first name); other columns sort on it as the tie-break, empty values last.
  const order = new Map(rows.map((r, i) => [r.staff.id, i]));
  const sorted = [...shown].sort((a, b) => {
    if (sort.column !== 'name') {
      const x = key(a);
      const y = key(b);
      if (x === null && y !== null) return 1;
      if (y === null && x !== null) return -1;
      if (x !== null && y !== null && x !== y) {
        const cmp = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
        return sort.desc ? -cmp : cmp;
      }
      return order.get(a.staff.id)! - order.get(b.staff.id)!;
    }
    const cmp = order.get(a.staff.id)! - order.get(b.staff.id)!;
    return sort.desc ? -cmp : cmp;
  });
  const p = page ?? { page: 1, perPage: Math.max(1, sorted.length), offset: 0 };
  // Skill growth sorts nothing: it is read for the rows shown (a page, or every row of the CSV).
  const shownRows = sorted.slice(p.offset, p.offset + p.perPage);
  const growth = await skillGrowth(db, ctx, shownRows.map((r) => r.staff.id));
  const data = shownRows.map((r) => ({
    ...r,
    skill_growth: domains.map((d) => {
      const g = growth.get(`${r.staff.id}:${d.id}`);
      const first = g ? oneDecimal(g.first) : null;
      const latest = g ? oneDecimal(g.latest) : null;
      return { domain_id: d.id, first, latest, change: first === null || latest === null ? null : oneDecimal(latest - first) };
    }),
  }));
  return {
    headline: {
      educators: rows.length,
      coached,
      not_coached: rows.length - coached,
      average_interactions: rows.length ? oneDecimal(totalInteractions / rows.length) : null,
    },
    domains,
    data,
    meta: { page: p.page, per_page: p.perPage, total: sorted.length, last_page: Math.max(1, Math.ceil(sorted.length / p.perPage)) },
    targets,
  };
}
