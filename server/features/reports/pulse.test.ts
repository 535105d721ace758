import { beforeEach, describe, expect, it } from 'vitest';
import { appWith, loginAs, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { buildDistrict, buildUser } from '../../testing/factories';
import { freezeDateEachTest } from '../../testing/hooks';
import { buildPulseWorld, PULSE_NOW, type PulseWorld } from '../../testing/pulse.fixture';

let t: TestApp;
let w: PulseWorld;
freezeDateEachTest(PULSE_NOW);
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildPulseWorld(app.db)));
});

const pulseOf = async (user: Parameters<typeof loginAs>[1]) => (await loginAs(t.app, user)).get('/api/report/pulse');
const targets = { interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: 1 };

describe('GET /api/report/pulse', () => {
  itRequiresLogin(() => t.app, 'get', '/api/report/pulse');

  it('403 without see engagement (an educator) and for provider staff outside a district', async () => {
    expect((await pulseOf(w.teacher)).status).toBe(403);
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    expect((await pulseOf(staff)).status).toBe(403);
  });

  it('district scope: exact counts of the hand-built district (this month in Chicago, targets, overdue cycles, not reached)', async () => {
    const res = await pulseOf(w.admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      scope: 'district',
      today: '2026-11-18',
      timezone: 'America/Chicago',
      month: { from: '2026-11-01', to: '2026-11-18' },
      school_year: { from: '2026-08-01', to: '2026-11-18' },
      targets,
      roster_size: 5,
      this_month: {
        interactions: 4, minutes: 155, educators_reached: 4, interactions_per_educator: 1,
        educators_at_target: 1, educators_below_target: 4,
      },
      overdue_cycles: 2,
      new_teachers_below_cycle_target: 0,
      not_reached_this_year: 1,
    });
  });

  it('counts new teachers (hired within the year) with fewer cycles this semester than the target', async () => {
    // Ana has an open cycle, Dee none, Eve was hired too long ago to be new.
    await t.db.updateTable('staff').set({ hire_date: '2026-09-01' }).where('id', 'in', [w.a1.id, w.b1.id]).execute();
    await t.db.updateTable('staff').set({ hire_date: '2024-08-15' }).where('id', '=', w.b2.id).execute();
    expect((await pulseOf(w.admin)).body.new_teachers_below_cycle_target).toBe(1);
    // A principal of Lincoln sees Ana only, who is at target.
    expect((await pulseOf(w.principal)).body.new_teachers_below_cycle_target).toBe(0);
    // A target of two cycles puts Ana below it too.
    await t.db.updateTable('districts').set({
      settings: JSON.stringify({ coaching_targets: { interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: 2 } }),
    }).where('id', '=', w.district.id).execute();
    expect((await pulseOf(w.admin)).body.new_teachers_below_cycle_target).toBe(2);
  });

  it('building scope: a principal counts interactions held at their school and its educators only', async () => {
    const res = await pulseOf(w.principal);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      scope: 'building',
      roster_size: 3,
      this_month: {
        interactions: 3, minutes: 110, educators_reached: 3, interactions_per_educator: 1.3,
        educators_at_target: 1, educators_below_target: 2,
      },
      overdue_cycles: 1,
      not_reached_this_year: 0,
    });
  });

  it('self scope: a coach counts their own interactions and cycles, their caseload as the roster', async () => {
    const res = await pulseOf(w.coach);
    expect(res.body).toMatchObject({
      scope: 'self',
      roster_size: 3,
      this_month: {
        interactions: 2, minutes: 90, educators_reached: 2, interactions_per_educator: 1,
        educators_at_target: 1, educators_below_target: 2,
      },
      overdue_cycles: 1,
      not_reached_this_year: 1,
    });
    const other = await pulseOf(w.coach2);
    expect(other.body).toMatchObject({
      roster_size: 1,
      this_month: { interactions: 2, minutes: 65, educators_reached: 1, interactions_per_educator: 1, educators_at_target: 0, educators_below_target: 1 },
      overdue_cycles: 1,
      not_reached_this_year: 0,
    });
  });

  it('without targets the target figures are null; without the coaching-cycles plan feature overdue cycles are null', async () => {
    await t.db.updateTable('districts').set({ settings: '{}' }).where('id', '=', w.district.id).execute();
    const res = await pulseOf(w.admin);
    expect(res.body.targets).toEqual({ interactions_per_educator_per_month: null, cycles_per_new_teacher_per_semester: null });
    expect(res.body.this_month).toMatchObject({ educators_at_target: null, educators_below_target: null });
    expect(res.body.new_teachers_below_cycle_target).toBeNull();

    const essentials = await buildDistrict(t.db, { planKey: 'essentials' });
    const admin = await buildUser(t.db, { role: 'district-admin', districtId: essentials.id });
    const empty = await pulseOf(admin);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      roster_size: 0,
      this_month: { interactions: 0, minutes: 0, educators_reached: 0, interactions_per_educator: null },
      overdue_cycles: null,
      new_teachers_below_cycle_target: null,
      not_reached_this_year: 0,
    });
  });

  it('another district never counts: its admin sees only its own interaction', async () => {
    const res = await pulseOf(w.otherAdmin);
    expect(res.body).toMatchObject({ roster_size: 1, this_month: { interactions: 1, educators_reached: 1 }, not_reached_this_year: 0 });
  });
});

describe('GET /api/report/pulse kept between requests', () => {
  it('an interaction of this month cancelled after a first read is gone from the next one (same session, no sign-in between)', async () => {
    const agent = await loginAs(t.app, w.admin);
    const month = async () => (await agent.get('/api/report/pulse')).body.this_month.interactions;
    expect(await month()).toBe(4);
    expect(await month()).toBe(4);
    const counted = await t.db.selectFrom('interactions').select('id').where('district_id', '=', w.district.id).where('status', '=', 'completed')
      .where('starts_at', '>=', '2026-11-01T05:00:00.000Z').orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('interactions').set({ status: 'cancelled' }).where('id', '=', counted.id).execute();
    expect(await month()).toBe(3);
  });
});
