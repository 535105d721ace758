// What the setup checklist reads: whether the district has each kind of row yet, and its stored marks.
// Every read filters by the district.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import type { SetupChecklistMarksTable } from '../../../db/types';

export type SetupMark = SetupChecklistMarksTable['mark'];

export interface SetupFacts {
  schools: boolean;
  educators: boolean;
  coaches: boolean;
  caseloads: boolean;
  calendarFeeds: boolean;
  /** Interactions logged: the district works with its interaction types (as good as reviewed). */
  interactions: boolean;
  /** Skills rated: the district works with its framework (as good as reviewed). */
  skillRatings: boolean;
  marks: Set<SetupMark>;
}

export async function setupFacts(db: DB, districtId: number): Promise<SetupFacts> {
  const [schools, educators, coaches, caseloads, calendarFeeds, interactions, skillRatings, marks] = await Promise.all([
    exists(db.selectFrom('buildings').select(sql`1`.as('one')).where('district_id', '=', districtId).where('deleted_at', 'is', null)),
    exists(db.selectFrom('staff').select(sql`1`.as('one')).where('district_id', '=', districtId).where('status', '=', 'active')),
    // A coach counts once invited (the invitation is the step); a disabled login does not.
    exists(db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id').innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(sql`1`.as('one')).where('users.district_id', '=', districtId).where('users.status', '!=', 'disabled').where('roles.name', '=', 'coach')),
    exists(db.selectFrom('coach_assignments').select(sql`1`.as('one')).where('district_id', '=', districtId)),
    exists(db.selectFrom('calendar_feeds').select(sql`1`.as('one')).where('district_id', '=', districtId)),
    exists(db.selectFrom('interactions').select(sql`1`.as('one')).where('district_id', '=', districtId)),
    exists(db.selectFrom('skill_ratings').select(sql`1`.as('one')).where('district_id', '=', districtId)),
    db.selectFrom('setup_checklist_marks').select('mark').where('district_id', '=', districtId).execute(),
  ]);
  return { schools, educators, coaches, caseloads, calendarFeeds, interactions, skillRatings, marks: new Set(marks.map((m) => m.mark)) };
}

async function exists(query: { limit: (n: number) => { executeTakeFirst: () => Promise<unknown> } }): Promise<boolean> {
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
