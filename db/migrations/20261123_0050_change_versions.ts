// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Change versions (issue 8): a counter per kind of data, bumped by triggers on every row written to the
// tables it covers, so the server can keep what it derived from them (the signed-in user's context,
// the educators list's totals) and know, with one indexed read, whether it is still true. Triggers
// also fire for rows changed by other processes (the CLI) and by ON DELETE CASCADE.
//   auth   users, districts, plans, roles, permissions, role_permissions, user_roles, user_buildings,
//          buildings: everything server/identity/context.ts loads for a signed-in request;
//   staff  staff, staff_buildings, coach_assignments, groups, group_items: everything the educators
//          list filters and counts by (server/features/staff/queries.ts).
// A later migration that rebuilds one of these tables must create its three triggers again
// (changeVersionTriggers below lists them).
// PostgreSQL (issue 15): statement-level plpgsql triggers of the same names (db/migrationHelpers.ts).
import { type Kysely, sql } from 'kysely';
import { createChangeVersionTriggers, isPostgres } from '../migrationHelpers';

const COVERED: Record<string, readonly string[]> = {
  auth: ['users', 'districts', 'plans', 'roles', 'permissions', 'role_permissions', 'user_roles', 'user_buildings', 'buildings'],
  staff: ['staff', 'staff_buildings', 'coach_assignments', 'groups', 'group_items'],
};
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('change_versions')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [scope, tables] of Object.entries(COVERED)) {
    await db.insertInto('change_versions').values({ scope, version: 0 }).execute();
    for (const table of tables) {
      if (isPostgres(db)) {
        await createChangeVersionTriggers(db, scope, table, EVENTS);
        continue;
      }
      for (const event of EVENTS) {
        await sql.raw(`create trigger ${table}_${event}_${scope}_version after ${event} on ${table} begin
          update change_versions set version = version + 1 where scope = '${scope}';
        end`).execute(db);
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [scope, tables] of Object.entries(COVERED)) {
    for (const table of tables) {
      for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_${event}_${scope}_version${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
    }
  }
  await db.schema.dropTable('change_versions').ifExists().execute();
}
