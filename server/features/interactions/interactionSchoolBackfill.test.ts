// Migration 20261129_0140_interaction_default_school (issue 26): interactions stored without a school get
// their educators' one school on the interaction's day (building history, the district's timezone), else
// their coach's one school, else stay without one; the reports' rollups stay equal to the rows. Each test
// writes the older school-less rows and runs the migration's up() again (it is idempotent).
import { beforeEach, describe, expect, it } from 'vitest';
import { up as fillSchools } from '../../../db/migrations/20261129_0140_interaction_default_school';
import { appWith, loginAs, type TestApp } from '../../testing/app';
import { buildStaff } from '../../testing/factories';
import { buildInteractionsWorld, insertInteraction, type InteractionsWorld } from '../../testing/interactions.fixture';
import { expectedRollups, storedRollups } from '../../testing/rollups';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const row = (id: number) => t.db.selectFrom('interactions').select(['building_id', 'sequence', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

async function expectNoDrift() {
  const [stored, expected] = await Promise.all([storedRollups(t.db), expectedRollups(t.db)]);
  expect(stored).toEqual(expected);
}

/** Ana moves from Lincoln to Oak Hollow on Oct 10 (her Lincoln stay ends Oct 9). */
async function moveAnaToOak() {
  await t.db.updateTable('staff_buildings').set({ end_date: '2026-10-09' }).where('staff_id', '=', w.ana.id).execute();
  await t.db.insertInto('staff_buildings').values({ district_id: w.district.id, staff_id: w.ana.id, building_id: w.oak.id, start_date: '2026-10-10', end_date: null, created_at: new Date().toISOString() }).execute();
}

const schoolless = (opts: { coachId: number; staff: number[]; startsAt?: string; status?: 'completed' | 'scheduled'; deletedAt?: string }) =>
  insertInteraction(t.db, {
    districtId: w.district.id, typeId: w.observation.id, coachId: opts.coachId, startsAt: opts.startsAt ?? '2026-10-06T14:00:00.000Z',
    staff: opts.staff.map((id) => ({ id })), buildingId: null, status: opts.status, deletedAt: opts.deletedAt,
  });

describe('filling in the school of interactions stored without one', () => {
  it("takes the educators' one school on the interaction's day in the district's timezone, before the coach's school", async () => {
    await moveAnaToOak();
    // Cole coaches at Oak Hollow; Ana and Ben were at Lincoln on Oct 6, so Lincoln it is.
    const together = await schoolless({ coachId: w.coach2.id, staff: [w.ana.id, w.ben.id] });
    // Oct 9, 20:00 in Chicago is Oct 10 in UTC: still Ana's Lincoln day; Oct 12 she is at Oak Hollow.
    const lastLincolnDay = await schoolless({ coachId: w.coach2.id, staff: [w.ana.id], startsAt: '2026-10-10T01:00:00.000Z' });
    const atOak = await schoolless({ coachId: w.coach.id, staff: [w.ana.id], startsAt: '2026-10-12T14:00:00.000Z' });
    // An educator without a school that day does not stand in the way.
    const newcomer = await buildStaff(t.db, { districtId: w.district.id, firstName: 'Nia', lastName: 'New' });
    await t.db.deleteFrom('staff_buildings').where('staff_id', '=', newcomer.id).execute();
    const withNewcomer = await schoolless({ coachId: w.coach2.id, staff: [w.ben.id, newcomer.id] });
    await fillSchools(t.db);
    expect((await row(together.id)).building_id).toBe(w.lincoln.id);
    expect((await row(lastLincolnDay.id)).building_id).toBe(w.lincoln.id);
    expect((await row(atOak.id)).building_id).toBe(w.oak.id);
    expect((await row(withNewcomer.id)).building_id).toBe(w.lincoln.id);
  });

  it("educators at several schools or none: the coach's one school; a coach of none or several: left without one", async () => {
    const split = await schoolless({ coachId: w.coach.id, staff: [w.ana.id, w.cy.id] });
    const noEducators = await schoolless({ coachId: w.coach2.id, staff: [] });
    const adminSplit = await schoolless({ coachId: w.admin.id, staff: [w.ana.id, w.cy.id] });
    await t.db.insertInto('user_buildings').values([{ user_id: w.principal.id, building_id: w.oak.id }]).execute();
    const twoSchoolCoach = await schoolless({ coachId: w.principal.id, staff: [w.ana.id, w.cy.id] });
    await fillSchools(t.db);
    expect((await row(split.id)).building_id).toBe(w.lincoln.id);
    expect((await row(noEducators.id)).building_id).toBe(w.oak.id);
    expect(await row(adminSplit.id)).toMatchObject({ building_id: null, sequence: 0 });
    expect(await row(twoSchoolCoach.id)).toMatchObject({ building_id: null, sequence: 0 });
  });

  it("a school archived since still counts for the educators who were there; the coach's archived school does not", async () => {
    const cyAtOak = await schoolless({ coachId: w.admin.id, staff: [w.cy.id] });
    const coachAtOak = await schoolless({ coachId: w.coach2.id, staff: [] });
    await t.db.updateTable('buildings').set({ deleted_at: '2026-11-01T00:00:00.000Z' }).where('id', '=', w.oak.id).execute();
    await fillSchools(t.db);
    expect((await row(cyAtOak.id)).building_id).toBe(w.oak.id);
    expect((await row(coachAtOak.id)).building_id).toBeNull();
  });

  it('fills every status, deleted ones too, grows the calendar SEQUENCE once, leaves a school already set alone, and keeps each district to its own schools', async () => {
    const scheduled = await schoolless({ coachId: w.coach.id, staff: [w.ana.id], startsAt: '2026-12-01T15:00:00.000Z', status: 'scheduled' });
    const deleted = await schoolless({ coachId: w.coach.id, staff: [w.ana.id], deletedAt: '2026-10-07T00:00:00.000Z' });
    const placed = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.ana.id }], buildingId: w.oak.id });
    // Last changed long ago: the migration's change is newer.
    await t.db.updateTable('interactions').set({ updated_at: '2026-10-06T20:00:00.000Z' }).where('id', '=', scheduled.id).execute();
    await fillSchools(t.db);
    expect(await row(scheduled.id)).toMatchObject({ building_id: w.lincoln.id, sequence: 1 });
    expect((await row(scheduled.id)).updated_at > '2026-10-06T20:00:00.000Z').toBe(true);
    expect(await row(deleted.id)).toMatchObject({ building_id: w.lincoln.id, sequence: 1 });
    expect(await row(placed.id)).toMatchObject({ building_id: w.oak.id, sequence: 0 });
    // The other district's interaction (no school, its educator at Cedar High) gets Cedar High.
    expect((await row(w.otherInteraction.id)).building_id).toBe(w.otherBuilding.id);
    // A second run changes nothing.
    await fillSchools(t.db);
    expect(await row(scheduled.id)).toMatchObject({ building_id: w.lincoln.id, sequence: 1 });
  });

  it("keeps the reports' rollups equal to the rows, and the report no longer counts the filled ones under \"No school\"", async () => {
    await moveAnaToOak();
    const starts = ['2026-09-15T14:00:00.000Z', '2026-10-06T14:00:00.000Z', '2026-10-12T14:00:00.000Z', '2026-11-03T15:00:00.000Z'];
    for (const startsAt of starts) {
      await schoolless({ coachId: w.coach.id, staff: [w.ana.id, w.ben.id], startsAt });
      await schoolless({ coachId: w.coach2.id, staff: [w.cy.id], startsAt });
    }
    await schoolless({ coachId: w.admin.id, staff: [w.ana.id, w.cy.id] });
    await expectNoDrift();
    const noSchoolGroups = async () => (await t.db.selectFrom('report_interaction_months').select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('district_id', '=', w.district.id).where('building_id', '=', 0).executeTakeFirstOrThrow()).n;
    expect(Number(await noSchoolGroups())).toBe(9);
    await fillSchools(t.db);
    await expectNoDrift();
    // Only the administrator's interaction with educators at two schools is left without one.
    expect(Number(await noSchoolGroups())).toBe(1);
    const admin = await loginAs(t.app, w.admin);
    const res = await admin.get('/api/report/interactions?filter[from]=2026-09-01&filter[to]=2026-11-30');
    expect(res.status).toBe(200);
    expect(res.body.by_school.map((s: { name: string; interactions: number }) => [s.name, s.interactions])).toEqual([
      // Oct 12 with Ana (now at Oak) and Ben (Lincoln) is at the coach's school, Lincoln; the last one counts at both.
      ['Lincoln Middle', 5], ['Oak Hollow Elementary', 5],
    ]);
  });
});
