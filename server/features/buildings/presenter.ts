import type { BuildingAnswer, DistrictProfileAnswer } from '../../../common/schemas/answers/site';
import { coachingTargetsOf, districtSettingsOf } from '../../../common/schemas/site';
import { retentionCutoffDay } from '../../../common/retention';
import { todayIn } from '../../lib/zone';
import type { BuildingRow, DistrictProfileRow } from './queries';

export function presentDistrict(row: DistrictProfileRow, now = new Date()): DistrictProfileAnswer {
  const settings = districtSettingsOf(row.settings);
  const years = settings.data_retention_years;
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    timezone: row.timezone,
    school_year_start_month: row.school_year_start_month,
    plan: { key: row.plan_key, name: row.plan_name },
    status: row.status,
    trial_ends_at: row.trial_ends_at,
    ...settings,
    // Records before this day are deleted (or will be, the coming night) under the retention setting.
    retained_from: years === null ? null : retentionCutoffDay(todayIn(row.timezone, now), row.school_year_start_month, years),
    coaching_targets: coachingTargetsOf(row.settings),
  };
}

export function presentBuilding(row: BuildingRow): BuildingAnswer {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    grade_band: row.grade_band,
    archived_at: row.deleted_at,
    educator_count: Number(row.educator_count ?? 0),
  };
}
