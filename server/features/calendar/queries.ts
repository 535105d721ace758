// Calendar sync's reads and the few writes of imported interactions and activities. The interactions
// feature owns those tables' API; features never import each other, so the import keeps its own
// statements here. Every query filters by district_id.
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/connection';
import type { Database } from '../../../db/types';

type Conn = DB | Transaction<Database>;

export function findFeedOfUser(db: Conn, districtId: number, userId: number) {
  return db.selectFrom('calendar_feeds').selectAll()
    .where('district_id', '=', districtId).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The feed a token's hash opens, with what decides whether it still answers: the owner's status,
 * name, the district's status and plan features (the owner's permissions are read by the route).
 */
export function findFeedByHash(db: DB, tokenHash: string) {
  return db.selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .innerJoin('districts', 'districts.id', 'calendar_feeds.district_id')
    .innerJoin('plans', 'plans.id', 'districts.plan_id')
    .select([
      'calendar_feeds.id', 'calendar_feeds.district_id', 'calendar_feeds.user_id', 'calendar_feeds.title_mode',
      'users.name as user_name', 'users.status as user_status', 'users.district_id as user_district_id',
      'districts.status as district_status', 'plans.features as plan_features',
    ])
    .where('calendar_feeds.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
export type FeedOwnerRow = NonNullable<Awaited<ReturnType<typeof findFeedByHash>>>;

export interface FeedInteractionRow {
  id: number;
  starts_at: string;
  duration_minutes: number;
  status: string;
  sequence: number;
  updated_at: string;
  created_at: string;
  type_name: string;
  building_name: string | null;
}

/** The user's own interactions from `since` on (private notes and notes are never read). */
export function feedInteractions(db: Conn, districtId: number, userId: number, since: string, limit: number): Promise<FeedInteractionRow[]> {
  return db.selectFrom('interactions')
    .innerJoin('interaction_types', 'interaction_types.id', 'interactions.interaction_type_id')
    .leftJoin('buildings', 'buildings.id', 'interactions.building_id')
    .select([
      'interactions.id', 'interactions.starts_at', 'interactions.duration_minutes', 'interactions.status',
      'interactions.sequence', 'interactions.updated_at', 'interactions.created_at',
      'interaction_types.name as type_name', 'buildings.name as building_name',
    ])
    .where('interactions.district_id', '=', districtId)
    .where('interactions.coach_id', '=', userId)
    .where('interactions.deleted_at', 'is', null)
    .where('interactions.starts_at', '>=', since)
    .orderBy('interactions.starts_at').orderBy('interactions.id')
    .limit(limit)
    .execute();
}

/** Who took part in each interaction: groups by name, educators picked by name (not through a group). */
export async function feedParticipants(db: Conn, districtId: number, interactionIds: number[]) {
  const groups = new Map<number, string[]>();
  const people = new Map<number, string[]>();
  // SQLite limits bound parameters: read in slices.
  for (let i = 0; i < interactionIds.length; i += 500) {
    const ids = interactionIds.slice(i, i + 500);
    const groupRows = await db.selectFrom('interaction_groups')
      .innerJoin('groups', 'groups.id', 'interaction_groups.group_id')
      .select(['interaction_groups.interaction_id', 'groups.name'])
      .where('interaction_groups.district_id', '=', districtId)
      .where('interaction_groups.interaction_id', 'in', ids)
      .orderBy('groups.name').execute();
    for (const row of groupRows) (groups.get(row.interaction_id) ?? groups.set(row.interaction_id, []).get(row.interaction_id)!).push(row.name);
    const staffRows = await db.selectFrom('interaction_participants')
      .innerJoin('staff', 'staff.id', 'interaction_participants.staff_id')
      .select(['interaction_participants.interaction_id', 'staff.first_name', 'staff.last_name', 'interaction_participants.group_id'])
      .where('interaction_participants.district_id', '=', districtId)
      .where('interaction_participants.interaction_id', 'in', ids)
      .orderBy('staff.last_name').orderBy('staff.first_name').execute();
    for (const row of staffRows) {
      if (row.group_id !== null && groups.has(row.interaction_id)) continue;
      (people.get(row.interaction_id) ?? people.set(row.interaction_id, []).get(row.interaction_id)!).push(`${row.first_name} ${row.last_name}`.trim());
    }
  }
  return { groups, people };
}

export interface FeedActivityRow {
  id: number;
  category: string;
  starts_at: string;
  minutes: number;
  sequence: number;
  updated_at: string;
  created_at: string;
}

export function feedActivities(db: Conn, districtId: number, userId: number, since: string, limit: number): Promise<FeedActivityRow[]> {
  return db.selectFrom('activities')
    .select(['id', 'category', 'starts_at', 'minutes', 'sequence', 'updated_at', 'created_at'])
    .where('district_id', '=', districtId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('starts_at', '>=', since)
    .orderBy('starts_at').orderBy('id')
    .limit(limit)
    .execute();
}

/** Interactions and activities of the caller already imported under these keys (deleted ones too). */
export async function importedByKeys(db: Conn, districtId: number, userId: number, keys: string[]) {
  const interactions = new Map<string, { id: number; deleted: boolean; status: 'scheduled' | 'completed' | 'cancelled' | 'no-show'; interaction_type_id: number; starts_at: string; duration_minutes: number }>();
  const activities = new Map<string, { id: number; deleted: boolean; category: string; starts_at: string; minutes: number }>();
  for (let i = 0; i < keys.length; i += 400) {
    const slice = keys.slice(i, i + 400);
    const iRows = await db.selectFrom('interactions')
      .select(['id', 'import_uid', 'deleted_at', 'status', 'interaction_type_id', 'starts_at', 'duration_minutes'])
      .where('district_id', '=', districtId).where('coach_id', '=', userId).where('import_uid', 'in', slice).execute();
    for (const r of iRows) {
      interactions.set(r.import_uid!, { id: r.id, deleted: r.deleted_at !== null, status: r.status, interaction_type_id: r.interaction_type_id, starts_at: r.starts_at, duration_minutes: r.duration_minutes });
    }
    const aRows = await db.selectFrom('activities')
      .select(['id', 'import_uid', 'deleted_at', 'category', 'starts_at', 'minutes'])
      .where('district_id', '=', districtId).where('user_id', '=', userId).where('import_uid', 'in', slice).execute();
    for (const r of aRows) {
      activities.set(r.import_uid!, { id: r.id, deleted: r.deleted_at !== null, category: r.category, starts_at: r.starts_at, minutes: r.minutes });
    }
  }
  return { interactions, activities };
}

/** The district's active interaction types among these ids. */
export async function activeTypeIds(db: Conn, districtId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('interaction_types').select('id')
    .where('district_id', '=', districtId).where('archived_at', 'is', null).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The district's active interaction types in their order (the import's choices). */
export function activeTypes(db: Conn, districtId: number) {
  return db.selectFrom('interaction_types').select(['id', 'name', 'colour'])
    .where('district_id', '=', districtId).where('archived_at', 'is', null)
    .orderBy('sort_order').orderBy('id').execute();
}
