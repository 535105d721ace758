// The migrated database every test starts from, made once and copied (issue: CI time). Migrating a new
// database (every migration, the reference data, the planner statistics) costs ~150 ms; opening a copy of
// one already migrated costs ~1 ms, and the copy is the same database: the same schema, rows, sequences and
// statistics, in memory, its own. The image is kept for the test file (this module) and, under Vitest, for
// the whole run in the folder scripts/vitest.templates.ts makes (COACHWELL_TEST_TEMPLATES), under a name that
// is a hash of everything that shapes it (db/ and common/ sources, server/bootstrap.ts): a migration written or changed while
// the suite runs makes a new image, never a stale one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sqliteImage } from '../../db/connection';
import { prepareDatabase } from '../bootstrap';

export const TEST_TEMPLATES_VARIABLE = 'COACHWELL_TEST_TEMPLATES';

const ROOT = path.resolve(import.meta.dirname, '../..');

const images = new Map<string, Promise<Buffer>>();

/**
 * The bytes of a database prepared as `prepareDatabase` prepares a new one (for `openSqlite(image)`).
 * Migrations date the rows they write (articles, skills, interaction types …) with the clock: a test whose
 * `Date` is frozen (freezeDateEachTest) gets an image made at that instant, as its own migrations would
 * have dated them; one on the real clock gets an image made earlier in the run.
 */
export function migratedImage(): Promise<Buffer> {
  const key = clockKey();
  let image = images.get(key);
  if (!image) {
    image = loadOrMake(key).catch((err: unknown) => {
      images.delete(key);
      throw err;
    });
    images.set(key, image);
  }
  return image;
}

/** 'real', or the frozen instant when `Date` is faked (it then differs from the process's own clock). */
function clockKey(): string {
  const now = Date.now();
  return Math.abs(now - (performance.timeOrigin + performance.now())) > 1_000 ? `at-${now}` : 'real';
}

async function loadOrMake(key: string): Promise<Buffer> {
  const dir = process.env[TEST_TEMPLATES_VARIABLE];
  const file = dir && fs.existsSync(dir) ? path.join(dir, `migrated-${sourcesHash()}-${key}.sqlite`) : null;
  if (file && fs.existsSync(file)) return fs.readFileSync(file);
  const { db } = await prepareDatabase({ databaseFile: ':memory:' });
  try {
    const bytes = sqliteImage(db);
    if (file) writeAtomically(file, bytes);
    return bytes;
  } finally {
    await db.destroy();
  }
}

/** A file written whole or not at all: two workers may make the same image at once. */
export function writeAtomically(file: string, bytes: Buffer): void {
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
}

/** A hash of the TypeScript under db/ and common/ (migrations, the migrator, reference data and what they import). */
function sourcesHash(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) hash.update(full).update(fs.readFileSync(full));
    }
  };
  walk(path.join(ROOT, 'db'));
  walk(path.join(ROOT, 'common'));
  hash.update(fs.readFileSync(path.join(ROOT, 'server/bootstrap.ts')));
  return hash.digest('hex').slice(0, 16);
}
