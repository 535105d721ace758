// The nightly retention run (issue 32, item 4), started by server/main.ts; tests call runRetention. Every few
// minutes it looks at each district whose retention setting is on (districts.settings `data_retention_years`); for a
// district where it is between RETENTION_RUN_AT and RETENTION_RUN_UNTIL (02:00–06:00 in the district's timezone, so a
// restart during the night still runs it), it claims the district's night with one INSERT … ON CONFLICT DO NOTHING
// RETURNING into retention_runs (unique per district and night: however many processes run, one claims it), removes
// what is past the cut-off (removal.ts) and writes the run's counts with one audit row `retention_run`.
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodicJob';
import { nowIso, type DB } from '../../../db/connection';
import { retentionCutoffDay, retentionCutoffInstant, retentionNight, type RetentionCounts } from '../../../common/retention';
import { districtSettingsOf } from '../../../common/schemas/site';
import { recordAudit } from '../../lib/audit';
import { type Cutoff, removePastCutoff } from './removal';

export const RETENTION_INTERVAL_MS = 5 * 60_000;

export interface RetentionRunnerDeps {
  db: DB;
  log: (...args: unknown[]) => void;
}

export interface RetentionRunResult {
  districtId: number;
  night: string;
  cutoffDay: string;
  counts: RetentionCounts;
}

/** The cut-off of a district's run on `night` (its local date) with the setting at `years`. */
export function cutoffOf(district: { id: number; timezone: string; school_year_start_month: number }, night: string, years: number): Cutoff {
  const day = retentionCutoffDay(night, district.school_year_start_month, years);
  return { districtId: district.id, day, at: retentionCutoffInstant(day, district.timezone) };
}

/** One pass: every district whose night has come and that this process claims; answers the runs it made. */
export async function runRetention(deps: RetentionRunnerDeps, now = new Date()): Promise<RetentionRunResult[]> {
  const { db } = deps;
  const results: RetentionRunResult[] = [];
  const districts = await db.selectFrom('districts').select(['id', 'timezone', 'school_year_start_month', 'settings']).orderBy('id').execute();
  for (const district of districts) {
    const years = districtSettingsOf(district.settings).data_retention_years;
    if (years === null) continue;
    const night = retentionNight(district.timezone, now);
    if (!night) continue;
    const cutoff = cutoffOf(district, night, years);
    const claimed = await db.insertInto('retention_runs')
      .values({ district_id: district.id, night, cutoff_day: cutoff.day, years, status: 'running', counts: null, started_at: nowIso(), finished_at: null })
      .onConflict((oc) => oc.columns(['district_id', 'night']).doNothing())
      .returning('id').executeTakeFirst();
    if (!claimed) continue;
    try {
      const counts = await removePastCutoff(db, cutoff);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('retention_runs').set({ status: 'done', counts: JSON.stringify(counts), finished_at: nowIso() })
          .where('id', '=', claimed.id).where('district_id', '=', district.id).execute();
        // The run's one audit row: no person acts, so no actor; the district, the setting, the cut-off and the counts.
        await recordAudit(trx, { districtId: district.id, userId: null, impersonatorId: null, ip: null, userAgent: null }, {
          action: 'retention_run', subjectType: 'district', subjectId: district.id,
          details: { night, years, cutoff_day: cutoff.day, counts },
        });
      });
      results.push({ districtId: district.id, night, cutoffDay: cutoff.day, counts });
    } catch (error) {
      deps.log(`[retention] district ${district.id} failed on ${night}:`, error);
      await db.updateTable('retention_runs').set({ status: 'failed', finished_at: nowIso() })
        .where('id', '=', claimed.id).where('district_id', '=', district.id).execute().catch(() => {});
    }
  }
  return results;
}

/** Runs every RETENTION_INTERVAL_MS until stopped; a pass never overlaps the previous one. */
export function startRetentionRunner(deps: RetentionRunnerDeps, intervalMs = RETENTION_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob(async () => {
    const runs = await runRetention(deps);
    for (const r of runs) deps.log(`[retention] district ${r.districtId}, night ${r.night}: removed records before ${r.cutoffDay}`, r.counts);
  }, { everyMs: intervalMs, firstAfterMs: 15_000, onError: (error) => deps.log('[retention] run failed:', error) });
}
