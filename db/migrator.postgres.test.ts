import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrator';
import { openPostgres, withDatabase } from './postgres';

// Two app processes starting together on one new PostgreSQL database: Kysely's Migrator takes PostgreSQL's
// advisory lock, so one migrates and the other finds the work done. (SQLite is one process's file.)
describe('migrations on PostgreSQL [PostgreSQL]', () => {
  it('two processes starting together on an empty database migrate it once', async () => {
    const server = process.env.COACHWELL_TEST_POSTGRES!;
    const name = `m_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: withDatabase(server, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const first = openPostgres(withDatabase(server, name));
    const second = openPostgres(withDatabase(server, name));
    try {
      const [a, b] = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      // Every migration ran exactly once, in one of the two.
      expect([...a, ...b].sort()).toEqual([...new Set([...a, ...b])].sort());
      expect(a.length === 0 || b.length === 0).toBe(true);
      const { rows } = await sql<{ name: string; n: number }>`select name, count(*) as n from kysely_migration group by name`.execute(first);
      expect(rows).toHaveLength(a.length + b.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await first.destroy();
      await second.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
