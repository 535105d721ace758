// The server's answers of groups, educators, coaches and staff requests in Spanish (issue 33): a person whose language
// is Spanish reads each refusal in Spanish, names and dates kept; another district's group is still a 404; nothing
// changes on refusal; the same calls in English keep the spec's words.
import { beforeEach, describe, expect, it } from 'vitest';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildGroupsWorld, type GroupsWorld } from '../../testing/groups.fixture';

let t: TestApp;
let w: GroupsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildGroupsWorld(app.db)));
});

const speaks = (db: TestApp['db'], userId: number, locale: 'en' | 'es') => db.updateTable('users').set({ locale }).where('id', '=', userId).execute();

describe('groups, educators and staff requests answered in Spanish', () => {
  it('a query, a missing or foreign group and a taken name, each refused in Spanish; nothing created', async () => {
    await speaks(t.db, w.admin.id, 'es');
    const agent = await loginAs(t.app, w.admin);
    expectFieldError(await agent.get('/api/group?status=archived'), 'status', 'El estado debe ser active o all.');

    const foreign = await agent.put(`/api/group/${w.otherGroup.id}`).set(csrfHeaders(agent)).send({ name: 'Mine now', items: [] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('No encontramos ese grupo.');

    const before = await t.db.selectFrom('groups').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const taken = await agent.post('/api/group').set(csrfHeaders(agent)).send({ name: 'Math PLC', items: [] });
    expectFieldError(taken, 'name', 'Ya existe un grupo con este nombre.');
    const blank = await agent.post('/api/group').set(csrfHeaders(agent)).send({ name: '', items: [] });
    expectFieldError(blank, 'name', 'El nombre es obligatorio.');
    const after = await t.db.selectFrom('groups').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a 409 and an educator\'s 404 in Spanish; in English the same calls keep the English', async () => {
    await speaks(t.db, w.admin.id, 'es');
    const agent = await loginAs(t.app, w.admin);
    const restore = await agent.post(`/api/group/${w.group.id}/restore`).set(csrfHeaders(agent));
    expect(restore.status).toBe(409);
    expect(restore.body.message).toBe('Este grupo ya está activo.');
    const educator = await agent.get(`/api/staff/${w.stranger.id}`);
    expect(educator.status).toBe(404);
    expect(educator.body.message).toBe('No encontramos a ese educador.');

    await speaks(t.db, w.admin.id, 'en');
    const english = await agent.post(`/api/group/${w.group.id}/restore`).set(csrfHeaders(agent));
    expect(english.body.message).toBe('This group is already active.');
    expect((await agent.get(`/api/staff/${w.stranger.id}`)).body.message).toBe('We could not find that educator.');
  });

  it('a staff request\'s refusal built with names and dates keeps them inside the Spanish', async () => {
    await speaks(t.db, w.admin.id, 'es');
    const agent = await loginAs(t.app, w.admin);
    // Ben already works at the world's school: the district office is told so, with both names.
    const res = await agent.post('/api/staff-request').set(csrfHeaders(agent))
      .send({ staff_id: w.ben.id, building_id: w.building.id, start_date: '2030-01-06' });
    expect(res.status).toBe(422);
    const message = res.body.errors.staff_id[0] as string;
    expect(message).toMatch(/ ya trabaja en /);
    expect(message.startsWith(`${w.ben.first_name} ${w.ben.last_name}`)).toBe(true);
  });
});
