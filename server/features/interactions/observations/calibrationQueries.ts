// Calibration sessions' reads (issue 28, item 5). Every query takes `db` first and filters by district_id.
// Who reads a session follows `see activity`'s scope as observations do: district-wide readers every session;
// a school or caseload scope the sessions of the educators (or schools) it reaches; everyone the sessions they
// set up or observed in. The agreement is computed in calibrationAgreement.ts from completed observations only.
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { CalibrationSessionsTable, Database } from '../../../../db/types';
import type { DB } from '../../../../db/connection';
import { visibleStaff } from '../../../access/staffScope';
import { localDateTime } from '../../../lib/zone';
import type { Visibility } from '../policies';
import type { Conn } from '../queries';
import { agreementOf, type Agreement, type CalibratedObservation } from './calibrationAgreement';
import { storedValue } from './queries';

export type SessionRow = Selectable<CalibrationSessionsTable>;

type SessionEb = ExpressionBuilder<Database, 'calibration_sessions'>;

/** The district's sessions a reader may read. */
export function visibleSessions(db: Conn, v: Visibility) {
  const query = db.selectFrom('calibration_sessions').where('calibration_sessions.district_id', '=', v.districtId);
  if (v.kind === 'district') return query;
  const mine = (eb: SessionEb) => eb.or([
    eb('calibration_sessions.created_by', '=', v.userId),
    eb.exists(eb.selectFrom('observations as o').select('o.id')
      .whereRef('o.calibration_id', '=', 'calibration_sessions.id').where('o.district_id', '=', v.districtId)
      .where('o.observer_id', '=', v.userId).where('o.deleted_at', 'is', null)),
  ]);
  if (v.kind === 'self' || v.kind === 'participant') return query.where(mine);
  const scope = { kind: v.kind, districtId: v.districtId, userId: v.userId, buildingIds: v.buildingIds };
  return query.where((eb) => eb.or([
    mine(eb),
    eb('calibration_sessions.building_id', 'in', v.buildingIds.length ? v.buildingIds : [-1]),
    eb('calibration_sessions.staff_id', 'in', visibleStaff(db as DB, scope).select('staff.id')),
  ]));
}

export function listSessions(db: Conn, v: Visibility, f: { formIds: number[]; status: 'active' | 'archived' | 'all' }): Promise<SessionRow[]> {
  let q = visibleSessions(db, v).selectAll('calibration_sessions');
  if (f.formIds.length) q = q.where('calibration_sessions.form_id', 'in', f.formIds);
  if (f.status !== 'all') q = q.where('calibration_sessions.archived_at', f.status === 'active' ? 'is' : 'is not', null);
  return q.orderBy('calibration_sessions.observed_at', 'desc').orderBy('calibration_sessions.id', 'desc').limit(500).execute();
}

export function findVisibleSession(db: Conn, v: Visibility, id: number): Promise<SessionRow | undefined> {
  return visibleSessions(db, v).selectAll('calibration_sessions').where('calibration_sessions.id', '=', id).executeTakeFirst();
}

/** A session of the district, whoever reads it (the observation's own checks). */
export function findSession(db: Conn, districtId: number, id: number): Promise<SessionRow | undefined> {
  return db.selectFrom('calibration_sessions').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

export interface SessionObservation { id: number; calibration_id: number; observer_id: number; status: 'draft' | 'completed'; version_id: number }

/** The observations (not deleted) of some sessions; drafts only the reader's own. */
export async function observationsOfSessions(db: Conn, districtId: number, sessionIds: readonly number[], readerId: number): Promise<SessionObservation[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db.selectFrom('observations').select(['id', 'calibration_id', 'observer_id', 'status', 'version_id'])
    .where('district_id', '=', districtId).where('calibration_id', 'in', [...new Set(sessionIds)]).where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('status', '=', 'completed'), eb('observer_id', '=', readerId)]))
    .orderBy('observed_at').orderBy('id').execute();
  return rows.map((r) => ({ ...r, calibration_id: r.calibration_id! }));
}

/** The comparable answers (look-for, rating, choice) of some observations, each with its item's lineage. */
async function comparableAnswers(db: Conn, districtId: number, observationIds: readonly number[]) {
  if (observationIds.length === 0) return [];
  return db.selectFrom('observation_answers as a').innerJoin('observation_form_items as i', 'i.id', 'a.item_id')
    .select(['a.observation_id', 'a.value', 'i.kind', 'i.id as item_id', 'i.lineage_id'])
    .where('a.district_id', '=', districtId).where('a.observation_id', 'in', [...observationIds])
    .where('i.kind', 'in', ['look_for', 'rating', 'choice'])
    .execute();
}

