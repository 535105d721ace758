import type { BuildingAnswer, DistrictProfileAnswer } from '../../../common/schemas/answers/site';
import { coachingTargetsOf, districtSettingsOf } from '../../../common/schemas/site';
import type { BuildingRow, DistrictProfileRow } from './queries';

export function presentDistrict(row: DistrictProfileRow): DistrictProfileAnswer {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    timezone: row.timezone,
    school_year_start_month: row.school_year_start_month,
    plan: { key: row.plan_key, name: row.plan_name },
    status: row.status,
    trial_ends_at: row.trial_ends_at,
    ...districtSettingsOf(row.settings),
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
