// Demo coaching requests for Maple Grove (issue 29, item 4): educators asking for coaching, as the app stores them.
// The demo teacher (Jordan Ellis) has one request accepted, with its session scheduled on a coming school day, and
// one made yesterday still waiting for a coach. Every Maple Grove coach has requests waiting in their queue: their
// own educators' (or, for an educator without a coach, their school's coaches'), and one the first coach passed on
// to the third with a note. Requests are made after school on school days; the session is at 2:45 pm on a school
// day, with the educator's coach at the educator's school, like every demo interaction. Earlier in the school year,
// educators on each coach's caseload asked (two school days before one of their completed one-to-one visits with that
// coach), and the coach accepted the next morning, the visit being the session scheduled: the reports count these
// as educator-initiated coaching; a few other requests were withdrawn by the educator the day after asking.
import type { DB } from '../connection';
import { isSchoolDay, localDay, plusDays, schoolDayBefore, zonedInstant } from './demoCalendar';

export interface DemoCoachingRequestRefs {
  districtId: number;
  timezone: string;
  /** coach@, coach2@, coach3@ of Maple Grove. */
  coachIds: number[];
  teacherUserId: number;
  today?: Date;
}


function schoolDayAfter(day: string, n: number): string {
  let d = day;
  for (let left = n; left > 0;) {
    d = plusDays(d, 1);
    if (isSchoolDay(d)) left -= 1;
  }
  return d;
}

interface Asked {
  topic: string;
  message: string;
  times: string | null;
}

const JORDAN_ACCEPTED: Asked = {
  topic: 'Checking for understanding in 7th-grade math',
  message: 'My exit tickets tell me too late who is lost. Could you watch the middle of a lesson and help me find two quick checks I can use while students work?',
  times: 'Tuesday or Thursday, 2:45–3:30 pm (my planning period)',
};
const JORDAN_WAITING: Asked = {
  topic: 'Moving table groups without losing ten minutes',
  message: 'Every time we switch from whole-class to table groups, the transition eats about ten minutes. I would like a routine the students can run themselves.',
  times: 'Mornings before 8:10, or any Wednesday',
};
const QUEUE: Asked[] = [
  {
    topic: 'Supporting two newcomers in science labs',
    message: 'Two students joined last week with very little English. Lab days are the hardest: I would love ideas for roles and visuals that keep them in the work.',
    times: 'Monday or Friday afternoons',
  },
  {
    topic: 'Bell-to-bell routines in 10th-grade English',
    message: 'The first five minutes of my 3rd period drift. Could we plan a do-now routine together and try it for two weeks?',
    times: 'After school on Tuesdays',
  },
  {
    topic: 'Guided reading groups in 2nd grade',
    message: 'I have four reading groups and the independent centers fall apart while I am with a group. Looking for a rotation that works.',
    times: null,
  },
];
/** What educators asked for earlier in the year (their requests since accepted or withdrawn). */
const PAST: Asked[] = [
  { topic: 'Small-group instruction while the rest work independently', message: 'The students not with me lose focus after ten minutes. Could you help me plan what the others do?', times: 'Any afternoon after 2:45' },
  { topic: 'Questioning that gets past one-word answers', message: 'I would like help writing questions that make students explain their thinking, and to see how they land in class.', times: 'Tuesday or Thursday planning period' },
  { topic: 'A calmer start to the lesson', message: 'My first ten minutes are noisy and slow. Could you watch a start and suggest a routine?', times: 'First period, any day' },
  { topic: 'Using exit tickets to plan the next day', message: 'I collect them but do not use them well. Could we look at a set together?', times: null },
  { topic: 'Feedback on student writing that they actually read', message: 'I spend hours on comments and students skip them. Looking for a faster way that works.', times: 'Wednesdays after school' },
  { topic: 'Supporting a student who shuts down', message: 'One of my students stops working as soon as a task gets hard. I would like ideas and a second pair of eyes.', times: 'Mornings before 8:10' },
  { topic: 'Partner talk in math', message: 'Partner talk turns into off-task chatter. Could you help me structure it with roles or sentence frames?', times: 'Monday or Friday, 3rd period' },
  { topic: 'Pacing a unit that keeps running long', message: 'I am two weeks behind on this unit. Could we look at what to cut or combine?', times: 'Any planning period' },
];
/** Past requests accepted per coach, and requests withdrawn in all. */
const PAST_ACCEPTED_PER_COACH = 4;
const PAST_WITHDRAWN = 3;

const PASS_NOTE = 'Tom works with the K–2 team on reading rotations this semester; he is the better fit for this one.';

