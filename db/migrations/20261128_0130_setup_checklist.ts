// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The new district's setup checklist (issue 26, "A first week that guides"). Most of its items tick
// themselves off from the district's own rows (schools, educators, coaches, caseloads, calendar feeds);
// what the rows cannot say is stored here, one row per district and mark: the administrator reviewed the
// interaction types ('interaction-types') or the skill framework ('framework'), or dismissed the
// checklist ('dismissed'), with who and when. No kept answer reads it (server/lib/districtVersions.test.ts).
import type { Kysely } from 'kysely';
import { withoutRowid } from '../migrationHelpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_checklist_marks')
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('mark', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('setup_checklist_marks_pk', ['district_id', 'mark'])
    .modifyEnd(withoutRowid(db))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_checklist_marks').execute();
}
