import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery, Kysely, SelectQueryNode, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type QueryResult, type SqliteDatabase,
} from 'kysely';
import { openPostgres, openTestPostgres, type PoolOptions } from './postgres';
import type { Database } from './types';

export type DB = Kysely<Database>;

/** Where the data lives: PostgreSQL when `databaseUrl` is set, else the SQLite file (':memory:' in tests). */
export interface DatabaseTarget {
  databaseUrl?: string | null;
  databaseFile: string;
  pool?: PoolOptions;
}

/**
 * The one place that decides which database the app talks to (issue 15): `DATABASE_URL=postgres://…`
 * selects PostgreSQL, otherwise SQLite under DATA_DIR. Under `npm run test:pg` (COACHWELL_TEST_POSTGRES
 * set by scripts/testPg.ts) an SQLite name stands for a PostgreSQL test database of its own
 * (db/postgres.ts), so every test runs unchanged on both. A bare string is an SQLite file name.
 */
export function openDatabase(target: string | DatabaseTarget, busy: BusyOptions = {}): DB {
  const { databaseUrl, databaseFile, pool } = typeof target === 'string' ? { databaseFile: target } as DatabaseTarget : target;
  if (databaseUrl) return openPostgres(databaseUrl, pool);
  const testServer = process.env.COACHWELL_TEST_POSTGRES;
  if (testServer) return openTestPostgres(testServer, databaseFile, pool);
  return openSqlite(databaseFile, busy);
}

export interface BusyOptions {
  /**
   * How long better-sqlite3 may block the event loop on one attempt while another connection holds
   * the write lock (SQLite's busy_timeout). Kept short: the wait is synchronous.
   */
  syncWaitMs?: number;
  /** How long to keep retrying, on timers, before giving up with SQLITE_BUSY (the API answers 503). */
  retryForMs?: number;
  /** Called on every busy attempt (tests observe the retries through it). */
  onBusy?: () => void;
}

const DEFAULT_BUSY: Required<Omit<BusyOptions, 'onBusy'>> = { syncWaitMs: 20, retryForMs: 5000 };

/**
 * Opens the SQLite database (':memory:' for tests) with WAL, foreign keys and busy handling that
 * never freezes the process (finding 15): each attempt waits at most `syncWaitMs`; on SQLITE_BUSY
 * the statement is retried after a short timer, with the connection free for other queries
 * meanwhile, until `retryForMs` have passed. Transactions begin IMMEDIATE, so they take the write
 * lock (waiting the same way) before their first statement and never fail half-way on it. Reads in
 * WAL mode do not wait for a writer at all. The server, the CLI and the tests all open it here.
 * Prepared statements are kept by SQL text (`withStatementCache`).
 *
 * `filename` may also be a database image (`sqliteImage`): a new in-memory database with that content
 * and the same settings as ':memory:' (the tests open each test's database from a migrated one).
 */
export function openSqlite(filename: string | Buffer, busy: BusyOptions = {}): DB {
  const options = { ...DEFAULT_BUSY, ...busy };
  const sqlite = new SQLite(filename);
  if (typeof filename === 'string' && filename !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.syncWaitMs))}`);
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new RetryingSqliteDialect(sqlite, options) });
  sqliteHandles.set(db, sqlite);
  return db;
}

const sqliteHandles = new WeakMap<DB, SQLite.Database>();

/**
 * The whole SQLite database as bytes (better-sqlite3's serialize: the file's image, the same for an
 * in-memory database), for `openSqlite(image)` or writing to a file. Only for a database opened by openSqlite.
 */
export function sqliteImage(db: DB): Buffer {
  const sqlite = sqliteHandles.get(db);
  if (!sqlite) throw new Error('sqliteImage: not an SQLite database opened by openSqlite');
  return sqlite.serialize();
}

/** The app connection's own checkpoint threshold while a background checkpointer runs: a safety net only. */
const SAFETY_CHECKPOINT_PAGES = 4_000;

/** What the checkpointer's thread runs (CommonJS, evaluated): PASSIVE checkpoints on a connection of its own. */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.postMessage('stopped'); parentPort.close(); });
`;

