import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../db/connection';
import { runCli } from './cli';

let dataDir: string;
let lines: string[];
const run = async (...args: string[]) => {
  lines = [];
  return runCli(args, (line) => lines.push(line));
};
const output = () => lines.join('\n');

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-cli-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_FILE;
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
});

async function users() {
  const db = openDatabase(path.join(dataDir, 'coachwell.sqlite'));
  try {
    return await db.selectFrom('users').select(['email', 'status', 'district_id']).orderBy('id').execute();
  } finally {
    await db.destroy();
  }
}

describe('npm run cli', () => {
  it('prints usage and fails without a command', async () => {
    expect(await run()).toBe(1);
    expect(output()).toMatch(/^Usage: npm run cli -- <command>/);
  });

  it('migrates a new database file [SQLite]', async () => {
    expect(await run('migrate')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'coachwell.sqlite'))).toBe(true);
  });

  it('seeds the demo districts once', async () => {
    expect(await run('seed', '--demo')).toBe(0);
    expect(output()).toContain('Seeded the demo districts.');
    expect(await run('seed', '--demo')).toBe(0);
    expect(output()).toContain('already exist');
    expect((await users()).map((u) => u.email)).toContain('support@coachwell.example');
  });

  it('creates a district and an invited user with an invite link', async () => {
    expect(await run('create-district', '--name', 'Elm Park Schools', '--state', 'ny')).toBe(0);
    expect(output()).toBe('Created district 1 (elm-park-schools).');
    expect(await run('create-user', '--district', 'elm-park-schools', '--role', 'coach', '--email', 'Coach@ElmPark.org')).toBe(0);
    expect(output()).toMatch(/Invite link \(valid 7 days\): http:\/\/localhost:3000\/app\/auth\/invite\/[\w-]{20,}/);
    expect(await users()).toEqual([{ email: 'coach@elmpark.org', status: 'invited', district_id: 1 }]);
  });

  it("gives a district without --timezone its state's main zone, and --timezone when given", async () => {
    expect(await run('create-district', '--name', 'Willow Creek', '--state', 'or')).toBe(0);
    expect(await run('create-district', '--name', 'Elm Park Schools', '--state', 'OR', '--timezone', 'America/Denver')).toBe(0);
    const db = openDatabase(path.join(dataDir, 'coachwell.sqlite'));
    try {
      expect(await db.selectFrom('districts').select(['slug', 'state', 'timezone']).orderBy('id').execute()).toEqual([
        { slug: 'willow-creek', state: 'OR', timezone: 'America/Los_Angeles' },
        { slug: 'elm-park-schools', state: 'OR', timezone: 'America/Denver' },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('creates a district in Spanish with --language es: its language stored, its defaults in Spanish (issue 33)', async () => {
    expect(await run('create-district', '--name', 'Distrito Escolar de Las Lomas', '--state', 'PR', '--language', 'es')).toBe(0);
    expect(output()).toBe('Created district 1 (distrito-escolar-de-las-lomas).');
    expect(await run('create-district', '--name', 'Elm Park Schools', '--state', 'NY', '--language', 'en')).toBe(0);
    const db = openDatabase(path.join(dataDir, 'coachwell.sqlite'));
    try {
      expect(await db.selectFrom('districts').select(['slug', 'settings', 'timezone']).orderBy('id').execute()).toEqual([
        { slug: 'distrito-escolar-de-las-lomas', settings: '{"language":"es"}', timezone: 'America/Puerto_Rico' },
        { slug: 'elm-park-schools', settings: '{}', timezone: 'America/New_York' },
      ]);
      const firstType = (districtId: number) => db.selectFrom('interaction_types').select('name').where('district_id', '=', districtId)
        .orderBy('sort_order').executeTakeFirstOrThrow();
      expect(await firstType(1)).toEqual({ name: 'Observación de aula' });
      expect(await firstType(2)).toEqual({ name: 'Classroom observation' });
      expect((await db.selectFrom('skill_levels').select('name').where('district_id', '=', 1).orderBy('level').execute()).map((l) => l.name))
        .toEqual(['Inicial', 'En desarrollo', 'Competente', 'Ejemplar']);
    } finally {
      await db.destroy();
    }
  });

  it('sets a password instead when given one, and creates provider staff', async () => {
    await run('create-district', '--name', 'Elm Park Schools', '--state', 'NY');
    expect(await run('create-user', '--district', '1', '--role', 'district-admin', '--email', 'a@elmpark.org', '--password', 'long-password-1')).toBe(0);
    expect(output()).not.toContain('Invite link');
    expect(await run('create-provider-admin', '--email', 'ops@coachwell.example')).toBe(0);
    expect(output()).toMatch(/\/admin\/auth\/invite\//);
    expect(await users()).toEqual([
      { email: 'a@elmpark.org', status: 'active', district_id: 1 },
      { email: 'ops@coachwell.example', status: 'invited', district_id: null },
    ]);
  });

  it.each([
    [['create-district', '--name', 'X', '--state', 'ZZ'], '--state must be a US state code'],
    [['create-district', '--state', 'IL'], 'Missing --name.'],
    [['create-district', '--name', 'X', '--state', 'IL', '--language', 'fr'], '--language must be en or es, got "fr".'],
    [['create-user', '--district', 'nope', '--role', 'coach', '--email', 'x@y.org'], 'No district "nope"'],
    [['create-user', '--district', '1', '--role', 'wizard', '--email', 'x@y.org'], 'Unknown role: wizard.'],
    [['create-user', '--district', '1', '--role', 'provider-admin', '--email', 'x@y.org'], 'District users take district roles only.'],
    [['seed'], 'Say what to seed'],
    [['bogus'], 'Unknown command "bogus".'],
  ])('fails clearly for %j and changes nothing', async (args, message) => {
    await run('create-district', '--name', 'Elm Park Schools', '--state', 'NY');
    expect(await run(...args)).toBe(1);
    expect(output()).toContain(message);
    expect(await users()).toEqual([]);
  });

  it('refuses a duplicate email', async () => {
    await run('create-district', '--name', 'Elm Park Schools', '--state', 'NY');
    await run('create-user', '--district', '1', '--role', 'coach', '--email', 'c@elmpark.org');
    expect(await run('create-user', '--district', '1', '--role', 'coach', '--email', 'C@ELMPARK.ORG')).toBe(1);
    expect(output()).toBe('Error: An account with this email already exists.');
  });

  it('lists users', async () => {
    await run('seed', '--demo');
    expect(await run('list-users', '--district', 'cedar-falls-community-schools')).toBe(0);
    expect(output()).toContain('admin@cedarfalls.example');
    expect(output()).not.toContain('maplegrove');
    expect(output()).toContain('1 user(s).');
  });
});

describe('npm run cli -- backup (finding 15: back up the live database safely) [SQLite]', () => {
  it('copies a consistent snapshot while another connection is writing, without waiting for it', async () => {
    await run('create-district', '--name', 'Elm Park Schools', '--state', 'NY');
    // A running server mid-write: holds the write lock with an uncommitted row.
    const live = new SQLite(path.join(dataDir, 'coachwell.sqlite'));
    live.exec('BEGIN IMMEDIATE');
    live.prepare("UPDATE districts SET name = 'Uncommitted' WHERE id = 1").run();
    const target = path.join(dataDir, 'backups', 'copy.sqlite');
    try {
      expect(await run('backup', target)).toBe(0);
    } finally {
      live.exec('ROLLBACK');
      live.close();
    }
    expect(output()).toMatch(new RegExp(`Backed up .* to ${target.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(integrity ok\\)\\.`));
    const copy = new SQLite(target, { readonly: true });
    try {
      expect(copy.prepare('SELECT name FROM districts').all()).toEqual([{ name: 'Elm Park Schools' }]);
    } finally {
      copy.close();
    }
  });

  it('refuses to overwrite a file and needs a target', async () => {
    await run('migrate');
    const target = path.join(dataDir, 'exists.sqlite');
    fs.writeFileSync(target, 'keep me');
    expect(await run('backup', target)).toBe(1);
    expect(output()).toBe(`Error: ${target} already exists; choose a new file.`);
    expect(fs.readFileSync(target, 'utf8')).toBe('keep me');
    expect(await run('backup')).toBe(1);
    expect(output()).toBe('Error: Say where to write the backup: backup FILE.');
    process.env.DATABASE_URL = 'postgres://someone@db.example/coachwell';
    try {
      expect(await run('backup', path.join(dataDir, 'x.sqlite'))).toBe(1);
      expect(output()).toBe('Error: backup copies the SQLite file; on PostgreSQL use pg_dump (docs/operations/backups.md).');
    } finally {
      delete process.env.DATABASE_URL;
    }
  });
});
