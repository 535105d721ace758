// The world the reference's tests call the API in: the demo seed (Maple Grove holds a record of every
// kind; moved to Enterprise here, so every plan feature is on) and the ids every path parameter of the
// reference takes. Used by permissions.test.ts and answers.test.ts.
import { runDemoSeed } from '../bootstrap';
import { createTestApp, type TestApp } from '../testing/app';
import { buildDistrict, buildUser } from '../testing/factories';

/**
 * The demo world's ids, keyed by the path segment before each parameter (`admin:` first for /api/admin
 * paths). A key missing here fails the test: a new path parameter adds its record.
 */
export async function pathValues(t: TestApp, districtId: number, spareDistrictId: number): Promise<Record<string, string | number>> {
  const { db } = t;
  const first = async <T>(q: { executeTakeFirstOrThrow: () => Promise<T> }) => q.executeTakeFirstOrThrow();
  const coach = await first(db.selectFrom('coach_assignments').select(['id', 'coach_id']).where('district_id', '=', districtId).orderBy('id'));
  const type = await first(db.selectFrom('interaction_types').select('id').where('district_id', '=', districtId).orderBy('id'));
  const field = await first(db.insertInto('interaction_fields').values({
    district_id: districtId, interaction_type_id: type.id, label: 'Focus', help_text: null, kind: 'short_text', config: '{}', required: 0, sort_order: 99,
    archived_at: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
  }).returning('id'));
  const defaultType = await first(db.selectFrom('interaction_types').select('id').where('district_id', 'is', null).orderBy('id'));
  const defaultField = await first(db.insertInto('interaction_fields').values({
    district_id: null, interaction_type_id: defaultType.id, label: 'Focus', help_text: null, kind: 'short_text', config: '{}', required: 0, sort_order: 99,
    archived_at: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
  }).returning('id'));
  const cycle = await first(db.selectFrom('coaching_cycle_notes').select(['id', 'cycle_id']).where('district_id', '=', districtId).orderBy('id'));
  const framework = await first(db.selectFrom('skill_frameworks').select('id').where('district_id', '=', districtId));
  const article = await first(db.selectFrom('article_versions').innerJoin('articles', 'articles.id', 'article_versions.article_id')
    .select(['articles.id', 'articles.slug', 'article_versions.id as version_id']).where('articles.status', '=', 'published').orderBy('articles.id'));
  const idIn = async (table: 'buildings' | 'staff' | 'groups' | 'building_history_requests' | 'interactions' | 'activities' | 'cycle_stages' | 'cycle_goal_templates' | 'invoices' | 'quotes') =>
    (await first(db.selectFrom(table).select('id').where('district_id', '=', districtId).orderBy('id'))).id;
  const quote = await first(db.selectFrom('quotes').select('id').orderBy('id'));
  const invoice = await first(db.selectFrom('invoices').select('id').orderBy('id'));
  const user = await first(db.selectFrom('users').select('id').where('district_id', '=', districtId).where('email', 'like', 'coach2@%'));
  const providerStaff = await buildUser(db, { role: 'provider-support', name: 'Spare Support' });
  const alert = await first(db.insertInto('alerts').values({
    title: 'Maintenance', body: 'Tonight.', level: 'info', audience: 'everyone', starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: null,
    created_by: null, updated_by: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString(), deleted_at: null,
  }).returning('id'));
  const subscription = await first(db.insertInto('report_subscriptions').values({
    district_id: districtId, user_id: coach.coach_id, report: 'interactions', frequency: 'weekly', query: '', unsubscribe_token_hash: 'x',
    next_run_at: new Date(Date.now() + 86_400_000).toISOString(), last_sent_at: null, last_skipped_reason: null, claimed_at: null, claim_token: null,
    created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
  }).returning('id'));
  const skill = await first(db.selectFrom('skills').select(['id', 'domain_id']).where('framework_id', '=', framework.id).orderBy('id'));
  const observationForm = await first(db.selectFrom('observation_forms').select(['id', 'current_version_id']).where('district_id', '=', districtId).orderBy('id'));
  // A completed observation by the coach, not shared: the test's logins are never its observer or its educator.
  const observation = await first(db.insertInto('observations').values({
    district_id: districtId, form_id: observationForm.id, version_id: observationForm.current_version_id!, staff_id: await idIn('staff'),
    observer_id: coach.coach_id, interaction_id: null, building_id: null, status: 'completed', observed_at: new Date().toISOString(),
    duration_minutes: 15, notes: null, private_notes: null, next_steps: null, calibration_id: null, share_answers: 0, share_notes: 0,
    shared_at: null, shared_by: null, acknowledged_at: null, reflection: null,
    created_at: new Date().toISOString(), updated_at: new Date().toISOString(), deleted_at: null,
  }).returning('id'));
  const calibration = await first(db.insertInto('calibration_sessions').values({
    district_id: districtId, form_id: observationForm.id, staff_id: await idIn('staff'), building_id: null, observed_at: new Date().toISOString(),
    title: 'Calibration', notes: null, created_by: coach.coach_id, created_at: new Date().toISOString(), updated_at: new Date().toISOString(), archived_at: null,
  }).returning('id'));
  // An open action step set by the coach for the first educator: the test's logins are never its educator.
  const actionStep = await first(db.insertInto('action_steps').values({
    district_id: districtId, staff_id: await idIn('staff'), title: 'Try turn-and-talk', detail: null, due_on: null, set_by_user_id: coach.coach_id,
    source_type: null, source_id: null, status: 'open', done_on: null, note: null, status_by_user_id: null, status_at: null,
    created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
  }).returning('id'));
  // A sign-in connection in the district and in the spare one (the admin view's); a plain-http issuer, so a test
  // answers at once without reaching anything (SSO_ALLOW_HTTP is off).
  const ssoConnection = (district: number) => first(db.insertInto('sso_connections').values({
    district_id: district, kind: 'oidc', issuer: 'http://127.0.0.1:9', client_id: 'test-client', client_secret_sealed: 'v1.not.really.sealed',
    domains: '["maplegrove.example"]', password_login: 1, create_users: 0, created_by: null,
    created_at: new Date().toISOString(), updated_at: new Date().toISOString(), last_tested_at: null, last_test_result: null,
  }).returning('id'));
  const sso = await ssoConnection(districtId);
  const spareSso = await ssoConnection(spareDistrictId);
  // A purged district's certificate (issue 32): the provider's record, which outlives the district it names.
  const certificate = await first(db.insertInto('district_deletion_certificates').values({
    certificate_number: 'DDC-20261101-TESTWRLD', purged_district_id: 999_999, district_name: 'Old Mill School District', district_timezone: 'America/Chicago',
    scheduled_at: '2026-10-02T15:00:00.000Z', scheduled_by: null, scheduled_by_name: 'Pat Provider', purged_at: '2026-11-01T15:00:00.000Z',
    purged_by: null, purged_by_name: null, counts: JSON.stringify([{ kind: 'schools', label: 'Schools', count: 3 }]), files_deleted: 0, recipients: 2,
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
  }).returning('id'));
  // A ready export of the district (issue 32) whose file is gone: its download answers 410, never a zip.
  const districtExport = await first(db.insertInto('district_exports').values({
    district_id: districtId, requested_by: null, status: 'ready', rows_done: 10, kinds_done: 3, kinds_total: 3, file_path: 'exports/missing.zip',
    size_bytes: 100, error: null, created_at: new Date().toISOString(), started_at: new Date().toISOString(), finished_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 86_400_000).toISOString(), file_deleted_at: null, heartbeat_at: null,
  }).returning('id'));
  return {
    'export/{id}': districtExport.id,
    'sso/{id}': sso.id,
    'admin:sso/{connectionId}': spareSso.id,
    'action-step/{id}': actionStep.id,
    'calibration-session/{id}': calibration.id,
    'observation-form/{id}': observationForm.id,
    'observation/{id}': observation.id,
    'building/{id}': await idIn('buildings'),
    'staff/{id}': await idIn('staff'),
    'coach/{id}': coach.coach_id,
    'caseload/{assignmentId}': coach.id,
    'group/{id}': await idIn('groups'),
    'user/{id}': user.id,
    'staff-request/{id}': await idIn('building_history_requests'),
    'coaching-request/{id}': (await first(db.selectFrom('coaching_requests').select('id').where('district_id', '=', districtId).orderBy('id'))).id,
    'interaction-type/{id}': type.id,
    'interaction-field/{id}': field.id,
    'admin:interaction-type/{id}': defaultType.id,
    'admin:interaction-field/{id}': defaultField.id,
    'interaction/{id}': await idIn('interactions'),
    'activity/{id}': await idIn('activities'),
    'import/{id}': 1,
    'admin:district/{districtId}': spareDistrictId,
    'admin:user-import/{id}': 1,
    'coaching-cycle-stage/{id}': await idIn('cycle_stages'),
    'coaching-cycle-goal-template/{id}': await idIn('cycle_goal_templates'),
    'coaching-cycle/{id}': cycle.cycle_id,
    'note/{noteId}': cycle.id,
    'skill-domain/{id}': skill.domain_id,
    'skill/{id}': skill.id,
    'skill-level/{level}': 2,
    'report/{kind}': 'interactions',
    'report-subscription/{id}': subscription.id,
    'setup-checklist/{item}': 'schools',
    'invoice/{id}': invoice.id,
    'quote/{id}': quote.id,
    'admin:article/{id}': article.id,
    'version/{versionId}': article.version_id,
    'article/{slug}': article.slug,
    'translation/{locale}': 'es',
    'admin:alert/{id}': alert.id,
    'alert/{id}': alert.id,
    'admin:district/{id}': spareDistrictId,
    'admin:district-deletion/{id}': certificate.id,
    'admin:quote/{id}': quote.id,
    'admin:invoice/{id}': invoice.id,
    'admin:user/{id}': user.id,
    'admin:staff/{id}': providerStaff.id,
    'admin:log/{kind}': 'client',
    'admin:{kind}/{id}': 1,
  };
}

