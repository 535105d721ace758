// The admin Districts answers (common/schemas/adminDistricts.ts): every field listed, so a new column never leaks.
import type { AdminDistrictAnswer, AdminDistrictRowAnswer } from '../../../common/schemas/answers/adminDistricts';
import type { AdminDistrictImport, AdminDistrictSchool, AdminDistrictUser, PlanOption } from '../../../common/schemas/adminDistricts';
import type { DeletionCount, DistrictDeletionCertificate } from '../../../common/schemas/districtDeletion';
import { DELETION_JOB_LABEL } from '../../../common/schemas/districtDeletion';
import type { DeletionCertificateRow, DistrictListRow, DistrictRow, districtImports, districtSchools, districtUsage, districtUsers } from './queries';

export function presentPlanOption(p: { id: number; key: string; name: string }): PlanOption {
  return { id: p.id, key: p.key, name: p.name };
}

const planOf = (d: Pick<DistrictRow, 'plan_id' | 'plan_key' | 'plan_name'>): PlanOption => ({ id: d.plan_id, key: d.plan_key, name: d.plan_name });

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
    deletion_due_at: d.deletion_due_at,
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
  parts: {
    seatsUsed: number; users: Users; schools: Schools; usage: Usage; imports: Imports; plans: PlanOption[]; canManage: boolean;
    scheduledBy: { id: number; name: string } | null;
  },
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
    deletion: d.deletion_scheduled_at && d.deletion_due_at
      ? { scheduled_at: d.deletion_scheduled_at, due_at: d.deletion_due_at, scheduled_by: parts.scheduledBy }
      : null,
    purge: d.purge_started_at
      ? {
        started_at: d.purge_started_at,
        started_by: d.purge_started_by !== null && d.purge_started_by_name !== null ? { id: d.purge_started_by, name: d.purge_started_by_name } : null,
        records_deleted: recordsDeleted(d.purge_progress),
      }
      : null,
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

/** Rows a purge under way has deleted so far (its stored progress, purge.ts). */
function recordsDeleted(progress: string | null): number {
  if (!progress) return 0;
  const counts = (JSON.parse(progress) as { counts?: Record<string, number> }).counts ?? {};
  return Object.values(counts).reduce((n, c) => n + c, 0);
}

/** One purged district's certificate (GET /api/admin/district-deletions). */
export function presentDeletionCertificate(c: DeletionCertificateRow, emails: DistrictDeletionCertificate['emails']): DistrictDeletionCertificate {
  const counts = (JSON.parse(c.counts) as DeletionCount[]).map((k) => ({ kind: k.kind, label: k.label, count: k.count }));
  return {
    id: c.id,
    certificate_number: c.certificate_number,
    district_id: c.purged_district_id,
    district_name: c.district_name,
    district_timezone: c.district_timezone,
    scheduled_at: c.scheduled_at,
    purged_at: c.purged_at,
    purged_by: c.purged_by !== null && c.purged_by_name !== null ? { id: c.purged_by, name: c.purged_by_name } : null,
    purged_by_label: c.purged_by_name ?? DELETION_JOB_LABEL,
    counts,
    total_records: counts.reduce((n, k) => n + k.count, 0),
    files_deleted: c.files_deleted,
    recipients: c.recipients,
    emails,
    download_url: `/api/admin/district-deletion/${c.id}/certificate`,
  };
}