export interface LineageItem { lineage: number; label: string; kind: string; section: string | null; position: number; current: boolean }

/** A form's items by lineage, as its latest version that has each one names it (in the latest version's order). */
export async function lineageItems(db: Conn, districtId: number, formId: number): Promise<LineageItem[]> {
  const rows = await db.selectFrom('observation_form_items as i').innerJoin('observation_form_versions as v', 'v.id', 'i.version_id')
    .select(['i.id', 'i.lineage_id', 'i.label', 'i.kind', 'i.section', 'i.position', 'v.version'])
    .where('i.district_id', '=', districtId).where('v.form_id', '=', formId)
    .orderBy('v.version', 'desc').orderBy('i.position').execute();
  const seen = new Map<number, Omit<LineageItem, 'current'> & { version: number }>();
  for (const r of rows) {
    const lineage = r.lineage_id ?? r.id;
    if (!seen.has(lineage)) seen.set(lineage, { lineage, label: r.label, kind: r.kind, section: r.section, position: r.position, version: r.version });
  }
  const latest = rows[0]?.version ?? 0;
  return [...seen.values()].sort((a, b) => b.version - a.version || a.position - b.position)
    .map(({ lineage, label, kind, section, position, version }) => ({ lineage, label, kind, section, position, current: version === latest }));
}

/** The agreement of the completed observations of some sessions. */
export async function agreementOfSessions(db: Conn, districtId: number, sessions: readonly SessionRow[], zone: string): Promise<Agreement> {
  const months = new Map(sessions.map((s) => [s.id, localDateTime(s.observed_at, zone).date.slice(0, 7)]));
  const observations = (await observationsOfSessions(db, districtId, sessions.map((s) => s.id), 0)).filter((o) => o.status === 'completed');
  const answers = await comparableAnswers(db, districtId, observations.map((o) => o.id));
  const byObservation = new Map<number, Map<number, { kind: string; value: unknown }>>();
  for (const a of answers) {
    const map = byObservation.get(a.observation_id) ?? new Map();
    map.set(a.lineage_id ?? a.item_id, { kind: a.kind, value: storedValue(a.value) });
    byObservation.set(a.observation_id, map);
  }
  const calibrated: CalibratedObservation[] = observations.map((o) => ({
    id: o.id, sessionId: o.calibration_id, observerId: o.observer_id, month: months.get(o.calibration_id)!, answers: byObservation.get(o.id) ?? new Map(),
  }));
  return agreementOf(calibrated);
}

/** The names a session shows: forms, educators, schools, people. */
export async function sessionNames(db: Conn, districtId: number, sessions: readonly SessionRow[], userIds: readonly number[]) {
  const ids = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];
  const formIds = ids(sessions.map((s) => s.form_id));
  const staffIds = ids(sessions.map((s) => s.staff_id));
  const schoolIds = ids(sessions.map((s) => s.building_id));
  const people = ids([...sessions.map((s) => s.created_by), ...userIds]);
  const [forms, staff, schools, users] = await Promise.all([
    formIds.length ? db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
      .select(['f.id', 'v.name', 'f.archived_at']).where('f.district_id', '=', districtId).where('f.id', 'in', formIds).execute() : [],
    staffIds.length ? db.selectFrom('staff').select(['id', 'first_name', 'last_name'])
      .where('district_id', '=', districtId).where('id', 'in', staffIds).execute() : [],
    schoolIds.length ? db.selectFrom('buildings').select(['id', 'name']).where('district_id', '=', districtId).where('id', 'in', schoolIds).execute() : [],
    people.length ? db.selectFrom('users').select(['id', 'name']).where('district_id', '=', districtId).where('id', 'in', people).execute() : [],
  ]);
  return {
    forms: new Map(forms.map((f) => [f.id, f.name])),
    staff: new Map(staff.map((s) => [s.id, `${s.first_name} ${s.last_name}`])),
    schools: new Map(schools.map((b) => [b.id, b.name])),
    users: new Map(users.map((u) => [u.id, u.name])),
  };
}
export type SessionNames = Awaited<ReturnType<typeof sessionNames>>;