export function fillPath(path: string, values: Record<string, string | number>): string {
  const admin = path.startsWith('/api/admin/');
  const segments = path.split('/');
  return segments.map((segment, i) => {
    if (!segment.startsWith('{')) return segment;
    const key = `${segments[i - 1]}/${segment}`;
    const value = (admin ? values[`admin:${key}`] : undefined) ?? values[key];
    if (value === undefined) throw new Error(`No value for ${key} in ${path}: add one to pathValues`);
    return encodeURIComponent(String(value));
  }).join('/');
}

/** The demo world, Maple Grove on Enterprise, with a spare district for the provider's writes on a district. */
export async function demoWorld(): Promise<{ t: TestApp; values: Record<string, string | number> }> {
  // Coachwell staff's own sign-in connection (never reached: only its kind is answered).
  const t = await createTestApp({
    env: {
      PROVIDER_SSO_ISSUER: 'https://sso.coachwell.example', PROVIDER_SSO_CLIENT_ID: 'coachwell-staff', PROVIDER_SSO_CLIENT_SECRET: 'not-a-real-secret',
      PROVIDER_SSO_DOMAINS: 'coachwell.example', PROVIDER_SSO_KIND: 'google',
    },
  });
  await runDemoSeed(t.db);
  const maple = await t.db.selectFrom('districts').select('id').where('name', 'like', 'Maple Grove%').executeTakeFirstOrThrow();
  const enterprise = await t.db.selectFrom('plans').select('id').where('key', '=', 'enterprise').executeTakeFirstOrThrow();
  await t.db.updateTable('districts').set({ plan_id: enterprise.id }).where('id', '=', maple.id).execute();
  const spare = await buildDistrict(t.db, { name: 'Spare District', planKey: 'professional' });
  return { t, values: { ...(await pathValues(t, maple.id, spare.id)), __district: maple.id } };
}
