// Alerts test world: provider staff agents, district users on chosen plans and roles, alerts written
// straight to the database (with their audience targets) at chosen times, and the audit rows.
import { nowIso } from '../../db/connection';
import type { AlertsTable } from '../../db/types';
import { csrfHeaders, loginAs, type TestApp } from './app';
import { buildDistrict, buildUser } from './factories';

export const HOUR = 3_600_000;
export const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export async function providerAdmin(t: TestApp) {
  const user = await buildUser(t.db, { role: 'provider-admin' });
  return { user, agent: await loginAs(t.app, user) };
}

export async function providerSupport(t: TestApp) {
  const user = await buildUser(t.db, { role: 'provider-support' });
  return { user, agent: await loginAs(t.app, user) };
}

/** A district user signed in: a new district on `planKey` unless `districtId` is given. */
export async function districtUser(t: TestApp, opts: { role?: string; planKey?: string; districtId?: number } = {}) {
  const districtId = opts.districtId ?? (await buildDistrict(t.db, { planKey: opts.planKey ?? 'professional' })).id;
  const user = await buildUser(t.db, { role: opts.role ?? 'district-admin', districtId });
  return { user, districtId, agent: await loginAs(t.app, user) };
}

export interface AlertSeed {
  title?: string;
  body?: string;
  level?: AlertsTable['level'];
  audience?: AlertsTable['audience'];
  values?: (string | number)[];
  starts_at?: string;
  ends_at?: string | null;
  deleted?: boolean;
}

/** An alert with its audience rows, written directly (started an hour ago, open-ended, for everyone by default). */
export async function buildAlert(t: TestApp, seed: AlertSeed = {}) {
  const now = nowIso();
  const audience = seed.audience ?? 'everyone';
  const alert = await t.db.insertInto('alerts').values({
    title: seed.title ?? 'Scheduled maintenance', body: seed.body ?? 'Coachwell will be **briefly** unavailable.',
    level: seed.level ?? 'info', audience, starts_at: seed.starts_at ?? at(-HOUR), ends_at: seed.ends_at ?? null,
    created_by: null, updated_by: null, created_at: now, updated_at: now, deleted_at: seed.deleted ? now : null,
  }).returningAll().executeTakeFirstOrThrow();
  const kind = ({ everyone: 'everyone', plan: 'plan', districts: 'district', roles: 'role' } as const)[audience];
  const values = audience === 'everyone' ? ['*'] : (seed.values ?? []).map(String);
  if (values.length) await t.db.insertInto('alert_targets').values(values.map((value) => ({ alert_id: alert.id, kind, value }))).execute();
  return alert;
}

export const auditOf = (t: TestApp, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()
    .then((rows) => rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : null })));

/** Provider admin impersonating a district user (the agent now acts as them). */
export async function impersonating(t: TestApp, targetId: number) {
  const staff = await providerAdmin(t);
  const res = await staff.agent.post('/api/auth/impersonate').set(csrfHeaders(staff.agent)).send({ user_id: targetId });
  if (res.status !== 200) throw new Error(`impersonation failed: ${res.status}`);
  return staff;
}

export { csrfHeaders };
