// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Interactions without a school get the default school (issue 26, "Data a report can trust"). Since the log
// form, the API and the .ics import default it (server/lib/defaultSchool.ts), only older rows, imported ones
// and those a coach left without one have none, and the reports counted them under "No school" while their
// educators had a school that day. Each such interaction (every status, deleted or not) gets:
// - the one school its educators were at on its day in the district's timezone (building history; a school
//   archived since counts: it is where they were), when they share one; an educator with no school that
//   day does not count against it;
// - else its coach's one school (not archived; a coach's schools have no history);
// - else it stays without one (educators at several schools, a coach of several or none, a timezone this
//   runtime does not know).
// Its calendar SEQUENCE grows and updated_at is now, so subscribed calendars show the new location. The
// reports' rollups follow by their update triggers (db/reportRollups.ts), in the same statement.
// Idempotent: a second run finds only the rows that stayed without a school and leaves them.
import { type Kysely, sql } from 'kysely';
import { isTimeZone, todayIn } from '../../common/zone';

/** Interactions read at a time; id lists stay well below either database's bound on parameters. */
const PAGE = 200;

interface Stay { building_id: number; start_date: string; end_date: string | null }

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  let after = 0;
  for (;;) {
    const rows: { id: number; district_id: number; coach_id: number; starts_at: string; timezone: string }[] = await db
      .selectFrom('interactions as i').innerJoin('districts as d', 'd.id', 'i.district_id')
      .select(['i.id', 'i.district_id', 'i.coach_id', 'i.starts_at', 'd.timezone'])
      .where('i.building_id', 'is', null).where('i.id', '>', after)
      .orderBy('i.id').limit(PAGE).execute();
    if (!rows.length) return;
    after = rows[rows.length - 1]!.id;
    const ids = rows.map((r) => r.id);

    const participants: { interaction_id: number; staff_id: number }[] = await db.selectFrom('interaction_participants as p')
      .innerJoin('interactions as i', 'i.id', 'p.interaction_id')
      .select(['p.interaction_id', 'p.staff_id'])
      .where('p.interaction_id', 'in', ids).whereRef('p.district_id', '=', 'i.district_id').execute();
    const staffOf = new Map<number, number[]>();
    for (const p of participants) staffOf.set(p.interaction_id, [...(staffOf.get(p.interaction_id) ?? []), p.staff_id]);

    // Each educator's stays at the district's schools (building history), archived schools included.
    const staffIds = [...new Set(participants.map((p) => p.staff_id))];
    const staysOf = new Map<number, Stay[]>();
    for (let i = 0; i < staffIds.length; i += PAGE) {
      const stays: (Stay & { staff_id: number })[] = await db.selectFrom('staff_buildings as sb')
        .innerJoin('buildings as b', 'b.id', 'sb.building_id')
        .select(['sb.staff_id', 'sb.building_id', 'sb.start_date', 'sb.end_date'])
        .where('sb.staff_id', 'in', staffIds.slice(i, i + PAGE)).whereRef('b.district_id', '=', 'sb.district_id').execute();
      for (const s of stays) staysOf.set(s.staff_id, [...(staysOf.get(s.staff_id) ?? []), s]);
    }

    // Each coach's schools as they stand (not archived, of the coach's own district).
    const coachIds = [...new Set(rows.map((r) => r.coach_id))];
    const coachSchools: { user_id: number; building_id: number }[] = await db.selectFrom('user_buildings as ub')
      .innerJoin('buildings as b', 'b.id', 'ub.building_id').innerJoin('users as u', 'u.id', 'ub.user_id')
      .select(['ub.user_id', 'ub.building_id'])
      .where('ub.user_id', 'in', coachIds).where('b.deleted_at', 'is', null).whereRef('b.district_id', '=', 'u.district_id').execute();
    const schoolsOfCoach = new Map<number, number[]>();
    for (const c of coachSchools) schoolsOfCoach.set(c.user_id, [...(schoolsOfCoach.get(c.user_id) ?? []), c.building_id]);

    const byBuilding = new Map<number, number[]>();
    for (const r of rows) {
      if (!isTimeZone(r.timezone)) continue;
      const day = todayIn(r.timezone, new Date(r.starts_at));
      const schools = new Set<number>();
      for (const staffId of staffOf.get(r.id) ?? []) {
        for (const s of staysOf.get(staffId) ?? []) {
          if (s.start_date <= day && (s.end_date === null || s.end_date >= day)) schools.add(s.building_id);
        }
      }
      const coach = schoolsOfCoach.get(r.coach_id) ?? [];
      const building = schools.size === 1 ? [...schools][0]! : coach.length === 1 ? coach[0]! : null;
      if (building !== null) byBuilding.set(building, [...(byBuilding.get(building) ?? []), r.id]);
    }
    for (const [building, of] of byBuilding) {
      await db.updateTable('interactions')
        .set({ building_id: building, sequence: sql`sequence + 1`, updated_at: now })
        .where('id', 'in', of).where('building_id', 'is', null).execute();
    }
  }
}

/** Nothing to undo: which schools were filled in is not kept, and a school is what the rows should have had. */
export async function down(): Promise<void> {}
