// The reports' rollups as the rows give them and as stored (db/reportRollups.ts): the drift checks of the
// rollup tests (server/features/reports/queries/rollups.test.ts) and of the writes that must keep them equal.
import type { DB } from '../../db/connection';
import { FIRST_ZONE_MONTH, LAST_ZONE_MONTH } from '../../db/zoneMonths';
import { todayIn } from '../lib/zone';

export type Sums = Record<string, { n: number; minutes: number; last_at?: string }>;

/** The rollups as the rows give them, worked out here with the zone's calendar (not zone_months). */
export async function expectedRollups(db: DB): Promise<{ interactions: Sums; participations: Sums }> {
  const zones = new Set((await db.selectFrom('zone_months').select('timezone').distinct().execute()).map((r) => r.timezone));
  const counted = await db.selectFrom('interactions as i').innerJoin('districts as d', 'd.id', 'i.district_id')
    .select(['i.id', 'i.district_id', 'i.starts_at', 'i.interaction_type_id', 'i.building_id', 'i.coach_id', 'i.duration_minutes', 'd.timezone'])
    .where('i.status', '=', 'completed').where('i.deleted_at', 'is', null).execute();
  const participants = await db.selectFrom('interaction_participants').select(['interaction_id', 'staff_id']).execute();
  const interactions: Sums = {};
  const participations: Sums = {};
  const byId = new Map<number, { key: string; month: string; row: (typeof counted)[number] }>();
  for (const i of counted) {
    const month = todayIn(i.timezone, new Date(i.starts_at)).slice(0, 7);
    if (!zones.has(i.timezone) || month < FIRST_ZONE_MONTH || month > LAST_ZONE_MONTH) continue;
    const key = `${i.district_id}|${month}|${i.interaction_type_id}|${i.building_id ?? 0}|${i.coach_id}`;
    const cur = (interactions[key] ??= { n: 0, minutes: 0 });
    cur.n += 1;
    cur.minutes += i.duration_minutes;
    byId.set(i.id, { key, month, row: i });
  }
  for (const p of participants) {
    const i = byId.get(p.interaction_id);
    if (!i) continue;
    const key = `${i.row.district_id}|${i.month}|${p.staff_id}|${i.row.building_id ?? 0}|${i.row.coach_id}`;
    const cur = (participations[key] ??= { n: 0, minutes: 0, last_at: '' });
    cur.n += 1;
    cur.minutes += i.row.duration_minutes;
    if (i.row.starts_at > cur.last_at!) cur.last_at = i.row.starts_at;
  }
  return { interactions, participations };
}

export async function storedRollups(db: DB): Promise<{ interactions: Sums; participations: Sums }> {
  const interactions: Sums = {};
  for (const r of await db.selectFrom('report_interaction_months').selectAll().execute()) {
    interactions[`${r.district_id}|${r.month}|${r.interaction_type_id}|${r.building_id}|${r.coach_id}`] = { n: Number(r.n), minutes: Number(r.minutes) };
  }
  const participations: Sums = {};
  for (const r of await db.selectFrom('report_participation_months').selectAll().execute()) {
    participations[`${r.district_id}|${r.month}|${r.staff_id}|${r.building_id}|${r.coach_id}`] = { n: Number(r.n), minutes: Number(r.minutes), last_at: r.last_at };
  }
  return { interactions, participations };
}

