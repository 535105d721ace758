// GET /api/interaction keeps a page's answer per reader and query while nothing in the district changes
// (server/lib/keptAnswers.ts). These tests read the same page before and after every kind of change
// and expect the change on the very next request: a kept answer is never stale and never another
// reader's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nowIso, openDatabase } from '../../../db/connection';
import { appWith, createFileTestApp, csrfHeaders, type FileTestApp, loginAs, type TestApp } from '../../testing/app';
import {
  buildInteractionsWorld, insertInteraction, type InteractionsWorld, setSharedNotesVisible,
} from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const LIST = '/api/interaction?filter[from]=2026-10-01&filter[to]=2026-10-31';

describe('GET /api/interaction, a page kept between requests', () => {
  it('answers the same page twice, then a logged interaction on the next request', async () => {
    const agent = await loginAs(t.app, w.coach);
    const first = await agent.get(LIST);
    const again = await agent.get(LIST);
    expect(again.status).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toEqual(first.body);
    expect(first.body.data).toEqual([]);

    const created = await agent.post('/api/interaction').set(csrfHeaders(agent)).send({
      interaction_type_id: w.observation.id, starts_at: '2026-10-06T14:00:00.000Z', duration_minutes: 30, status: 'completed', staff_ids: [w.ana.id],
    });
    expect(created.status).toBe(201);
    const after = (await agent.get(LIST)).body;
    expect(after.data.map((i: { id: number }) => i.id)).toEqual([created.body.id]);
    expect(after.meta.total).toBe(1);
    expect(after.meta.totals.interactions).toBe(1);
  });

  it("shows an educator's new name, a school's new name and a coach's new name on the next request", async () => {
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, buildingId: w.lincoln.id, staff: [{ id: w.ana.id }] });
    const agent = await loginAs(t.app, w.admin);
    const one = async () => (await agent.get(LIST)).body.data[0];
    expect((await one()).participants[0].name).toBe('Ana Alvarez');
    await t.db.updateTable('staff').set({ last_name: 'Álvarez-Ruiz' }).where('id', '=', w.ana.id).execute();
    expect((await one()).participants[0].name).toBe('Ana Álvarez-Ruiz');
    await t.db.updateTable('buildings').set({ name: 'Lincoln Middle School' }).where('id', '=', w.lincoln.id).execute();
    expect((await one()).building.name).toBe('Lincoln Middle School');
    await t.db.updateTable('users').set({ name: 'Casey Coach-Lee' }).where('id', '=', w.coach.id).execute();
    expect((await one()).coach.name).toBe('Casey Coach-Lee');
  });

  it("never answers one reader's kept page to another: private notes stay with their author", async () => {
    await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.ana.id }], notes: 'Shared', privateNotes: 'Only mine',
    });
    const coach = await loginAs(t.app, w.coach);
    const admin = await loginAs(t.app, w.admin);
    expect((await coach.get(LIST)).body.data[0].private_notes).toBe('Only mine');
    const adminView = (await admin.get(LIST)).body.data[0];
    expect(adminView).not.toHaveProperty('private_notes');
    expect(adminView.notes).toBe('Shared');
    expect((await coach.get(LIST)).body.data[0].private_notes).toBe('Only mine');
  });

  it('follows the district privacy setting on the next request', async () => {
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.ana.id }], notes: 'Shared' });
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.get(LIST)).body.data[0]).toMatchObject({ notes: 'Shared', notes_hidden: false });
    await setSharedNotesVisible(t.db, w.district.id, false);
    expect((await admin.get(LIST)).body.data[0]).toMatchObject({ notes: null, notes_hidden: true });
  });

  it("follows a reader's new role on the next request (a principal made a coach sees only their own)", async () => {
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach2.id, buildingId: w.lincoln.id, staff: [{ id: w.ana.id }] });
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.get(LIST)).body.data).toHaveLength(1);
    const coachRole = await t.db.selectFrom('roles').select('id').where('name', '=', 'coach').executeTakeFirstOrThrow();
    await t.db.updateTable('user_roles').set({ role_id: coachRole.id }).where('user_id', '=', w.principal.id).execute();
    expect((await principal.get(LIST)).body.data).toHaveLength(0);
  });

  it('a scheduled interaction turns "needs completing" when it ends, with no write in between', async () => {
    const agent = await loginAs(t.app, w.coach);
    // Ends 2.5 s from now: the first answer says it is still to come.
    const startsAt = new Date(Date.now() - 60_000 + 2_500).toISOString();
    const row = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, startsAt, minutes: 1, status: 'scheduled' });
    // From the day before its UTC date: its date in the district's timezone (Chicago) is one of the two.
    const list = `/api/interaction?filter[from]=${new Date(Date.parse(startsAt) - 86_400_000).toISOString().slice(0, 10)}`;
    const [before] = (await agent.get(list)).body.data;
    expect(before).toMatchObject({ id: row.id, needs_completing: false });
    expect((await agent.get(list)).body.data[0].needs_completing).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(startsAt) + 60_000 - Date.now() + 50));
    expect((await agent.get(list)).body.data[0]).toMatchObject({ id: row.id, needs_completing: true });
    expect((await agent.get(`${list}&filter[needs_completing]=1`)).body.data.map((i: { id: number }) => i.id)).toEqual([row.id]);
  });

  it("a write in another district leaves this district's answer as it was", async () => {
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.ana.id }] });
    const agent = await loginAs(t.app, w.coach);
    const first = (await agent.get(LIST)).body;
    await insertInteraction(t.db, { districtId: w.other.id, typeId: w.otherType.id, coachId: w.otherAdmin.id, staff: [{ id: w.stranger.id }] });
    expect((await agent.get(LIST)).body).toEqual(first);
  });
});

