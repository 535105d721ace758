// The reports' hand-built data set (issue 11): the interactions world (Maple Test District, Chicago, two
// schools, every role, a second district) on the Enterprise plan, with a Professional district for the
// plan gate, and a few interactions, activities, cycles and ratings whose report figures are worked out
// by hand in the tests. "Today" is frozen by the tests at NOW (Monday 2026-11-23, noon in Chicago).
//
// Educators (grades · subjects · school · caseload):
//   Ana Alvarez   6 · Mathematics · Lincoln · Casey      Ben Brooks   7 · Science · Lincoln · Casey (hired 2026-03-01)
//   Jordan Ellis  6 · English     · Lincoln · Casey      Cy Chen      3 · Mathematics · Oak · Cole
// Math PLC: Ana all year, Ben until Oct 1, Cy from Nov 1.
//
// Interactions (Chicago is UTC-5 until Nov 1, then UTC-6):
//   I1  Casey  Observation  Sep 8   60 min  Lincoln   Ana, Ben
//   I2  Casey  Check-in     Sep 15  30 min  Lincoln   Ana
//   I3  Cole   Observation  Sep 16  45 min  Oak       Cy
//   I4  Casey  Check-in     Oct 6   20 min  Lincoln   Jordan
//   I5  Cole   Check-in     Oct 7   30 min  no school Cy, Ana
//   I9  Casey  Check-in     Sep 30 23:30 local (Oct 1 04:30 UTC)  15 min  Lincoln  Ben
//   not counted: I6 scheduled, I7 cancelled, I8 deleted (Oct, Lincoln); I11 Aug 20 (before Sep 1), Casey, Lincoln, Ana, 40 min.
//
// Cycles (default stages S1 Set the goal 14 d, S2 Learn and plan 21, S3 Practice with feedback 28, S4 Reflect 14):
//   C1  Casey  Ana       active, from Sep 1, target end Nov 1; S1 Sep 1–10, S2 Sep 10–Oct 1, S3 since Oct 1 (overdue)
//   C2  Casey  Ben       completed Oct 20 (met), from Sep 5; S1 Sep 5–15, S2 –Sep 25, S3 –Oct 10, S4 –Oct 20
//   C3  Cole   Cy        active from Nov 10, S1 (after the range)
//   C4  Casey  Jordan    cancelled Oct 5, from Sep 20, S1 (history left open, as the cancel command leaves it)
//   C5  Casey  Ana       completed Jun 1 (not met), before the range
//   C6  Cole   Cy, Ana   completed Oct 30 (no outcome), from Sep 10; S1 Sep 10–20, S2 Sep 20–Oct 30
//   C7  Casey  Ben       active, deleted
// Ratings (Ana, first domain): skill 1: 1 on Aug 15 (before the range), 2 on Sep 5, 3 on Oct 15; skill 2: 1 on Sep 5.
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { buildDistrict, buildUser } from './factories';
import { buildInteractionsWorld, insertActivity, insertInteraction } from './interactions.fixture';
import { frameworkOf, insertRating } from './skills.fixture';

export const NOW = new Date('2026-11-23T18:00:00.000Z');
/** The range most tests read: September and October 2026. */
export const RANGE = 'filter[from]=2026-09-01&filter[to]=2026-10-31';

async function setPlan(db: DB, districtId: number, planKey: string) {
  const plan = await db.selectFrom('plans').select('id').where('key', '=', planKey).executeTakeFirstOrThrow();
  await db.updateTable('districts').set({ plan_id: plan.id }).where('id', '=', districtId).execute();
}

