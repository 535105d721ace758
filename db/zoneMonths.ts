// The months of a timezone as instants (zone_months): where each calendar month from 2000-01 to 2060-12
// starts and ends in the zone, so that the reports' rollup triggers (db/reportRollups.ts) find an
// instant's local month with one indexed read. Written for the zones of the districts that exist when
// the rollups' migration runs, and by ensureZoneMonths before a district takes a zone
// (accounts.createDistrict, the district settings). Interactions outside those months are in no rollup,
// and a district whose zone has no months has empty rollups: their reports read the rows themselves
// (server/features/reports/queries/rollups.ts). A zone's 732 months take about 10 ms to work out.
import type { Kysely } from 'kysely';
import { startOfLocalDay } from '../common/zone';
import { rebuildDistrict, runStatements } from './reportRollups';
import { isPostgres } from './migrationHelpers';
import { rebuildDistrict as rebuildWalkthroughs } from './walkthroughRollups';

export const FIRST_ZONE_MONTH = '2000-01';
export const LAST_ZONE_MONTH = '2060-12';

export interface ZoneMonthRow { timezone: string; month: string; starts_at: string; ends_at: string }

/** Every month of FIRST_ZONE_MONTH … LAST_ZONE_MONTH in the zone, its start and end (the next one's start). */
export function zoneMonthRows(timezone: string): ZoneMonthRow[] {
  const rows: ZoneMonthRow[] = [];
  const first = Number(FIRST_ZONE_MONTH.slice(0, 4));
  const last = Number(LAST_ZONE_MONTH.slice(0, 4));
  let starts = startOfLocalDay(`${first}-01-01`, timezone);
  for (let y = first; y <= last; y += 1) {
    for (let m = 1; m <= 12; m += 1) {
      const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
      const ends = startOfLocalDay(next, timezone);
      rows.push({ timezone, month: `${y}-${String(m).padStart(2, '0')}`, starts_at: starts, ends_at: ends });
      starts = ends;
    }
  }
  return rows;
}

/** Writes the zone's months; months already there are left as they are (two processes may write a zone at once). */
export async function insertZoneMonths(db: Kysely<any>, timezone: string): Promise<void> {
  const rows = zoneMonthRows(timezone);
  for (let i = 0; i < rows.length; i += 500) {
    await db.insertInto('zone_months').values(rows.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
  }
}

/**
 * Writes the zone's months unless they are all there (a write cut short is completed), and then rebuilds
 * the rollups of the districts already in that zone, the reports' and the walkthrough report's (their triggers
 * could not place a row in a missing month). Call it before a district takes the zone, in the same transaction.
 */
export async function ensureZoneMonths(db: Kysely<any>, timezone: string): Promise<void> {
  const { n } = await db.selectFrom('zone_months').select((eb) => eb.fn.countAll<number>().as('n')).where('timezone', '=', timezone).executeTakeFirstOrThrow();
  if (Number(n) === zoneMonthCount()) return;
  await insertZoneMonths(db, timezone);
  const districts = await db.selectFrom('districts').select('id').where('timezone', '=', timezone).orderBy('id').execute();
  for (const { id } of districts) {
    await runStatements(db, rebuildDistrict(String(Number(id))));
    await runStatements(db, rebuildWalkthroughs(String(Number(id)), isPostgres(db)));
  }
}

/** How many months a zone has from FIRST_ZONE_MONTH to LAST_ZONE_MONTH. */
export const zoneMonthCount = () => (Number(LAST_ZONE_MONTH.slice(0, 4)) - Number(FIRST_ZONE_MONTH.slice(0, 4)) + 1) * 12;
