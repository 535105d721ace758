// The admin User CSV Import: provider staff import a district's logins (name, email, role, schools),
// all or nothing, invitations only when ticked and within the email limits.
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { appWith, csrfHeaders, guestAgent, loginAs, type TestAgent, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { staffWorld, type StaffWorld } from '../../testing/staff.fixture';
import { USER_IMPORT_MESSAGES } from './userService';

let t: TestApp;
let w: StaffWorld;
let provider: Awaited<ReturnType<typeof buildUser>>;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
  provider = await buildUser(t.db, { role: 'provider-admin', name: 'Sam Support' });
});

const CSV = [
  'Name,Email,Role,Schools',
  'Kim Lee,kim.lee@maple.test,Coach,North Elementary',
  'Ray Diaz,ray.diaz@maple.test,Principal,South Middle; North Elementary',
  'Casey Coach,CASEY@example.org,Coach,South Middle',
].join('\n');
const base = (districtId = w.district.id) => `/api/admin/district/${districtId}/user-import`;
const upload = (agent: TestAgent, text: string, districtId?: number) =>
  agent.post(`${base(districtId)}?file_name=people.csv`).set(csrfHeaders(agent)).set('Content-Type', 'text/csv').send(text);

async function prepared(agent: TestAgent, text: string, options: object = {}) {
  const up = await upload(agent, text);
  expect(up.status).toBe(201);
  expect((await agent.put(`${base()}/${up.body.id}/mapping`).set(csrfHeaders(agent)).send({ mapping: up.body.mapping, ...options })).status).toBe(200);
  const p = await agent.post(`${base()}/${up.body.id}/preview`).set(csrfHeaders(agent)).send({});
  return { id: up.body.id as number, preview: p.body };
}

describe('admin user import', () => {
  it('401, 419, 403 for a district user, 404 for an unknown district or another district’s import', async () => {
    expect((await upload(await guestAgent(t.app), CSV)).status).toBe(401);
    const staff = await loginAs(t.app, provider);
    expect((await staff.post(base()).set('X-Requested-With', 'XMLHttpRequest').set('Content-Type', 'text/csv').send(CSV)).status).toBe(419);
    expect((await upload(await loginAs(t.app, w.admin), CSV)).status).toBe(403);
    const missing = await upload(staff, CSV, 999999);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('We could not find that district.');
    const up = await upload(staff, CSV);
    expect((await staff.get(`${base(w.cedar.id)}/${up.body.id}`)).status).toBe(404);
  });

  it('422 for a mapping without the role, and per row: bad role, a coach without a school, an unknown school', async () => {
    const staff = await loginAs(t.app, provider);
    const up = await upload(staff, 'Name,Email,Role,Schools\nA B,a@maple.test,Wizard,\nC D,c@maple.test,Coach,\nE F,e@maple.test,Educator,Hogwarts\n');
    const bad = await staff.put(`${base()}/${up.body.id}/mapping`).set(csrfHeaders(staff)).send({ mapping: { Name: 'name', Email: 'email' } });
    expect(bad.body.errors).toEqual({ mapping: [IMPORT_MESSAGES.mappingNeeds('Role')] });
    await staff.put(`${base()}/${up.body.id}/mapping`).set(csrfHeaders(staff)).send({ mapping: up.body.mapping });
    const p = await staff.post(`${base()}/${up.body.id}/preview`).set(csrfHeaders(staff)).send({});
    expect(p.body.counts).toMatchObject({ new: 0, errors: 3 });
    const rows = await staff.get(`${base()}/${up.body.id}/rows?outcome=error`);
    expect(rows.body.data.map((r: { errors: { message: string }[] }) => r.errors.map((e) => e.message))).toEqual([
      ['“Wizard” is not a role. Use District administrator, Principal, Coach or Educator.'],
      ['A principal or coach needs at least one school.'],
      ['“Hogwarts” is not one of the district’s schools.'],
    ]);
    const run = await staff.post(`${base()}/${up.body.id}/run`).set(csrfHeaders(staff)).send({});
    expect(run.status).toBe(422);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'e@maple.test').execute()).toEqual([]);
  });

  it('creates invited logins with roles and schools, updates existing ones; no email unless ticked', async () => {
    const staff = await loginAs(t.app, provider);
    await t.db.updateTable('users').set({ email: 'casey@example.org' }).where('id', '=', w.coach.id).execute();
    const { id, preview } = await prepared(staff, CSV);
    expect(preview.counts).toMatchObject({ new: 2, updated: 1, errors: 0 });
    const res = await staff.post(`${base()}/${id}/run`).set(csrfHeaders(staff)).send({});
    expect(res.body).toMatchObject({ kind: 'users', status: 'completed', counts: { created: 2, updated: 1 }, created_by: { name: 'Sam Support' } });
    const ray = await t.db.selectFrom('users').selectAll().where('email', '=', 'ray.diaz@maple.test').executeTakeFirstOrThrow();
    expect(ray).toMatchObject({ district_id: w.district.id, status: 'invited', name: 'Ray Diaz' });
    const schools = await t.db.selectFrom('user_buildings').select('building_id').where('user_id', '=', ray.id).orderBy('building_id').execute();
    expect(schools.map((s) => s.building_id)).toEqual([w.north.id, w.south.id].sort((a, b) => a - b));
    const casey = await t.db.selectFrom('user_buildings').select('building_id').where('user_id', '=', w.coach.id).execute();
    expect(casey).toEqual([{ building_id: w.south.id }]);
    expect(t.mailer.sent).toEqual([]);
    expect(await t.db.selectFrom('invites').select('id').where('user_id', '=', ray.id).execute()).toEqual([]);
    const list = await staff.get(base());
    expect(list.body.meta.district).toEqual({ id: w.district.id, name: 'Maple Test District' });
    expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([id]);
  });

  it('sends invitations when ticked, within the email limits (429 past them, nothing written)', async () => {
    const staff = await loginAs(t.app, provider);
    const { id } = await prepared(staff, CSV.split('\n').slice(0, 3).join('\n'), { send_invites: true });
    expect((await staff.post(`${base()}/${id}/run`).set(csrfHeaders(staff)).send({})).status).toBe(200);
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(['kim.lee@maple.test', 'ray.diaz@maple.test']);
    expect(t.mailer.sent[0]!.subject).toBe('Coachwell invitation: join “Maple Test District”');
    const many = ['Name,Email,Role,Schools', ...Array.from({ length: 30 }, (_, i) => `P ${i},p${i}@maple.test,Educator,`)].join('\n');
    const big = await prepared(staff, many, { send_invites: true });
    const refused = await staff.post(`${base()}/${big.id}/run`).set(csrfHeaders(staff)).send({});
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(USER_IMPORT_MESSAGES.tooManyInvites(30, 28));
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'p0@maple.test').execute()).toEqual([]);
  });
});
