// The admin User CSV Import's plan: each row a district login (name, email, role, schools) to invite,
// update (roles and schools) or leave as it is; errors in words. Pure, like the staff plan.
import { DISTRICT_ROLES, type DistrictRole, rolesNeedBuildings, ROLE_LABELS } from '../../../common/schemas/users';
import { USER_IMPORT_FIELDS, type ImportRowError, type UserImportField } from '../../../common/schemas/imports';
import type { RosterSchool } from './staffPlan';

export interface DistrictLogin {
  id: number;
  email: string;
  name: string;
  roles: string[];
  building_ids: number[];
}

export type PlannedUserRow =
  | { rowNumber: number; kind: 'error'; errors: ImportRowError[]; matchId: number | null }
  | { rowNumber: number; kind: 'create'; name: string; email: string; roles: DistrictRole[]; buildingIds: number[] }
  | { rowNumber: number; kind: 'update'; id: number; roles: DistrictRole[]; buildingIds: number[] }
  | { rowNumber: number; kind: 'unchanged'; id: number };

const ROLE_WORDS: Record<string, DistrictRole> = {
  districtadmin: 'district-admin', districtadministrator: 'district-admin', admin: 'district-admin', administrator: 'district-admin',
  buildingadmin: 'building-admin', buildingadministrator: 'building-admin', principal: 'building-admin', principalbuildingadministrator: 'building-admin',
  siteadministrator: 'building-admin', coach: 'coach', instructionalcoach: 'coach', educator: 'educator', teacher: 'educator',
};

export function normaliseRole(raw: string): DistrictRole | undefined {
  const v = raw.toLowerCase().replace(/[^a-z]/g, '');
  return (DISTRICT_ROLES as readonly string[]).includes(raw.trim().toLowerCase()) ? (raw.trim().toLowerCase() as DistrictRole)
    : ROLE_WORDS[v] ?? DISTRICT_ROLES.find((r) => ROLE_LABELS[r].toLowerCase().replace(/[^a-z]/g, '') === v);
}

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/;
const label = (f: UserImportField) => USER_IMPORT_FIELDS.find((x) => x.key === f)!.label;

export function planUserImport(
  headers: string[], mapping: Record<string, string>, rows: { rowNumber: number; cells: string[] }[], logins: DistrictLogin[], schools: RosterSchool[],
): PlannedUserRow[] {
  const col = new Map<string, number>();
  const head = new Map<string, string>();
  headers.forEach((h, i) => {
    if (mapping[h]) {
      col.set(mapping[h]!, i);
      head.set(mapping[h]!, h);
    }
  });
  const cell = (cells: string[], f: UserImportField) => (col.has(f) ? (cells[col.get(f)!] ?? '').trim() : '');
  const column = (f: UserImportField) => head.get(f) ?? label(f);
  const byEmail = new Map(logins.map((l) => [l.email, l]));
  const byName = new Map(schools.map((s) => [s.name.toLowerCase(), s]));
  const byCode = new Map(schools.filter((s) => s.code).map((s) => [s.code!.toLowerCase(), s]));
  const emailRows = new Map<string, number[]>();
  for (const r of rows) {
    const e = cell(r.cells, 'email').toLowerCase();
    if (e) emailRows.set(e, [...(emailRows.get(e) ?? []), r.rowNumber]);
  }
  return rows.map((r) => {
    const errors: ImportRowError[] = [];
    const err = (f: UserImportField, message: string) => errors.push({ column: column(f), message });
    const name = cell(r.cells, 'name') || [cell(r.cells, 'first_name'), cell(r.cells, 'last_name')].filter(Boolean).join(' ');
    const email = cell(r.cells, 'email').toLowerCase();
    const match = email ? byEmail.get(email) : undefined;
    if (!name) err(col.has('name') ? 'name' : 'first_name', 'Name is empty.');
    else if (name.length > 120) err(col.has('name') ? 'name' : 'first_name', 'Name is longer than 120 characters.');
    if (!email) err('email', 'Email is empty.');
    else if (!EMAIL.test(email) || email.length > 254) err('email', `“${cell(r.cells, 'email')}” is not an email address.`);
    else if (emailRows.get(email)!.length > 1) err('email', `This email also appears on row ${emailRows.get(email)!.filter((n) => n !== r.rowNumber).join(', ')}.`);
    const roles: DistrictRole[] = [];
    const roleRaw = cell(r.cells, 'role');
    for (const part of roleRaw.split(/[;,|]/).map((s) => s.trim()).filter(Boolean)) {
      const role = normaliseRole(part);
      if (!role) err('role', `“${part}” is not a role. Use District administrator, Principal, Coach or Educator.`);
      else if (!roles.includes(role)) roles.push(role);
    }
    if (!roleRaw) err('role', 'Role is empty: use District administrator, Principal, Coach or Educator.');
    const buildingIds: number[] = [];
    for (const part of cell(r.cells, 'schools').split(/[;|]/).map((s) => s.trim()).filter(Boolean)) {
      const school = byName.get(part.toLowerCase()) ?? byCode.get(part.toLowerCase());
      if (!school) err('schools', `“${part}” is not one of the district’s schools.`);
      else if (!buildingIds.includes(school.id)) buildingIds.push(school.id);
    }
    if (roles.length && rolesNeedBuildings(roles) && !buildingIds.length && !errors.some((e) => e.column === column('schools'))) {
      err('schools', 'A principal or coach needs at least one school.');
    }
    if (errors.length) return { rowNumber: r.rowNumber, kind: 'error', errors, matchId: match?.id ?? null };
    if (!match) return { rowNumber: r.rowNumber, kind: 'create', name, email, roles, buildingIds };
    const same = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
    if (same(match.roles, roles) && same(match.building_ids, buildingIds)) return { rowNumber: r.rowNumber, kind: 'unchanged', id: match.id };
    return { rowNumber: r.rowNumber, kind: 'update', id: match.id, roles, buildingIds };
  });
}
