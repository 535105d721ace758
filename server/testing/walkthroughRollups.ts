// The walkthrough report's rollups (db/walkthroughRollups.ts) as the rows give them and as stored: the drift
// check of server/features/reports/queries/walkthroughRollups.test.ts.
import type { DB } from '../../db/connection';
import { FIRST_ZONE_MONTH, LAST_ZONE_MONTH } from '../../db/zoneMonths';
import { todayIn } from '../lib/zone';

export interface WalkthroughSums { keys: Record<string, string>; observations: Record<string, number>; answers: Record<string, number> }

/** The rollups as the rows give them, worked out here with the zone's calendar (not zone_months). */
export async function expectedWalkthroughRollups(db: DB): Promise<WalkthroughSums> {
  const zones = new Set((await db.selectFrom('zone_months').select('timezone').distinct().execute()).map((r) => r.timezone));
  const rows = await db.selectFrom('observations as o')
    .innerJoin('interactions as i', 'i.id', 'o.interaction_id')
    .innerJoin('districts as d', 'd.id', 'o.district_id')
    .select(['o.id', 'o.district_id', 'o.form_id', 'o.building_id as obs_building_id', 'o.staff_id', 'o.observed_at', 'o.status', 'o.deleted_at', 'o.calibration_id',
      'i.district_id as i_district_id', 'i.starts_at', 'i.building_id', 'i.coach_id', 'i.status as i_status', 'i.deleted_at as i_deleted_at', 'd.timezone'])
    .execute();
  const out: WalkthroughSums = { keys: {}, observations: {}, answers: {} };
  const prefixOf = new Map<number, string>();
  for (const r of rows) {
    if (r.status !== 'completed' || r.deleted_at !== null || r.calibration_id !== null) continue;
    if (r.i_district_id !== r.district_id || r.i_status !== 'completed' || r.i_deleted_at !== null) continue;
    const month = todayIn(r.timezone, new Date(r.starts_at)).slice(0, 7);
    if (!zones.has(r.timezone) || month < FIRST_ZONE_MONTH || month > LAST_ZONE_MONTH) continue;
    const prefix = `${r.district_id}|${r.form_id}|${month}|${r.building_id ?? 0}|${r.coach_id}|${r.obs_building_id ?? 0}`;
    const key = `${prefix}|${r.observed_at === r.starts_at ? 0 : 1}|${r.staff_id}`;
    out.keys[String(r.id)] = key;
    out.observations[key] = (out.observations[key] ?? 0) + 1;
    prefixOf.set(r.id, prefix);
  }
  const answers = await db.selectFrom('observation_answers as a').innerJoin('observation_form_items as it', 'it.id', 'a.item_id')
    .select(['a.observation_id', 'a.item_id', 'a.value', 'it.kind']).execute();
  for (const a of answers) {
    const prefix = prefixOf.get(a.observation_id);
    if (!prefix) continue;
    const key = `${prefix}|${a.item_id}|${a.kind === 'text' && a.value !== 'null' ? '""' : a.value}`;
    out.answers[key] = (out.answers[key] ?? 0) + 1;
  }
  return out;
}

export async function storedWalkthroughRollups(db: DB): Promise<WalkthroughSums> {
  const out: WalkthroughSums = { keys: {}, observations: {}, answers: {} };
  const prefix = (r: { district_id: number; form_id: number; month: string; building_id: number; coach_id: number; obs_building_id: number }) =>
    `${r.district_id}|${r.form_id}|${r.month}|${r.building_id}|${r.coach_id}|${r.obs_building_id}`;
  for (const r of await db.selectFrom('report_observation_keys').selectAll().execute()) {
    out.keys[String(r.observation_id)] = `${prefix(r)}|${r.moved}|${r.staff_id}`;
  }
  for (const r of await db.selectFrom('report_observation_months').selectAll().execute()) out.observations[`${prefix(r)}|${r.moved}|${r.staff_id}`] = Number(r.n);
  for (const r of await db.selectFrom('report_observation_answer_months').selectAll().execute()) out.answers[`${prefix(r)}|${r.item_id}|${r.value}`] = Number(r.n);
  return out;
}
