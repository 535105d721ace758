import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './types';

export type DB = Kysely<Database>;

/** Opens the SQLite database (':memory:' for tests) with WAL, foreign keys and a busy timeout. */
export function openDatabase(filename: string): DB {
  const sqlite = new SQLite(filename);
  if (filename !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export function nowIso(): string {
  return new Date().toISOString();
}
