// The educator's home (GET /api/me/home, issue 29 item 1): an educator's own coaches, open cycles, scheduled
// sessions, agreed next steps, observations to acknowledge and skill growth, and nothing of anyone else's.
import { beforeEach, describe, expect, it } from 'vitest';
import { appWith, loginAs, postAs, type TestApp } from '../../testing/app';
import { insertCycle, stagesOfDistrict } from '../../testing/cycles.fixture';
import { buildCoachAssignment, buildStaff, buildUser } from '../../testing/factories';
import { insertInteraction, observationForm } from '../../testing/interactions.fixture';
import { buildSkillsWorld, insertRating, type SkillsWorld } from '../../testing/skills.fixture';
import { EDUCATOR_HOME_MESSAGES } from './policies';

let t: TestApp;
let w: SkillsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildSkillsWorld(app.db)));
});

const home = async (user = w.teacher) => (await loginAs(t.app, user)).get('/api/me/home');

describe('GET /api/me/home', () => {
  it('answers 403 to everyone but an educator, with where to go instead', async () => {
    for (const user of [w.coach, w.principal, w.admin]) {
      const res = await home(user);
      expect(res.status, user.name).toBe(403);
      expect(res.body.message).toBe(EDUCATOR_HOME_MESSAGES.notEducator);
    }
  });

  it('an educator whose login is linked to no roster row: an empty home', async () => {
    const res = await home(await buildUser(t.db, { role: 'educator', districtId: w.district.id, name: 'Una Linked' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      educator: null, coaches: [], cycles: [], upcoming: [], next_steps: [], observations_to_acknowledge: 0, skills: null,
      action_steps: { open: 0, due_soon: 0, overdue: 0, done_this_year: 0, next: [] }, requests: [],
    });
  });

  it('their coaches, open cycles with their stage, scheduled sessions and agreed next steps: theirs only', async () => {
    const d = w.district.id;
    await buildCoachAssignment(t.db, { districtId: d, coachId: w.coach.id, staffId: w.jordan.id });
    // An assignment that ended is no longer their coach; another educator's coach is not theirs.
    await buildCoachAssignment(t.db, { districtId: d, coachId: w.coach2.id, staffId: w.jordan.id, startDate: '2024-08-15', endDate: '2025-06-01' });
    await buildCoachAssignment(t.db, { districtId: d, coachId: w.coach2.id, staffId: w.ana.id });

    const stages = await stagesOfDistrict(t.db, d);
    const mine = await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.jordan.id, w.ana.id], stageId: stages[1]!.id, title: 'Student discourse' });
    await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.jordan.id], stageId: stages[0]!.id, status: 'completed', title: 'Done last spring' });
    await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.jordan.id], stageId: stages[0]!.id, deletedAt: '2026-10-01T00:00:00.000Z', title: 'Deleted' });
    await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.ana.id], stageId: stages[0]!.id, title: "Ana's cycle" });

    const type = w.checkIn.id;
    const soon = await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, status: 'scheduled', startsAt: '2030-03-02T15:00:00.000Z', staff: [{ id: w.jordan.id }], buildingId: w.lincoln.id });
    const later = await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, status: 'scheduled', startsAt: '2030-03-09T15:00:00.000Z', staff: [{ id: w.jordan.id }] });
    // Past, someone else's, cancelled and deleted sessions are not upcoming.
    await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, status: 'scheduled', startsAt: '2020-03-02T15:00:00.000Z', staff: [{ id: w.jordan.id }] });
    await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, status: 'scheduled', startsAt: '2030-03-01T15:00:00.000Z', staff: [{ id: w.ana.id }] });
    await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, status: 'cancelled', startsAt: '2030-03-01T15:00:00.000Z', staff: [{ id: w.jordan.id }] });
    await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, status: 'scheduled', startsAt: '2030-03-01T15:00:00.000Z', staff: [{ id: w.jordan.id }], deletedAt: '2026-10-01T00:00:00.000Z' });

    const steps: Awaited<ReturnType<typeof insertInteraction>>[] = [];
    for (const [day, text] of [['2026-09-01', 'Oldest step'], ['2026-09-08', 'Post the agenda'], ['2026-09-15', 'Try turn-and-talk'], ['2026-09-22', 'Wait five seconds']] as const) {
      steps.push(await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, startsAt: `${day}T15:00:00.000Z`, staff: [{ id: w.jordan.id }], nextSteps: text }));
    }
    await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, startsAt: '2026-09-29T15:00:00.000Z', staff: [{ id: w.jordan.id }], nextSteps: null, privateNotes: 'Never shown' });
    await insertInteraction(t.db, { districtId: d, typeId: type, coachId: w.coach.id, startsAt: '2026-09-30T15:00:00.000Z', staff: [{ id: w.ana.id }], nextSteps: "Ana's step" });

    const res = await home();
    expect(res.status).toBe(200);
    expect(res.body.educator).toEqual({ id: w.jordan.id, name: 'Jordan Ellis', school: { id: w.lincoln.id, name: 'Lincoln Middle' } });
    expect(res.body.coaches).toEqual([{ id: w.coach.id, name: 'Casey Coach', email: w.coach.email }]);
    expect(res.body.cycles).toEqual([{
      id: mine.id, title: 'Student discourse', goal: 'A goal', status: 'active', coach: { id: w.coach.id, name: 'Casey Coach' },
      start_date: mine.start_date, target_end_date: null, stage: { name: stages[1]!.name, position: 2, of: stages.length },
    }]);
    expect(res.body.upcoming).toEqual([
      { id: soon.id, starts_at: '2030-03-02T15:00:00.000Z', duration_minutes: 45, type: 'Check-in', coach: { id: w.coach.id, name: 'Casey Coach' }, school: { id: w.lincoln.id, name: 'Lincoln Middle' } },
      { id: later.id, starts_at: '2030-03-09T15:00:00.000Z', duration_minutes: 45, type: 'Check-in', coach: { id: w.coach.id, name: 'Casey Coach' }, school: null },
    ]);
    expect(res.body.next_steps).toEqual([3, 2, 1].map((n) => ({
      interaction_id: steps[n]!.id, starts_at: steps[n]!.starts_at, coach: { id: w.coach.id, name: 'Casey Coach' }, text: steps[n]!.next_steps,
    })));
    expect(JSON.stringify(res.body)).not.toContain('Never shown');
  });

  it('counts the observations shared with them and not yet acknowledged', async () => {
    const coach = await loginAs(t.app, w.coach);
    const f = await observationForm(t.db, w.district.id, 'Classroom walkthrough');
    const observe = async (staffId: number) => (await postAs(coach, '/api/observation', {
      form_id: f.id, staff_id: staffId, observed_at: '2026-10-06T14:05:00.000Z', duration_minutes: 15, status: 'completed',
      answers: f.items.filter((i) => i.kind === 'look_for').map((i) => ({ item_id: i.id, value: 'yes' })),
    })).body.id as number;
    const shared = [await observe(w.jordan.id), await observe(w.jordan.id)];
    await observe(w.jordan.id); // not shared
    const anas = await observe(w.ana.id);
    for (const id of [...shared, anas]) expect((await postAs(coach, `/api/observation/${id}/share`, {})).status).toBe(200);
    expect((await home()).body.observations_to_acknowledge).toBe(2);

    const teacher = await loginAs(t.app, w.teacher);
    expect((await postAs(teacher, `/api/observation/${shared[0]}/acknowledge`, { reflection: 'Thank you.' })).status).toBe(200);
    // Kept answers follow the district's writes: the acknowledgement shows at once.
    expect((await teacher.get('/api/me/home')).body.observations_to_acknowledge).toBe(1);
  });

  it('skill growth: each current level beside the level the school year started at', async () => {
    const d = w.district.id;
    const [a, b, c] = w.fw.skills;
    const rate = (skillId: number, level: number, ratedOn: string) => insertRating(t.db, { districtId: d, staffId: w.jordan.id, skillId, level, ratedOn });
    // Started the year at 1 (rated last spring), now 3.
    await rate(a!.id, 1, '2025-05-01');
    await rate(a!.id, 3, '2026-10-01');
    // First rated this year at 2, now 3: the year's first rating is the start.
    await rate(b!.id, 2, '2026-09-01');
    await rate(b!.id, 3, '2026-11-01');
    // One rating this year: it is both.
    await rate(c!.id, 2, '2026-09-15');
    // Another educator's ratings are not theirs.
    await insertRating(t.db, { districtId: d, staffId: w.ana.id, skillId: a!.id, level: 4, ratedOn: '2026-10-01' });

    const res = await home();
    expect(res.body.skills.levels.map((l: { level: number }) => l.level)).toEqual([1, 2, 3, 4]);
    expect(res.body.skills.year_from).toMatch(/^\d{4}-08-01$/);
    const items = res.body.skills.items.map((i: { skill: { id: number }; level: number; start_level: number | null }) => [i.skill.id, i.start_level, i.level]);
    expect(items).toEqual(expect.arrayContaining([[a!.id, 1, 3], [b!.id, 2, 3], [c!.id, 2, 2]]));
    expect(items).toHaveLength(3);
  });

  it('their action steps by due state, and their requests for coaching still waiting, each seen on the next read', async () => {
    const coach = await loginAs(t.app, w.coach);
    const teacher = await loginAs(t.app, w.teacher);
    const today = new Date().toISOString().slice(0, 10);
    const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const step = async (title: string, dueOn: string | null, staffId = w.jordan.id) =>
      (await postAs(coach, '/api/action-step', { staff_id: staffId, title, ...(dueOn ? { due_on: dueOn } : {}) })).body.id as number;
    const overdue = await step('Post the learning target', day(-10));
    const soon = await step('Try turn-and-talk', day(3));
    const later = await step('Plan the unit launch', day(40));
    const undated = await step('Read the article', null);
    const done = await step('Wait five seconds', day(-20));
    await step("Ana's step", day(1), w.ana.id);
    expect((await postAs(teacher, `/api/action-step/${done}/complete`, { note: 'More hands went up.' })).status).toBe(200);

    let res = await home();
    expect(res.body.action_steps).toEqual({
      open: 4, due_soon: 1, overdue: 1, done_this_year: 1,
      next: [
        { id: overdue, title: 'Post the learning target', due_on: day(-10), due: 'overdue' },
        { id: soon, title: 'Try turn-and-talk', due_on: day(3), due: 'due-soon' },
        { id: later, title: 'Plan the unit launch', due_on: day(40), due: null },
      ],
    });
    expect(undated).toBeGreaterThan(0);
    expect(res.body.requests).toEqual([]);

    await buildCoachAssignment(t.db, { districtId: w.district.id, coachId: w.coach.id, staffId: w.jordan.id });
    const asked = await postAs(teacher, '/api/coaching-request', { topic: 'Small-group routines', message: 'My groups lose focus after ten minutes.' });
    expect(asked.status).toBe(201);
    res = await home();
    expect(res.body.requests).toEqual([{ id: asked.body.id, topic: 'Small-group routines', status: 'open', created_at: expect.any(String) }]);
    expect((await postAs(teacher, `/api/coaching-request/${asked.body.id}/withdraw`, {})).status).toBe(200);
    expect((await home()).body.requests).toEqual([]);
  });

  it('on Essentials (no cycles, no skill mapping): those sections are null', async () => {
    const login = await buildUser(t.db, { role: 'educator', districtId: w.essentials.id, name: 'Eli Essentials' });
    await buildStaff(t.db, { districtId: w.essentials.id, firstName: 'Eli', lastName: 'Essentials', userId: login.id });
    const res = await home(login);
    expect(res.status).toBe(200);
    expect(res.body.educator.name).toBe('Eli Essentials');
    expect(res.body.cycles).toBeNull();
    expect(res.body.skills).toBeNull();
  });

  it('another district\'s educator never sees this district\'s records', async () => {
    const login = await buildUser(t.db, { role: 'educator', districtId: w.other.id, name: 'Sam Stranger' });
    await t.db.updateTable('staff').set({ user_id: login.id }).where('id', '=', w.stranger.id).execute();
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, status: 'scheduled', startsAt: '2030-03-02T15:00:00.000Z', staff: [{ id: w.jordan.id }] });
    const res = await home(login);
    expect(res.status).toBe(200);
    expect(res.body.educator).toMatchObject({ id: w.stranger.id, name: 'Sam Stranger' });
    expect(res.body.upcoming).toEqual([]);
    expect(res.body.coaches).toEqual([]);
  });
});
