import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrator';

// The SQLite schema the migrations build, kept in the repository: migrations rewritten to run on both
// databases (issue 15) must still build exactly this schema on SQLite. After adding a migration, write
// the new snapshot with `UPDATE_SCHEMA_SNAPSHOT=1 npx vitest run --config scripts/vitest.config.ts db/schema.test.ts`
// and review its diff.
const SNAPSHOT = path.join(import.meta.dirname, 'schema.sqlite.sql');

async function sqliteSchema(): Promise<string> {
  const db = openDatabase(':memory:');
  await migrateToLatest(db);
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master
    where name not like 'kysely_%' order by type, name`.execute(db);
  await db.destroy();
  return rows.map((r) => `-- ${r.type} ${r.name}\n${r.sql ?? '(automatic)'};\n`).join('\n');
}

describe('the SQLite schema', () => {
  it('is exactly the snapshot kept in db/schema.sqlite.sql [SQLite]', async () => {
    const schema = await sqliteSchema();
    if (process.env.UPDATE_SCHEMA_SNAPSHOT) fs.writeFileSync(SNAPSHOT, schema);
    expect(schema).toBe(fs.readFileSync(SNAPSHOT, 'utf8'));
  });
});
