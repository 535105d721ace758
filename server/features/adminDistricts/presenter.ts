// The admin Districts answers (common/schemas/adminDistricts.ts): every field listed, so a new column never leaks.
import type { AdminDistrictAnswer, AdminDistrictRowAnswer } from '../../../common/schemas/answers/adminDistricts';
import type { AdminDistrictImport, AdminDistrictSchool, AdminDistrictUser, PlanOption } from '../../../common/schemas/adminDistricts';
import type { DistrictListRow, DistrictRow, districtImports, districtSchools, districtUsage, districtUsers } from './queries';

export function presentPlanOption(p: { id: number; key: string; name: string }): PlanOption {
  return { id: p.id, key: p.key, name: p.name };
}

const planOf = (d: DistrictRow): PlanOption => ({ id: d.plan_id, key: d.plan_key, name: d.plan_name });

export function presentDistrictRow(row: DistrictListRow): AdminDistrictRowAnswer {
  const d = row.district;
  return {
    id: d.id,
    name: d.name,
    slug: d.slug,
    state: d.state,
    status: d.status,
    plan: planOf(d),
    seats: d.seats,
    trial_ends_at: d.trial_ends_at,
    created_at: d.created_at,
    users: row.users,
    schools: row.schools,
    educators: row.educators,
    last_activity_at: row.last_activity_at,
  };
}

type Users = Awaited<ReturnType<typeof districtUsers>>;
type Schools = Awaited<ReturnType<typeof districtSchools>>;
type Usage = Awaited<ReturnType<typeof districtUsage>>;
type Imports = Awaited<ReturnType<typeof districtImports>>;

function presentUser(u: Users['users'][number]): AdminDistrictUser {
  return { id: u.id, name: u.name, email: u.email, roles: u.roles.map((r) => ({ name: r.name, label: r.label })), status: u.status, last_login_at: u.last_login_at };
}

function presentSchool(s: Schools[number]): AdminDistrictSchool {
  return { id: s.id, name: s.name, code: s.code, grade_band: s.grade_band, educators: s.educators };
}

function presentImport(i: Imports[number]): AdminDistrictImport {
  return {
    id: i.id,
    kind: i.kind,
    file_name: i.file_name,
    status: i.status,
    total_rows: i.total_rows,
    created_count: i.created_count,
    updated_count: i.updated_count,
    error_count: i.error_count,
    created_by: i.creator_id !== null && i.creator_name !== null ? { id: i.creator_id, name: i.creator_name } : null,
    created_at: i.created_at,
    finished_at: i.finished_at,
  };
}

export function presentDistrictDetail(
  d: DistrictRow,
  parts: { seatsUsed: number; users: Users; schools: Schools; usage: Usage; imports: Imports; plans: PlanOption[]; canManage: boolean },
): AdminDistrictAnswer {
  return {
    id: d.id,
    name: d.name,
    slug: d.slug,
    state: d.state,
    timezone: d.timezone,
    school_year_start_month: d.school_year_start_month,
    status: d.status,
    plan: planOf(d),
    seats: d.seats,
    seats_used: parts.seatsUsed,
    trial_ends_at: d.trial_ends_at,
    suspended_at: d.suspended_at,
    suspension_reason: d.suspension_reason,
    created_at: d.created_at,
    users: { data: parts.users.users.map(presentUser), total: parts.users.total },
    schools: parts.schools.map(presentSchool),
    usage: {
      interactions_last_30_days: parts.usage.interactions_last_30_days,
      active_users_last_30_days: parts.usage.active_users_last_30_days,
      educators: parts.usage.educators,
      last_activity_at: parts.usage.last_activity_at,
    },
    imports: parts.imports.map(presentImport),
    plans: parts.plans.map(presentPlanOption),
    can_manage: parts.canManage,
  };
}
