// The answers the reference gives a schema (`answerSchema`, common/schemas/answers) against real answers:
// every GET operation with one is called in the demo world and its answer parsed with the schema, which
// is strict (a key the schema does not name fails), so a field a presenter adds without its schema fails
// here; a few writes are parsed too. The presenters' return types are the schemas' inferred types, so
// TypeScript fails on the other drift (a field the schema names and the presenter drops).
import type { Agent } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ANSWER_SCHEMAS } from '../../common/schemas/answers';
import { DEMO_PASSWORD } from '../../db/seeds/demo';
import type { ApiOperation, HttpMethod, OperationKey } from '../http/apiDoc';
import { createInvite } from '../identity/accounts';
import { hashToken } from '../identity/tokens';
import { csrfHeaders, loginAs, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';
import { buildOpenApiDocument, API_AREAS } from './document';
import { demoWorld, fillPath } from './testWorld';

type Caller = Agent & { xsrf: () => string };

const TYPED = API_AREAS.flatMap((area) => Object.entries(area.operations) as [OperationKey, ApiOperation][])
  .filter(([, op]) => op.answerSchema)
  .map(([key, op]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    return { key, method, path, op, schema: ANSWER_SCHEMAS[op.answerSchema!] };
  });

/** Answers whose schema depends on a path parameter (`answerSchemaBy`): one call per value it lists. */
const BY_PARAM = API_AREAS.flatMap((area) => Object.entries(area.operations) as [OperationKey, ApiOperation][])
  .filter(([, op]) => op.answerSchemaBy)
  .flatMap(([key, op]) => Object.entries(op.answerSchemaBy!.schemas).map(([value, name]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    return { key, method, path: path.replace(`{${op.answerSchemaBy!.param}}`, value), op, name, schema: ANSWER_SCHEMAS[name] };
  }));

/** The query a GET needs beyond its path (a required parameter), by its filled path. */
const QUERIES: Record<string, (values: Record<string, string | number>) => string> = {
  '/api/interaction/default-school': (v) => `?starts_at=${encodeURIComponent(new Date().toISOString())}&staff_ids[]=${v['staff/{id}']}`,
  // A search, so the results carry their highlights (title_html, snippet_html).
  // The Logs list a kind at a time.
  '/api/admin/log': () => '?kind=client',
  '/api/article': (v) => `?search=${String(v['article/{slug}']).split('-')[0]}`,
  '/api/report/comparison': (v) => `?compare=building&a=${v.__buildingA}&b=${v.__buildingB}`,
  // The form of a demo calibration session with two observers, so the agreement has items, pairs and months.
  '/api/calibration-agreement': (v) => `?filter[form_id]=${v.__calibratedForm}`,
  // The demo district by its slug: the test world gives it a sign-in connection.
  '/api/auth/sso/options': () => '?district=maple-grove-unified-school-district',
};

/** The answer's objects the schema describes: the answer itself, or each item of `data`. */
function objectsOf(op: ApiOperation, body: unknown): unknown[] {
  const kind = op.answer ?? 'json';
  if (kind === 'json') return [body];
  const data = (body as { data: unknown[] }).data;
  expect(Array.isArray(data)).toBe(true);
  return data;
}

describe('answers with a schema, parsed from the API', () => {
  let t: TestApp;
  let values: Record<string, string | number>;
  let districtAdmin: Caller;
  let providerAdmin: Caller;
  let teacher: Caller;
  // The educator's own answers (role `educator`) are read as Maple Grove's demo teacher, who has a record of each.
  const as = (op: ApiOperation) => (op.who === 'provider' ? providerAdmin : op.role === 'educator' ? teacher : districtAdmin);

  beforeAll(async () => {
    ({ t, values } = await demoWorld());
    districtAdmin = (await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: Number(values.__district) }))) as Caller;
    providerAdmin = (await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }))) as Caller;
    teacher = (await loginAs(t.app, { email: 'teacher@maplegrove.example', district_id: Number(values.__district) }, DEMO_PASSWORD)) as Caller;
    // A current alert for the banner's list.
    const alert = await providerAdmin.post('/api/admin/alert').set(csrfHeaders(providerAdmin))
      .send({ title: 'Planned maintenance', body: 'Saturday **night**.', level: 'warning', audience: 'everyone', starts_at: new Date(Date.now() - 60_000).toISOString() });
    expect(alert.status).toBe(201);
    // A scheduled report email of the district administrator's own, for their list.
    const subscription = await districtAdmin.post('/api/report-subscription').set(csrfHeaders(districtAdmin))
      .send({ report: 'interactions', frequency: 'weekly', query: 'interval=week' });
    expect(subscription.status).toBe(201);
    // A browser error for the Logs (the list and one entry).
    const reported = await districtAdmin.post('/api/client-error').set(csrfHeaders(districtAdmin))
      .send({ message: 'TypeError: x is undefined', stack: 'at render (app.js:1:1)', url: '/app/dashboard' });
    expect(reported.status).toBe(201);
    const clientError = await t.db.selectFrom('client_errors').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // A staff import and a user import of Maple Grove, uploaded (not run), for their pages and rows.
    const staffImport = await districtAdmin.post('/api/import/staff?file_name=roster.csv').set(csrfHeaders(districtAdmin)).set('Content-Type', 'text/csv')
      .send('Employee ID,First name,Last name,Email\nMG-9001,Rosa,Quintero,rosa.quintero@maple.test\n');
    expect(staffImport.status, JSON.stringify(staffImport.body)).toBe(201);
    const userImport = await providerAdmin.post(`/api/admin/district/${values.__district}/user-import?file_name=people.csv`).set(csrfHeaders(providerAdmin))
      .set('Content-Type', 'text/csv').send('Name,Email,Role,Schools\nKim Lee,kim.lee@maple.test,Coach,\n');
    expect(userImport.status, JSON.stringify(userImport.body)).toBe(201);
    // An open invitation and an open account-migration link, for what their pages read before acceptance.
    const district = Number(values.__district);
    const invited = await buildUser(t.db, { role: 'coach', districtId: district, status: 'invited', name: 'Ines Invited' });
    const inviteToken = await createInvite(t.db, invited, null);
    const moving = await buildUser(t.db, { role: 'coach', name: 'Milo Moving' });
    const migrationToken = 'answers-test-migration-token';
    await t.db.insertInto('account_migrations').values({
      user_id: moving.id, from_district_id: moving.district_id, to_district_id: district, name: 'Milo Moving', roles: '["coach"]', building_ids: '[]',
      invited_by: null, token_hash: hashToken(migrationToken), expires_at: new Date(Date.now() + 86_400_000).toISOString(), accepted_at: null, revoked_at: null,
      created_at: new Date().toISOString(), invite_user_id: invited.id,
    }).execute();
    // A demo calibration session that two observers completed, and a demo observation with answers, both read whole below.
    const calibrated = await t.db.selectFrom('observations').innerJoin('calibration_sessions', 'calibration_sessions.id', 'observations.calibration_id')
      .select(['calibration_sessions.id', 'calibration_sessions.form_id']).where('observations.district_id', '=', Number(values.__district))
      .where('observations.status', '=', 'completed').where('observations.deleted_at', 'is', null)
      .groupBy(['calibration_sessions.id', 'calibration_sessions.form_id']).having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('calibration_sessions.id').executeTakeFirstOrThrow();
    const answered = await t.db.selectFrom('observations').select('id').where('district_id', '=', Number(values.__district))
      .where('status', '=', 'completed').where('deleted_at', 'is', null)
      .where('id', 'in', (eb) => eb.selectFrom('observation_answers').select('observation_id'))
      .orderBy('id').executeTakeFirstOrThrow();
    // Two schools to compare.
    const schools = await t.db.selectFrom('buildings').select('id').where('district_id', '=', Number(values.__district)).orderBy('id').limit(2).execute();
    // The provider reads Maple Grove's page (the spare district has no people or imports to parse); this file changes no district.
    values = { ...values, __calibratedForm: calibrated.form_id, __calibratedSession: calibrated.id, __answeredObservation: answered.id, __buildingA: schools[0]!.id, __buildingB: schools[1]!.id, 'admin:district/{id}': values.__district!, 'admin:{kind}/{id}': clientError.id,
      'import/{id}': staffImport.body.id, 'admin:district/{districtId}': values.__district!, 'admin:user-import/{id}': userImport.body.id,
      'invite/{token}': inviteToken, 'account-migration/{token}': migrationToken };
  }, 120_000);

  it('gives a schema to every JSON answer but the document itself', () => {
    const missing = API_AREAS
      .flatMap((area) => Object.entries(area.operations) as [OperationKey, ApiOperation][])
      .filter(([key, op]) => ['json', 'page', 'data'].includes(op.answer ?? (op.status === 204 ? 'none' : 'json')) && key !== 'GET /api/openapi.json')
      .filter(([, op]) => !op.answerSchema && !op.answerSchemaBy)
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('gives a schema to the main resources, and each is a strict object in the document', () => {
    expect(TYPED.length).toBeGreaterThan(190);
    const doc = buildOpenApiDocument();
    const schemas = doc.components.schemas as Record<string, { type: string; additionalProperties?: boolean }>;
    for (const name of Object.keys(ANSWER_SCHEMAS)) {
      expect(schemas[name], name).toMatchObject({ type: 'object', additionalProperties: false });
    }
    const group = (doc.paths['/api/group/{id}']!.put!.responses as Record<string, { content: Record<string, { schema: unknown }> }>)['200']!;
    expect(group.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Group' });
    const users = (doc.paths['/api/user']!.get!.responses as Record<string, { content: Record<string, { schema: { properties: { data: unknown } } }> }>)['200']!;
    expect(users.content['application/json']!.schema.properties.data).toEqual({ type: 'array', items: { $ref: '#/components/schemas/DistrictUser' } });
    // A report's answer is one of the reports' schemas, by its kind.
    const report = (doc.paths['/api/report/{kind}']!.get!.responses as Record<string, { description: string; content: Record<string, { schema: { oneOf: unknown[] } }> }>)['200']!;
    expect(report.content['application/json']!.schema.oneOf).toContainEqual({ $ref: '#/components/schemas/CoachingTeamReport' });
    expect(report.content['application/json']!.schema.oneOf).toContainEqual({ $ref: '#/components/schemas/WalkthroughsReport' });
    expect(report.description).toContain('`coaching-team` → `CoachingTeamReport`');
    expect(report.description).toContain('`walkthroughs` → `WalkthroughsReport`');
  });

  for (const { key, path, op, schema } of TYPED.filter((o) => o.method === 'GET')) {
    it(`${key} answers ${op.answerSchema}`, async () => {
      const filled = fillPath(path, values);
      const res = await as(op).get(filled + (QUERIES[filled]?.(values) ?? ''));
      expect(res.status, `${key}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      const objects = objectsOf(op, res.body);
      // An empty list would prove nothing: the demo world has a record of each.
      expect(objects.length, key).toBeGreaterThan(0);
      for (const object of objects) {
        const parsed = z.safeParse(schema, object);
        expect(parsed.success ? [] : parsed.error.issues, key).toEqual([]);
      }
    });
  }

  for (const { key, path, op, name, schema } of BY_PARAM) {
    it(`${key} answers ${name} at ${path}`, async () => {
      const filled = fillPath(path, values);
      const res = await as(op).get(filled + (QUERIES[filled]?.(values) ?? ''));
      expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      const parsed = z.safeParse(schema, res.body);
      expect(parsed.success ? [] : parsed.error.issues, path).toEqual([]);
    });
  }

  it('parses the answers of writes too (a group, a school, a custom field, an alert, a cycle note, an invoice paid, import previews, deletes)', async () => {
    const openInvoice = await t.db.selectFrom('invoices').select('id').where('status', '=', 'open').orderBy('id').executeTakeFirstOrThrow();
    const writes: [OperationKey, object][] = [
      ['POST /api/group', { name: 'Answer Test Group', items: [{ item_id: Number(values['staff/{id}']), start_date: '2025-09-01T05:00:00.000Z' }] }],
      ['PUT /api/building/{id}', { name: 'Maple Grove High School', code: 'MGHS', grade_band: '9-12' }],
      ['POST /api/interaction-type/{id}/field', { label: 'Grade taught', kind: 'single_choice', options: ['K-2', '3-5'] }],
      ['POST /api/admin/alert', { title: 'Planned maintenance', body: 'Saturday night.', level: 'info', audience: 'everyone', starts_at: new Date().toISOString() }],
      ['POST /api/coaching-cycle/{id}/note', { body: 'Observed the warm-up routine.' }],
      ['POST /api/admin/invoice/{id}/paid', {}],
      ['POST /api/import/{id}/preview', {}],
      ['POST /api/admin/district/{districtId}/user-import/{id}/preview', {}],
      // Last: the deletes answer the record as it was, with `deleted_at`.
      ['DELETE /api/interaction/{id}', {}],
      ['DELETE /api/coaching-cycle/{id}', {}],
    ];
    const writeValues = { ...values, 'admin:invoice/{id}': openInvoice.id };
    for (const [key, body] of writes) {
      const typed = TYPED.find((o) => o.key === key)!;
      const agent = as(typed.op);
      const res = await agent[typed.method.toLowerCase() as 'post' | 'put' | 'delete'](fillPath(typed.path, writeValues)).set(csrfHeaders(agent)).send(body);
      expect(res.status, `${key}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
      const parsed = z.safeParse(typed.schema, res.body);
      expect(parsed.success ? [] : parsed.error.issues, key).toEqual([]);
      if (typed.method === 'DELETE') expect(res.body.deleted_at, key).toEqual(expect.any(String));
    }
  });

  it('parses a demo observation with answers and a demo calibration session with its agreement, whole', async () => {
    const observation = await districtAdmin.get(`/api/observation/${values.__answeredObservation}`);
    expect(observation.status).toBe(200);
    expect(observation.body.answers.length).toBeGreaterThan(0);
    const parsedObservation = z.safeParse(ANSWER_SCHEMAS.Observation, observation.body);
    expect(parsedObservation.success ? [] : parsedObservation.error.issues).toEqual([]);
    // Not its observer: no private notes key at all.
    expect(observation.body).not.toHaveProperty('private_notes');
    const session = await districtAdmin.get(`/api/calibration-session/${values.__calibratedSession}`);
    expect(session.status).toBe(200);
    expect(session.body.agreement.pairs.length).toBeGreaterThan(0);
    expect(session.body.agreement.items.length).toBeGreaterThan(0);
    const parsedSession = z.safeParse(ANSWER_SCHEMAS.CalibrationSession, session.body);
    expect(parsedSession.success ? [] : parsedSession.error.issues).toEqual([]);
  });

  it('parses the observation areas\' writes (a draft with private notes in a calibration session, a session, a form and its archive)', async () => {
    const observedAt = new Date(Date.now() - 3_600_000).toISOString();
    const writes: [OperationKey, object][] = [
      ['POST /api/observation', {
        form_id: values['observation-form/{id}'], staff_id: values['staff/{id}'], observed_at: observedAt, duration_minutes: 20,
        private_notes: 'Ask about the seating plan.', calibration_id: values['calibration-session/{id}'],
      }],
      ['POST /api/calibration-session', { title: 'Answer Test Calibration', form_id: values['observation-form/{id}'], staff_id: values['staff/{id}'], observed_at: observedAt }],
      ['POST /api/observation-form', { name: 'Answer Test Form', items: [{ label: 'Objective posted', kind: 'look_for' }, { label: 'Pacing', kind: 'rating', scale: 4 }] }],
      ['POST /api/observation-form/{id}/archive', {}],
    ];
    const written: Record<string, { id: number }> = {};
    for (const [key, body] of writes) {
      const typed = TYPED.find((o) => o.key === key)!;
      const path = key === 'POST /api/observation-form/{id}/archive' ? `/api/observation-form/${written['POST /api/observation-form']!.id}/archive` : typed.path;
      const res = await districtAdmin.post(path).set(csrfHeaders(districtAdmin)).send(body);
      expect(res.status, `${key}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
      const parsed = z.safeParse(typed.schema, res.body);
      expect(parsed.success ? [] : parsed.error.issues, key).toEqual([]);
      written[key] = res.body;
    }
    // The observer's own answer carries the private notes.
    expect(written['POST /api/observation']).toMatchObject({ status: 'draft', private_notes: 'Ask about the seating plan.' });
    expect(written['POST /api/observation-form/{id}/archive']).toMatchObject({ archived_at: expect.any(String) });
  });

  it('refuses a key the schema does not name (the check can fail)', async () => {
    const res = await districtAdmin.get(fillPath('/api/building/{id}', values));
    expect(z.safeParse(ANSWER_SCHEMAS.Building, res.body).success).toBe(true);
    const parsed = z.safeParse(ANSWER_SCHEMAS.Building, { ...res.body, district_id: 1 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['district_id'] });
  });
});