/**
 * Moves SQLite's WAL checkpoints off the event loop (issue 28, "Speed"). SQLite copies the WAL back into the
 * database file inside the commit that takes the WAL past `wal_autocheckpoint` (1 000 pages), with an fsync:
 * better-sqlite3 runs it on the event loop, so every request in flight waited for it (an observation save
 * writes about 50 pages: a checkpoint every ~20 saves, up to 50–120 ms each, measured in docs/benchmarks.md).
 * Here a worker thread with a connection of its own runs a PASSIVE checkpoint every `everyMs` (it never waits
 * for, nor blocks, a reader or a writer), and the app's connection checkpoints itself only past
 * SAFETY_CHECKPOINT_PAGES: under writes back to back the worker's pass rarely ends with the whole WAL copied
 * (the condition for the next write to start the WAL over), so the WAL grows to that size, and the app's own
 * checkpoint then finds most of it copied already. For a file database opened by openSqlite (the
 * server, `server/main.ts`, and the benches); nothing for an in-memory one or PostgreSQL. `stop` takes a
 * last checkpoint and closes the worker's connection: call it before `db.destroy()`.
 */
export function checkpointInBackground(db: DB, everyMs = 100): { stop(): Promise<void> } {
  const sqlite = sqliteHandles.get(db);
  if (!sqlite || sqlite.memory) return { stop: async () => {} };
  const worker = new Worker(CHECKPOINTER, {
    eval: true, workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), file: sqlite.name, everyMs },
  });
  worker.unref();
  let exited = false;
  worker.on('error', (err) => console.error('The background checkpointer stopped:', err));
  worker.once('exit', () => {
    exited = true;
    // Stopped or failed: the app's connection checkpoints itself again.
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_CHECKPOINT_PAGES}`);
  let stopped: Promise<void> | undefined;
  return {
    stop: () => stopped ??= exited ? Promise.resolve() : new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.once('message', () => void worker.terminate());
      worker.postMessage('stop');
    }),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare every query it runs, and preparing costs more than running a
 * small indexed query; the signed-in user alone is loaded on every request. Statements are kept by SQL
 * text (least recently used out past STATEMENT_CACHE_SIZE). A statement still being iterated by a stream
 * is busy, so that query gets a fresh one. SQLite re-prepares a kept statement itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const kept = cache.get(sql);
      if (kept && !kept.busy) {
        cache.delete(sql);
        cache.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (!kept) {
        cache.set(sql, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * A write a unique index refused: better-sqlite3's SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY), PostgreSQL's 23505
 * (unique_violation). On PostgreSQL the transaction it happened in is aborted: read what won after it ended.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isBusyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

class RetryingSqliteDialect implements Dialect {
  constructor(private readonly sqlite: SQLite.Database, private readonly options: BusyOptions & typeof DEFAULT_BUSY) {}
  createDriver(): Driver {
    return new RetryingSqliteDriver(this.sqlite, this.options);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/** Kysely's SQLite driver (one connection behind a mutex) with busy retries off the event loop. */
class RetryingSqliteDriver implements Driver {
  private readonly mutex = new ConnectionMutex();
  private readonly connection: RetryingSqliteConnection;

  constructor(private readonly sqlite: SQLite.Database, options: BusyOptions & typeof DEFAULT_BUSY) {
    this.connection = new RetryingSqliteConnection(sqlite, this.mutex, options);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.sqlite.close();
  }
}

class RetryingSqliteConnection implements DatabaseConnection {
  private readonly statements: SqliteDatabase;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly mutex: ConnectionMutex,
    private readonly options: BusyOptions & typeof DEFAULT_BUSY,
  ) {
    this.statements = withStatementCache(sqlite);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + this.options.retryForMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return this.run<R>(compiledQuery);
      } catch (err) {
        // Inside a transaction (begun IMMEDIATE, so it already holds the lock) a retry could not help.
        if (!isBusyError(err) || this.sqlite.inTransaction || Date.now() >= deadline) throw err;
        this.options.onBusy?.();
        // Let other queries use the connection while this one waits; take it back to retry.
        this.mutex.unlock();
        await new Promise((resolve) => setTimeout(resolve, Math.min(5 * 2 ** attempt, 100) + Math.random() * 10));
        await this.mutex.lock();
      }
    }
  }

  private run<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    const { sql, parameters } = compiledQuery;
    const stmt = this.statements.prepare(sql);
    if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return {
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.statements.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }
}

class ConnectionMutex {
  private promise?: Promise<void>;
  private resolve?: () => void;

  async lock(): Promise<void> {
    while (this.promise) await this.promise;
    this.promise = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  unlock(): void {
    const resolve = this.resolve;
    this.promise = undefined;
    this.resolve = undefined;
    resolve?.();
  }
}
