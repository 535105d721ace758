// Frozen once landed: never import app code here, never edit; add a new migration instead.
// People: educators (staff) with building history, coach caseloads, staff groups, school staff
// requests and account migrations between districts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('employee_id', 'text')
    .addColumn('position', 'text')
    .addColumn('grade_levels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('subjects', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('hire_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_district_name_idx').on('staff').columns(['district_id', 'last_name', 'first_name']).execute();
  await db.schema.createIndex('staff_district_status_idx').on('staff').columns(['district_id', 'status']).execute();
  await db.schema.createIndex('staff_district_email_unique').on('staff').columns(['district_id', 'email']).unique()
    .where('email', 'is not', null).execute();
  await db.schema.createIndex('staff_district_employee_unique').on('staff').columns(['district_id', 'employee_id']).unique()
    .where('employee_id', 'is not', null).execute();
  await db.schema.createIndex('staff_user_idx').on('staff').column('user_id').execute();

  await db.schema
    .createTable('staff_buildings')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('building_id', 'integer', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_buildings_staff_idx').on('staff_buildings').columns(['district_id', 'staff_id', 'start_date']).execute();
  await db.schema.createIndex('staff_buildings_building_idx').on('staff_buildings').columns(['district_id', 'building_id', 'end_date']).execute();

  await db.schema
    .createTable('coach_assignments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coach_assignments_coach_idx').on('coach_assignments').columns(['district_id', 'coach_id', 'end_date']).execute();
  await db.schema.createIndex('coach_assignments_staff_idx').on('coach_assignments').columns(['district_id', 'staff_id', 'end_date']).execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('group_of', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('groups_district_idx').on('groups').columns(['district_id', 'deleted_at', 'name']).execute();

  await db.schema
    .createTable('group_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .execute();
  await db.schema.createIndex('group_items_group_idx').on('group_items').columns(['group_id', 'item_id']).execute();
  await db.schema.createIndex('group_items_item_idx').on('group_items').column('item_id').execute();

  await db.schema
    .createTable('building_history_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('building_id', 'integer', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bhr_district_status_idx').on('building_history_requests').columns(['district_id', 'status', 'created_at']).execute();

  await db.schema
    .createTable('account_migrations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('to_district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('building_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_migrations_to_idx').on('account_migrations').columns(['to_district_id', 'accepted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['account_migrations', 'building_history_requests', 'group_items', 'groups', 'coach_assignments', 'staff_buildings', 'staff']) {
    await db.schema.dropTable(table).execute();
  }
}