describe('GET /api/interaction kept within a day', () => {
  afterEach(() => vi.useRealTimers());

  it("an educator who joins a principal's school tomorrow brings their interactions into the principal's list tomorrow, not today", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-20T23:00:00.000Z'));
    // Cole's interaction at Oak with Cy; Cy moves from Oak to Lincoln (the principal's school) on 21 October.
    const row = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach2.id, buildingId: w.oak.id, staff: [{ id: w.cy.id }] });
    await t.db.updateTable('staff_buildings').set({ end_date: '2026-10-20' }).where('staff_id', '=', w.cy.id).execute();
    await t.db.insertInto('staff_buildings').values({ district_id: w.district.id, staff_id: w.cy.id, building_id: w.lincoln.id, start_date: '2026-10-21', end_date: null, created_at: nowIso() }).execute();
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.get(LIST)).body.data).toEqual([]);
    expect((await principal.get(LIST)).body.data).toEqual([]);
    // 90 minutes later, the same session, no write in between: a new (UTC) day of history rows.
    vi.setSystemTime(new Date('2026-10-21T00:30:00.000Z'));
    expect((await principal.get(LIST)).body.data.map((i: { id: number }) => i.id)).toEqual([row.id]);
  });
});

describe('GET /api/interaction and another process', () => {
  let file: FileTestApp | undefined;
  afterEach(() => file?.close());

  it('an interaction logged through another connection (the CLI, another app process) shows on the next request', async () => {
    file = await createFileTestApp();
    const { app, db, config } = file;
    const world = await buildInteractionsWorld(db);
    const agent = await loginAs(app, world.coach);
    expect((await agent.get(LIST)).body.data).toEqual([]);
    expect((await agent.get(LIST)).body.data).toEqual([]);

    const other = openDatabase(config.databaseFile);
    const row = await insertInteraction(other, { districtId: world.district.id, typeId: world.observation.id, coachId: world.coach.id, startsAt: '2026-10-20T15:00:00.000Z' });
    await other.updateTable('interactions').set({ updated_at: nowIso() }).where('id', '=', row.id).execute();
    await other.destroy();

    expect((await agent.get(LIST)).body.data.map((i: { id: number }) => i.id)).toEqual([row.id]);
  });
});