export async function seedDemoCoachingRequests(db: DB, refs: DemoCoachingRequestRefs): Promise<void> {
  const { districtId, timezone, coachIds } = refs;
  const today = localDay(refs.today ?? new Date(), timezone);
  const yesterday = schoolDayBefore(today, 1);
  const at = (day: string, hour: number, minute: number) => zonedInstant(day, hour, minute, timezone).toISOString();

  /** The educator's current coaches, else the coaches of their current school (as the app chooses the holders). */
  async function holdersOf(staffId: number): Promise<{ ids: number[]; reason: 'coach' | 'school' }> {
    const coaches = await db.selectFrom('coach_assignments').select('coach_id').distinct()
      .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('start_date', '<=', today)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)])).orderBy('coach_id').execute();
    if (coaches.length) return { ids: coaches.map((c) => c.coach_id), reason: 'coach' };
    const school = await db.selectFrom('staff_buildings as sb').innerJoin('user_buildings as ub', 'ub.building_id', 'sb.building_id')
      .select('ub.user_id').distinct()
      .where('sb.district_id', '=', districtId).where('sb.staff_id', '=', staffId).where('sb.end_date', 'is', null)
      .where('ub.user_id', 'in', coachIds).orderBy('ub.user_id').execute();
    return { ids: school.map((s) => s.user_id), reason: 'school' };
  }

  async function insert(staffId: number, userId: number | null, asked: Asked, madeAt: string, holders: { ids: number[]; reason: 'coach' | 'school' }) {
    const row = await db.insertInto('coaching_requests').values({
      district_id: districtId, staff_id: staffId, requested_by_user_id: userId, topic: asked.topic, message: asked.message,
      preferred_times: asked.times, status: 'open', interaction_id: null, accepted_by_user_id: null, accepted_at: null,
      pass_note: null, passed_by_user_id: null, passed_at: null, withdrawn_at: null, created_at: madeAt, updated_at: madeAt,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('coaching_request_holders')
      .values(holders.ids.map((id) => ({ district_id: districtId, request_id: row.id, user_id: id, reason: holders.reason, created_at: madeAt, ended_at: null })))
      .execute();
    return row.id;
  }

  // Jordan Ellis, the demo teacher.
  const jordan = await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('user_id', '=', refs.teacherUserId).executeTakeFirstOrThrow();
  const jordanHolders = await holdersOf(jordan.id);
  const coachOfJordan = jordanHolders.ids[0]!;
  // Accepted: asked three school days ago after school, accepted the next morning, the session on the next school day but one.
  const askedOn = schoolDayBefore(today, 3);
  const acceptedAt = at(schoolDayAfter(askedOn, 1), 7, 40);
  const accepted = await insert(jordan.id, refs.teacherUserId, JORDAN_ACCEPTED, at(askedOn, 15, 50), jordanHolders);
  const type = await db.selectFrom('interaction_types').select(['id', 'default_minutes'])
    .where('district_id', '=', districtId).where('archived_at', 'is', null).where('counts_as_coaching', '=', 1)
    .orderBy('sort_order').orderBy('id').executeTakeFirstOrThrow();
  const school = await db.selectFrom('staff_buildings').select('building_id')
    .where('district_id', '=', districtId).where('staff_id', '=', jordan.id).where('end_date', 'is', null).executeTakeFirstOrThrow();
  const session = await db.insertInto('interactions').values({
    district_id: districtId, interaction_type_id: type.id, coach_id: coachOfJordan, starts_at: at(schoolDayAfter(today, 2), 14, 45), duration_minutes: 30,
    status: 'scheduled', building_id: school.building_id, notes: null, private_notes: null, next_steps: null, sequence: 0, import_uid: null,
    coaching_cycle_id: null, created_by: coachOfJordan, updated_by: coachOfJordan, created_at: acceptedAt, updated_at: acceptedAt, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('interaction_participants').values({ district_id: districtId, interaction_id: session.id, staff_id: jordan.id, group_id: null }).execute();
  await db.updateTable('coaching_requests')
    .set({ status: 'accepted', interaction_id: session.id, accepted_by_user_id: coachOfJordan, accepted_at: acceptedAt, updated_at: acceptedAt })
    .where('id', '=', accepted).execute();
  await db.updateTable('coaching_request_holders').set({ ended_at: acceptedAt }).where('request_id', '=', accepted).execute();
  // Waiting since yesterday afternoon.
  await insert(jordan.id, refs.teacherUserId, JORDAN_WAITING, at(yesterday, 16, 5), jordanHolders);

  // One waiting request in each coach's queue, from an educator on their caseload (not Jordan).
  const [first, second, third] = coachIds as [number, number, number];
  const caseloadOf = async (coachId: number, skip: number) => (await db.selectFrom('coach_assignments as ca')
    .innerJoin('staff as s', 's.id', 'ca.staff_id')
    .select('ca.staff_id').where('ca.district_id', '=', districtId).where('ca.coach_id', '=', coachId).where('ca.end_date', 'is', null)
    .where('s.status', '=', 'active').where('s.id', '!=', jordan.id).orderBy('ca.staff_id').offset(skip).limit(1).executeTakeFirstOrThrow()).staff_id;
  const firstEducator = await caseloadOf(first, 0);
  await insert(firstEducator, null, QUEUE[0]!, at(yesterday, 7, 25), await holdersOf(firstEducator));
  const secondEducator = await caseloadOf(second, 1);
  await insert(secondEducator, null, QUEUE[1]!, at(yesterday, 15, 35), await holdersOf(secondEducator));
  // The first coach passed one on to the third (both coach at Oak Hollow): an educator of the first coach's at a school the third also coaches at.
  const shared = await db.selectFrom('coach_assignments as ca')
    .innerJoin('staff_buildings as sb', (j) => j.onRef('sb.staff_id', '=', 'ca.staff_id').on('sb.end_date', 'is', null))
    .innerJoin('user_buildings as ub', (j) => j.onRef('ub.building_id', '=', 'sb.building_id').on('ub.user_id', '=', third))
    .select('ca.staff_id').where('ca.district_id', '=', districtId).where('ca.coach_id', '=', first).where('ca.end_date', 'is', null)
    .where('ca.staff_id', 'not in', [jordan.id, firstEducator]).orderBy('ca.staff_id').executeTakeFirstOrThrow();
  const madeAt = at(schoolDayBefore(today, 2), 15, 20);
  const passedAt = at(yesterday, 12, 10);
  const passed = await insert(shared.staff_id, null, QUEUE[2]!, madeAt, await holdersOf(shared.staff_id));
  await db.updateTable('coaching_request_holders').set({ ended_at: passedAt }).where('request_id', '=', passed).execute();
  await db.insertInto('coaching_request_holders')
    .values({ district_id: districtId, request_id: passed, user_id: third, reason: 'passed', created_at: passedAt, ended_at: null }).execute();
  await db.updateTable('coaching_requests')
    .set({ status: 'passed', pass_note: PASS_NOTE, passed_by_user_id: first, passed_at: passedAt, updated_at: passedAt })
    .where('id', '=', passed).execute();

  // Earlier in the year: requests accepted, their session a completed one-to-one visit with the educator's own coach.
  let k = 0;
  for (const coachId of coachIds) {
    const visits = await db.selectFrom('interactions as i')
      .innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .innerJoin('coach_assignments as ca', (j) => j.onRef('ca.staff_id', '=', 'p.staff_id').onRef('ca.coach_id', '=', 'i.coach_id').on('ca.end_date', 'is', null))
      .select(['i.id', 'i.starts_at', 'p.staff_id'])
      .where('i.district_id', '=', districtId).where('i.coach_id', '=', coachId).where('i.status', '=', 'completed').where('i.deleted_at', 'is', null)
      .where('p.staff_id', '!=', jordan.id).where('i.starts_at', '<', at(schoolDayBefore(today, 5), 0, 0))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('interaction_participants as o').select('o.staff_id')
        .whereRef('o.interaction_id', '=', 'i.id').whereRef('o.staff_id', '!=', 'p.staff_id'))))
      .orderBy('i.starts_at', 'desc').orderBy('i.id').limit(60).execute();
    const used = new Set<number>();
    // Spread over the term: every seventh of the latest visits, one per educator.
    for (let v = 3; v < visits.length && used.size < PAST_ACCEPTED_PER_COACH; v += 7) {
      const visit = visits[v]!;
      if (used.has(visit.staff_id)) continue;
      const visitDay = localDay(new Date(visit.starts_at), timezone);
      const askedDay = schoolDayBefore(visitDay, 2);
      const acceptedAt = at(schoolDayAfter(askedDay, 1), 7, 35 + (k % 4) * 5);
      if (Date.parse(acceptedAt) >= Date.parse(visit.starts_at)) continue;
      used.add(visit.staff_id);
      const holders = await holdersOf(visit.staff_id);
      const id = await insert(visit.staff_id, null, PAST[k % PAST.length]!, at(askedDay, 15, 20 + (k % 5) * 7), holders);
      k += 1;
      await db.updateTable('coaching_requests')
        .set({ status: 'accepted', interaction_id: visit.id, accepted_by_user_id: coachId, accepted_at: acceptedAt, updated_at: acceptedAt })
        .where('id', '=', id).execute();
      await db.updateTable('coaching_request_holders').set({ ended_at: acceptedAt }).where('request_id', '=', id).execute();
    }
  }
  // Withdrawn the day after asking: educators of the first and second coaches' caseloads.
  for (let w = 0; w < PAST_WITHDRAWN; w += 1) {
    const staffId = await caseloadOf(coachIds[w % 2]!, 3 + w);
    const askedDay = schoolDayBefore(today, 12 + w * 9);
    const withdrawnAt = at(schoolDayAfter(askedDay, 1), 16, 10);
    const id = await insert(staffId, null, PAST[(k + w) % PAST.length]!, at(askedDay, 15, 45), await holdersOf(staffId));
    await db.updateTable('coaching_requests').set({ status: 'withdrawn', withdrawn_at: withdrawnAt, updated_at: withdrawnAt }).where('id', '=', id).execute();
    await db.updateTable('coaching_request_holders').set({ ended_at: withdrawnAt }).where('request_id', '=', id).execute();
  }
}
