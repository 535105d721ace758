// The exports' reads: the district's educators and users in pages by id (keyset), each page with its
// current schools, coaches, groups, roles, so a download never holds the whole district in memory.
import { STAFF_GROUP_OF } from '../../../common/schemas/groups';
import type { DB } from '../../../db/connection';
import { currentOn } from '../../lib/history';
import { today } from '../../lib/dates';

export const EXPORT_PAGE_SIZE = 1000;

export const STAFF_EXPORT_HEADER = [
  'ID', 'First name', 'Last name', 'Email', 'Employee ID', 'Source ID', 'Position', 'Grade levels', 'Subjects', 'Hire date',
  'Status', 'School', 'School code', 'Coach', 'Groups', 'Created at', 'Updated at',
];

const list = (json: string) => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map(String).join('; ') : '';
  } catch {
    return '';
  }
};

/** Pages of the staff export's rows (every educator of the district, active and inactive). */
export async function* staffExportPages(db: DB, districtId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<unknown[][]> {
  const day = today();
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('staff')
      .leftJoin('staff_source_ids as ss', (j) => j.onRef('ss.staff_id', '=', 'staff.id').on('ss.district_id', '=', districtId))
      .select(['staff.id', 'staff.first_name', 'staff.last_name', 'staff.email', 'staff.employee_id', 'ss.source_id', 'staff.position',
        'staff.grade_levels', 'staff.subjects', 'staff.hire_date', 'staff.status', 'staff.created_at', 'staff.updated_at'])
      .where('staff.district_id', '=', districtId).where('staff.id', '>', after)
      .orderBy('staff.id').limit(pageSize).execute();
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    const [schools, coaches, groups] = await Promise.all([
      db.selectFrom('staff_buildings as sb').innerJoin('buildings as b', 'b.id', 'sb.building_id')
        .select(['sb.staff_id', 'b.name', 'b.code']).where('sb.district_id', '=', districtId).where('b.district_id', '=', districtId)
        .where('sb.staff_id', 'in', ids).where(currentOn('sb', day)).orderBy('sb.start_date').orderBy('sb.id').execute(),
      db.selectFrom('coach_assignments as ca').innerJoin('users as u', 'u.id', 'ca.coach_id')
        .select(['ca.staff_id', 'u.name']).where('ca.district_id', '=', districtId).where('u.district_id', '=', districtId)
        .where('ca.staff_id', 'in', ids).where(currentOn('ca', day)).orderBy('ca.start_date').orderBy('ca.id').execute(),
      db.selectFrom('group_items as gi').innerJoin('groups as g', 'g.id', 'gi.group_id')
        .select(['gi.item_id', 'g.name']).where('g.district_id', '=', districtId).where('g.group_of', '=', STAFF_GROUP_OF)
        .where('g.deleted_at', 'is', null).where('gi.end_date', 'is', null).where('gi.item_id', 'in', ids).orderBy('g.name').execute(),
    ]);
    const schoolOf = new Map(schools.map((s) => [s.staff_id, s]));
    const coachOf = new Map(coaches.map((c) => [c.staff_id, c.name]));
    const groupsOf = new Map<number, string[]>();
    for (const g of groups) {
      const names = groupsOf.get(g.item_id) ?? [];
      if (!names.includes(g.name)) names.push(g.name);
      groupsOf.set(g.item_id, names);
    }
    yield rows.map((r) => [
      r.id, r.first_name, r.last_name, r.email, r.employee_id, r.source_id, r.position, list(r.grade_levels), list(r.subjects), r.hire_date,
      r.status, schoolOf.get(r.id)?.name ?? '', schoolOf.get(r.id)?.code ?? '', coachOf.get(r.id) ?? '', (groupsOf.get(r.id) ?? []).join('; '),
      r.created_at, r.updated_at,
    ]);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

export const USERS_EXPORT_HEADER = ['ID', 'Name', 'Email', 'Roles', 'Schools', 'Status', 'Last sign-in', 'Created at'];

/** Pages of the users export's rows (every login of the district, invited and deactivated included). */
export async function* usersExportPages(db: DB, districtId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<unknown[][]> {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('users').select(['id', 'name', 'email', 'status', 'last_login_at', 'created_at'])
      .where('district_id', '=', districtId).where('id', '>', after).orderBy('id').limit(pageSize).execute();
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    const [roles, schools] = await Promise.all([
      db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select(['user_roles.user_id', 'roles.label'])
        .where('user_roles.user_id', 'in', ids).orderBy('roles.id').execute(),
      db.selectFrom('user_buildings').innerJoin('buildings', 'buildings.id', 'user_buildings.building_id')
        .select(['user_buildings.user_id', 'buildings.name']).where('user_buildings.user_id', 'in', ids)
        .where('buildings.district_id', '=', districtId).where('buildings.deleted_at', 'is', null).orderBy('buildings.name').execute(),
    ]);
    const group = (pairs: { user_id: number; v: string }[]) => {
      const m = new Map<number, string[]>();
      for (const p of pairs) m.set(p.user_id, [...(m.get(p.user_id) ?? []), p.v]);
      return m;
    };
    const roleOf = group(roles.map((r) => ({ user_id: r.user_id, v: r.label })));
    const schoolOf = group(schools.map((s) => ({ user_id: s.user_id, v: s.name })));
    const status = { active: 'Active', invited: 'Invited', disabled: 'Deactivated' } as const;
    yield rows.map((r) => [
      r.id, r.name, r.email, (roleOf.get(r.id) ?? []).join('; '), (schoolOf.get(r.id) ?? []).join('; '), status[r.status],
      r.last_login_at ?? '', r.created_at,
    ]);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
