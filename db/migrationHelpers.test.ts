// Migrations are frozen: a migration already run on a district's database must keep doing exactly what it did.
// Where migrations were folded onto a helper of db/migrationHelpers.ts (districtVersionTriggers,
// insertArticleOnce …), these tests hold them to it: every statement the migrations send, on SQLite and on
// PostgreSQL, up and down, is the snapshot taken from the migrations as they were before the fold
// (db/__snapshots__/migrationHelpers.test.ts.snap), and the database the migrations built carries the helpers'
// trigger SQL to the byte.
import {
  type CompiledQuery, type DatabaseConnection, type Driver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler,
} from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './connection';
import { districtVersionTriggers, isPostgres, sqliteDistrictVersionTriggers } from './migrationHelpers';
import { migrateToLatest } from './migrator';
import * as m0161 from './migrations/20261201_0161_calibration_sessions';
import * as m0162 from './migrations/20261201_0162_article_observations';
import * as m0163 from './migrations/20261201_0163_observation_district_versions';
import * as m0165 from './migrations/20261202_0165_action_steps';
import * as m0166 from './migrations/20261202_0166_self_assessments';
import * as m0169 from './migrations/20261202_0169_coaching_request_versions';
import * as m0171 from './migrations/20261202_0171_article_educators_side';

interface Sent { sql: string; parameters: readonly unknown[] }
type Answer = (query: CompiledQuery) => Record<string, unknown>[];

/** A Kysely of either dialect that sends nothing anywhere: it records each statement and answers with `answer`. */
function recorder(dialect: 'sqlite' | 'postgres', answer: Answer = () => []): { db: Kysely<any>; sent: Sent[] } {
  const sent: Sent[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      sent.push({ sql: query.sql, parameters: query.parameters });
      return { rows: answer(query) as never[] };
    },
    streamQuery: () => {
      throw new Error('not recorded');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const postgres = dialect === 'postgres';
  const db = new Kysely<any>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => driver,
      createIntrospector: (k) => (postgres ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
  return { db, sent };
}

interface Migration { up(db: Kysely<any>): Promise<void>; down(db: Kysely<any>): Promise<void> }

const DISTRICT_VERSION_MIGRATIONS: Record<string, Migration> = {
  '20261201_0161_calibration_sessions': m0161,
  '20261201_0163_observation_district_versions': m0163,
  '20261202_0165_action_steps': m0165,
  '20261202_0166_self_assessments': m0166,
  '20261202_0169_coaching_request_versions': m0169,
};

const ARTICLE_MIGRATIONS: Record<string, Migration & { SLUG: string; BODY: string }> = {
  '20261201_0162_article_observations': m0162,
  '20261202_0171_article_educators_side': m0171,
};

describe('what the folded migrations send (frozen: the snapshot is the migrations as they were written)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T08:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const dialect of ['sqlite', 'postgres'] as const) {
    for (const [name, migration] of Object.entries(DISTRICT_VERSION_MIGRATIONS)) {
      it(`${name} on ${dialect}, up and down`, async () => {
        const up = recorder(dialect);
        await migration.up(up.db);
        const down = recorder(dialect);
        await migration.down(down.db);
        expect({ up: up.sent, down: down.sent }).toMatchSnapshot();
      });
    }

    for (const [name, migration] of Object.entries(ARTICLE_MIGRATIONS)) {
      const shown = (sent: Sent[]) => sent.map((s) => ({ sql: s.sql, parameters: s.parameters.map((p) => (p === migration.BODY ? '<BODY>' : p)) }));
      it(`${name} on ${dialect}: up on a database without the article, and with one`, async () => {
        const fresh = recorder(dialect, (q) => (/^insert/.test(q.sql) ? [{ id: 41 }] : []));
        await migration.up(fresh.db);
        const taken = recorder(dialect, () => [{ id: 7 }]);
        await migration.up(taken.db);
        expect({ fresh: shown(fresh.sent), taken: shown(taken.sent) }).toMatchSnapshot();
      });

      it(`${name} on ${dialect}: down on the untouched article, on an edited one and without one`, async () => {
        const untouched = recorder(dialect, (q) => (/^select/.test(q.sql) ? [{ id: 41, body: migration.BODY }] : []));
        await migration.down(untouched.db);
        const edited = recorder(dialect, (q) => (/^select/.test(q.sql) ? [{ id: 41, body: `${migration.BODY} (edited)` }] : []));
        await migration.down(edited.db);
        const none = recorder(dialect);
        await migration.down(none.db);
        expect({ untouched: shown(untouched.sent), edited: shown(edited.sent), none: shown(none.sent) }).toMatchSnapshot();
      });
    }
  }
});

describe('the database the migrations built', () => {
  // The tables whose triggers the helpers wrote: both sides (0163, 0169), the SQLite side (0161, 0165, 0166).
  const BOTH_SIDES = [...m0163.OBSERVATION_DISTRICT_VERSION_TABLES, ...m0169.COACHING_REQUEST_DISTRICT_VERSION_TABLES];
  const SQLITE_SIDE = [...m0161.CALIBRATION_DISTRICT_VERSION_TABLES, ...m0165.ACTION_STEP_DISTRICT_VERSION_TABLES, ...m0166.SELF_RATING_DISTRICT_VERSION_TABLES];

  it('carries districtVersionTriggers\' SQL to the byte', async () => {
    const db = openDatabase(':memory:');
    try {
      await migrateToLatest(db);
      if (isPostgres(db)) {
        for (const table of BOTH_SIDES) {
          const helper = recorder('postgres');
          await districtVersionTriggers(helper.db, table);
          const [fn, ...triggers] = helper.sent.map((s) => s.sql);
          const { rows } = await sql<{ prosrc: string }>`select prosrc from pg_proc where proname = ${`bump_district_versions_${table}`}`.execute(db);
          expect(rows.map((r) => r.prosrc)).toEqual([/\$\$(.*)\$\$/s.exec(fn!)![1]]);
          const { rows: found } = await sql<{ tgname: string }>`select tgname from pg_trigger where tgrelid = ${table}::regclass and not tgisinternal order by tgname`.execute(db);
          expect(found.map((r) => r.tgname).filter((n) => n.endsWith('_district_version'))).toEqual(['delete', 'insert', 'update'].map((e) => `${table}_${e}_district_version`));
          expect(triggers).toHaveLength(3);
        }
        return;
      }
      for (const table of [...BOTH_SIDES, ...SQLITE_SIDE]) {
        const helper = recorder('sqlite');
        await (BOTH_SIDES.includes(table) ? districtVersionTriggers : sqliteDistrictVersionTriggers)(helper.db, table);
        const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and tbl_name = ${table}
          and name like '%_district_version' order by name`.execute(db);
        // SQLite keeps a trigger's text as written but for its first two words.
        expect(rows.map((r) => r.sql)).toEqual(helper.sent.map((s) => s.sql.replace(/^create trigger/, 'CREATE TRIGGER')).sort());
      }
    } finally {
      await db.destroy();
    }
  });
});
