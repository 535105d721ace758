import type { RetentionPreviewAnswer } from '../../../common/schemas/answers/retention';
import { RETENTION_KINDS, type RetentionCounts } from '../../../common/retention';
import type { LastRunRow } from './queries';

function countsOf(json: string | null): RetentionCounts | null {
  if (!json) return null;
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    return Object.fromEntries(RETENTION_KINDS.map((k) => [k, typeof raw[k] === 'number' ? raw[k] : 0])) as RetentionCounts;
  } catch {
    return null;
  }
}

export function presentPreview(p: {
  years: number | null; saved: number | null; night: string; cutoffDay: string | null; counts: RetentionCounts | null; last: LastRunRow | undefined;
}): RetentionPreviewAnswer {
  return {
    years: p.years,
    saved_years: p.saved,
    next_run_on: p.night,
    cutoff_day: p.cutoffDay,
    counts: p.counts,
    last_run: p.last ? { night: p.last.night, cutoff_day: p.last.cutoff_day, finished_at: p.last.finished_at, counts: countsOf(p.last.counts) } : null,
  };
}
