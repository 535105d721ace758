// SQLite's WAL checkpoints on a worker thread (db/connection.ts checkpointInBackground, issue 28 "Speed"): the
// pages a commit appends to the WAL reach the database file without the app's connection checkpointing (its own
// threshold is raised to a safety net), and stopping hands checkpoints back to the app's connection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointInBackground, type DB, openSqlite } from './connection';

let dir: string | undefined;
let db: DB | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const pragma = async (d: DB, name: string) => Object.values((await sql.raw<Record<string, number>>(`pragma ${name}`).execute(d)).rows[0]!)[0];

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('checkpointInBackground', () => {
  it('copies the WAL into the database file from its own thread; the app connection checkpoints only past 4 000 pages until stopped', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-checkpoint-'));
    const file = path.join(dir, 'coachwell.sqlite');
    db = openSqlite(file);
    await sql`create table t (id integer primary key, body text not null)`.execute(db);
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
    expect(await pragma(db, 'wal_autocheckpoint')).toBe(1000);
    const checkpoints = checkpointInBackground(db, 20);
    expect(await pragma(db, 'wal_autocheckpoint')).toBe(4000);
    const before = fs.statSync(file).size;
    // About 300 pages of rows, one commit each: far below the app connection's threshold.
    for (let k = 0; k < 300; k++) await sql`insert into t (body) values (${'x'.repeat(3000)})`.execute(db);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(300 * 4096);
    // The worker's checkpoints write them into the database file.
    expect(await until(() => fs.statSync(file).size >= before + 290 * 4096, 5000)).toBe(true);
    await checkpoints.stop();
    await checkpoints.stop();
    expect(await pragma(db, 'wal_autocheckpoint')).toBe(1000);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n).toBe(300);
  });

  it('does nothing for an in-memory database', async () => {
    db = openSqlite(':memory:');
    const checkpoints = checkpointInBackground(db);
    expect(await pragma(db, 'wal_autocheckpoint')).toBe(1000);
    await checkpoints.stop();
  });
});
