import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './types';

export type DB = Kysely<Database>;

/** Opens the SQLite database (':memory:' for tests) with WAL, foreign keys and a busy timeout. */
export function openDatabase(filename: string): DB {
  const sqlite = new SQLite(filename);
  if (filename !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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
