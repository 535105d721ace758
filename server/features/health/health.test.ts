import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../../db/migrator';
import { createTestApp, type TestApp } from '../../testing/app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const migrationTable = sql.table(DEFAULT_MIGRATION_TABLE);

describe('GET /api/health/ready', () => {
  it('answers ready when the database answers and every migration is applied, without a session or cookie', async () => {
    const res = await request(t.app).get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database is not reachable', async () => {
    await t.db.destroy();
    const res = await request(t.app).get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', message: 'The database is not reachable.' });
  });

  it('answers 503 while a migration of this build is not applied, and ready once it is; /api/health stays ok', async () => {
    const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1];
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from ${migrationTable} where name = ${last}`.execute(t.db);
    expect(rows).toHaveLength(1);
    await sql`delete from ${migrationTable} where name = ${last}`.execute(t.db);

    const res = await request(t.app).get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'migrating', message: '1 database migration is not applied yet.' });
    const live = await request(t.app).get('/api/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });

    await sql`insert into ${migrationTable} (name, timestamp) values (${rows[0].name}, ${rows[0].timestamp})`.execute(t.db);
    const again = await request(t.app).get('/api/health/ready');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'ready' });
  });

  it('counts every migration as not applied when the database has no migration table', async () => {
    // Set aside and put back (not dropped): under test:pg the database is recycled for the next test.
    await sql`alter table ${migrationTable} rename to kysely_migration_aside`.execute(t.db);
    try {
      const res = await request(t.app).get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'migrating', message: `${MIGRATION_NAMES.length} database migrations are not applied yet.` });
    } finally {
      await sql`alter table kysely_migration_aside rename to ${migrationTable}`.execute(t.db);
    }
    expect((await request(t.app).get('/api/health/ready')).status).toBe(200);
  });

  it('stays ready when the database has a migration this build does not know (a newer build rolling out)', async () => {
    await sql`insert into ${migrationTable} (name, timestamp) values (${'29991231_9999_from_a_newer_build'}, ${new Date().toISOString()})`.execute(t.db);
    const res = await request(t.app).get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });
});