export async function buildReportsWorld(db: DB) {
  const w = await buildInteractionsWorld(db);
  const d = w.district.id;
  await setPlan(db, d, 'enterprise');
  const setStaff = (id: number, grades: string[], subjects: string[], hire = '2020-08-15') =>
    db.updateTable('staff').set({ grade_levels: JSON.stringify(grades), subjects: JSON.stringify(subjects), hire_date: hire }).where('id', '=', id).execute();
  await setStaff(w.ana.id, ['6'], ['Mathematics']);
  await setStaff(w.ben.id, ['7'], ['Science'], '2026-03-01');
  await setStaff(w.jordan.id, ['6'], ['English']);
  await setStaff(w.cy.id, ['3'], ['Mathematics']);
  const now = nowIso();
  for (const [coachId, staffId] of [[w.coach.id, w.ana.id], [w.coach.id, w.ben.id], [w.coach.id, w.jordan.id], [w.coach2.id, w.cy.id]] as const) {
    await db.insertInto('coach_assignments').values({
      district_id: d, coach_id: coachId, staff_id: staffId, start_date: '2026-08-01', end_date: null, created_at: now, updated_at: now,
    }).execute();
  }
  const obs = w.observation.id;
  const chk = w.checkIn.id;
  const add = (coachId: number, typeId: number, startsAt: string, minutes: number, buildingId: number | null, staff: number[], extra: { status?: 'scheduled' | 'cancelled'; deletedAt?: string } = {}) =>
    insertInteraction(db, { districtId: d, typeId, coachId, startsAt, minutes, buildingId, staff: staff.map((id) => ({ id })), notes: 'Shared note', privateNotes: 'PRIVATE-NOTE', ...extra });
  const i1 = await add(w.coach.id, obs, '2026-09-08T14:00:00.000Z', 60, w.lincoln.id, [w.ana.id, w.ben.id]);
  const i2 = await add(w.coach.id, chk, '2026-09-15T15:00:00.000Z', 30, w.lincoln.id, [w.ana.id]);
  const i3 = await add(w.coach2.id, obs, '2026-09-16T16:00:00.000Z', 45, w.oak.id, [w.cy.id]);
  const i4 = await add(w.coach.id, chk, '2026-10-06T14:00:00.000Z', 20, w.lincoln.id, [w.jordan.id]);
  const i5 = await add(w.coach2.id, chk, '2026-10-07T16:00:00.000Z', 30, null, [w.cy.id, w.ana.id]);
  const i9 = await add(w.coach.id, chk, '2026-10-01T04:30:00.000Z', 15, w.lincoln.id, [w.ben.id]);
  await add(w.coach.id, obs, '2026-10-08T14:00:00.000Z', 60, w.lincoln.id, [w.ana.id], { status: 'scheduled' });
  await add(w.coach.id, obs, '2026-10-09T14:00:00.000Z', 60, w.lincoln.id, [w.ben.id], { status: 'cancelled' });
  await add(w.coach.id, obs, '2026-10-10T14:00:00.000Z', 60, w.lincoln.id, [w.ben.id], { deletedAt: '2026-10-11T00:00:00.000Z' });
  const i11 = await add(w.coach.id, obs, '2026-08-20T14:00:00.000Z', 40, w.lincoln.id, [w.ana.id]);

  // Logged time: Casey 90 min planning + 30 min travel in range, 45 min planning before it; Cole 60 min meeting.
  await insertActivity(db, { districtId: d, userId: w.coach.id, category: 'planning', startsAt: '2026-09-09T15:00:00.000Z', minutes: 90 });
  await insertActivity(db, { districtId: d, userId: w.coach.id, category: 'travel', startsAt: '2026-10-02T15:00:00.000Z', minutes: 30 });
  await insertActivity(db, { districtId: d, userId: w.coach.id, category: 'planning', startsAt: '2026-08-25T15:00:00.000Z', minutes: 45 });
  await insertActivity(db, { districtId: d, userId: w.coach.id, category: 'planning', startsAt: '2026-09-20T15:00:00.000Z', minutes: 500, deletedAt: '2026-09-21T00:00:00.000Z' });
  await insertActivity(db, { districtId: d, userId: w.coach2.id, category: 'meeting', startsAt: '2026-10-12T15:00:00.000Z', minutes: 60 });

  const stages = await db.selectFrom('cycle_stages').selectAll().where('district_id', '=', d).orderBy('sort_order').execute();
  const cycle = async (
    coachId: number, staffIds: number[], status: 'planned' | 'active' | 'completed' | 'cancelled', start: string,
    history: [number, string, string | null][], extra: { completedOn?: string; outcome?: 'met' | 'partly-met' | 'not-met'; targetEnd?: string; updatedAt?: string; deletedAt?: string } = {},
  ) => {
    const last = history[history.length - 1]!;
    const row = await db.insertInto('coaching_cycles').values({
      district_id: d, coach_id: coachId, title: 'A cycle', goal: 'PRIVATE-GOAL', start_date: start, target_end_date: extra.targetEnd ?? null, status,
      stage_id: stages[last[0]]!.id, stage_entered_on: last[1], outcome: extra.outcome ?? null, reflection: 'Reflection text', completed_on: extra.completedOn ?? null,
      created_by: coachId, updated_by: coachId, created_at: now, updated_at: extra.updatedAt ?? now, deleted_at: extra.deletedAt ?? null,
    }).returningAll().executeTakeFirstOrThrow();
    for (const staffId of staffIds) await db.insertInto('coaching_cycle_staff').values({ district_id: d, cycle_id: row.id, staff_id: staffId }).execute();
    for (const [stage, entered, left] of history) {
      await db.insertInto('coaching_cycle_stage_history').values({ district_id: d, cycle_id: row.id, stage_id: stages[stage]!.id, entered_on: entered, left_on: left, moved_by: coachId }).execute();
    }
    return row;
  };
  const c1 = await cycle(w.coach.id, [w.ana.id], 'active', '2026-09-01', [[0, '2026-09-01', '2026-09-10'], [1, '2026-09-10', '2026-10-01'], [2, '2026-10-01', null]], { targetEnd: '2026-11-01' });
  const c2 = await cycle(w.coach.id, [w.ben.id], 'completed', '2026-09-05',
    [[0, '2026-09-05', '2026-09-15'], [1, '2026-09-15', '2026-09-25'], [2, '2026-09-25', '2026-10-10'], [3, '2026-10-10', '2026-10-20']], { completedOn: '2026-10-20', outcome: 'met' });
  const c3 = await cycle(w.coach2.id, [w.cy.id], 'active', '2026-11-10', [[0, '2026-11-10', null]]);
  const c4 = await cycle(w.coach.id, [w.jordan.id], 'cancelled', '2026-09-20', [[0, '2026-09-20', null]], { updatedAt: '2026-10-05T15:00:00.000Z' });
  const c5 = await cycle(w.coach.id, [w.ana.id], 'completed', '2026-03-01', [[0, '2026-03-01', '2026-06-01']], { completedOn: '2026-06-01', outcome: 'not-met' });
  const c6 = await cycle(w.coach2.id, [w.cy.id, w.ana.id], 'completed', '2026-09-10', [[0, '2026-09-10', '2026-09-20'], [1, '2026-09-20', '2026-10-30']], { completedOn: '2026-10-30' });
  await cycle(w.coach.id, [w.ben.id], 'active', '2026-09-01', [[0, '2026-09-01', null]], { deletedAt: '2026-09-02T00:00:00.000Z' });

  const fw = await frameworkOf(db, d);
  const domainSkills = fw.skills.filter((k) => k.domain_id === fw.domains[0]!.id);
  for (const [skill, level, on] of [[0, 1, '2026-08-15'], [0, 2, '2026-09-05'], [0, 3, '2026-10-15'], [1, 1, '2026-09-05']] as const) {
    await insertRating(db, { districtId: d, staffId: w.ana.id, skillId: domainSkills[skill]!.id, level, ratedOn: on, ratedBy: w.coach.id, note: 'PRIVATE-RATING-NOTE' });
  }

  const pro = await buildDistrict(db, { name: 'Professional Test District', planKey: 'professional' });
  const proAdmin = await buildUser(db, { role: 'district-admin', districtId: pro.id, name: 'Pro Admin' });
  return { ...w, i1, i2, i3, i4, i5, i9, i11, stages, c1, c2, c3, c4, c5, c6, fw, pro, proAdmin };
}

export type ReportsWorld = Awaited<ReturnType<typeof buildReportsWorld>>;

/** Sets the district's coaching targets the way Site settings stores them. */
export const setTargets = (db: DB, districtId: number, targets: Record<string, unknown>) =>
  db.updateTable('districts').set({ settings: JSON.stringify({ coaching_targets: targets }) }).where('id', '=', districtId).execute();
