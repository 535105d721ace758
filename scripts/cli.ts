// npm run cli -- <command>: database and account administration from the command line.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ROLE_PERMISSIONS } from '../common/permissions';
import { US_STATES } from '../common/constants';
import { isLocale } from '../common/locales';
import type { DB } from '../db/connection';
import { CopyFailed, CopyRefused, copyToPostgres, redactUrl } from './copyToPostgres';
import { demoAccountsText, prepareDatabase, runDemoSeed } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createDistrict, createInvite, createUser } from '../server/identity/accounts';
import { HttpError } from '../server/http/errors';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   Run database migrations.
  seed --demo                               Seed the demo districts (skipped when present).
  create-district --name NAME --state ST [--plan essentials|professional|enterprise] [--timezone TZ] [--language en|es]
                                            --language es: its people's language and its defaults in Spanish.
  create-user --district ID|SLUG --role ROLE --email EMAIL [--name NAME] [--password PW] [--building ID ...]
                                            Without --password, prints a 7-day invite link.
  create-provider-admin --email EMAIL [--name NAME] [--password PW] [--role provider-admin|provider-support]
  list-users [--district ID|SLUG]
  backup FILE                               Copy the database to FILE, safely while the server runs.
  copy-to-postgres --to postgres://USER@HOST:PORT/DB
                                            Copy the SQLite database into a new, empty PostgreSQL database.

District roles: ${Object.entries(ROLE_PERMISSIONS).filter(([, r]) => r.area === 'app').map(([k]) => k).join(', ')}
Environment: DATA_DIR, DATABASE_FILE, APP_URL (for links).`;

class UsageError extends Error {}

function need(value: string | undefined, flag: string): string {
  if (!value || !value.trim()) throw new UsageError(`Missing --${flag}.`);
  return value.trim();
}

async function findDistrict(db: DB, ref: string) {
  const query = db.selectFrom('districts').select(['id', 'name', 'slug']);
  const district = /^\d+$/.test(ref)
    ? await query.where('id', '=', Number(ref)).executeTakeFirst()
    : await query.where('slug', '=', ref).executeTakeFirst();
  if (!district) throw new UsageError(`No district "${ref}". Use its id or slug (see list-users).`);
  return district;
}

/**
 * Copies the live database with SQLite's online backup API through a read-only connection: a
 * consistent snapshot of what was committed, taken in small steps, never holding the write lock,
 * so a running server keeps serving (finding 15). Checks the copy's integrity afterwards.
 */
async function backup(databaseFile: string, target: string | undefined): Promise<string> {
  if (!target) throw new UsageError('Say where to write the backup: backup FILE.');
  const destination = path.resolve(target);
  if (fs.existsSync(destination)) throw new UsageError(`${destination} already exists; choose a new file.`);
  if (!fs.existsSync(databaseFile)) throw new UsageError(`No database at ${databaseFile}.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const source = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await source.backup(destination);
    const copy = new SQLite(destination, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy at ${destination} failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    return `Backed up ${totalPages} pages of ${databaseFile} to ${destination} (integrity ok).`;
  } finally {
    source.close();
  }
}

export async function runCli(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      demo: { type: 'boolean' }, name: { type: 'string' }, state: { type: 'string' }, plan: { type: 'string' },
      timezone: { type: 'string' }, district: { type: 'string' }, role: { type: 'string' }, email: { type: 'string' },
      password: { type: 'string' }, building: { type: 'string', multiple: true }, help: { type: 'boolean' },
      to: { type: 'string' }, language: { type: 'string' },
    },
    strict: true,
    allowPositionals: command === 'backup',
  });
  if (!command || command === 'help' || values.help) {
    out(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  if (command === 'backup') {
    try {
      if (config.databaseUrl) {
        throw new UsageError('backup copies the SQLite file; on PostgreSQL use pg_dump (docs/operations/backups.md).');
      }
      out(await backup(config.databaseFile, positionals[0]));
      return 0;
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      out(`Error: ${err.message}`);
      return 1;
    }
  }
  if (command === 'copy-to-postgres') {
    try {
      const to = need(values.to, 'to');
      const started = Date.now();
      const { tables, rows } = await copyToPostgres({ sourceFile: config.databaseFile, targetUrl: to });
      for (const t of tables) out(`${t.name.padEnd(32)} ${String(t.rows).padStart(9)}`);
      out(`Copied ${rows} rows in ${tables.length} tables from ${config.databaseFile} to ${redactUrl(to)} in one transaction `
        + `(${((Date.now() - started) / 1000).toFixed(1)} s); every table's row count matches.`);
      return 0;
    } catch (err) {
      if (!(err instanceof UsageError || err instanceof CopyRefused || err instanceof CopyFailed)) throw err;
      out(`Error: ${err.message}`);
      return 1;
    }
  }
  const { db } = await prepareDatabase(config);
  try {
    switch (command) {
      case 'migrate':
        out(`Database is up to date: ${config.databaseFile}`);
        return 0;
      case 'seed': {
        if (!values.demo) throw new UsageError('Say what to seed: seed --demo.');
        out((await runDemoSeed(db)) ? 'Seeded the demo districts.' : 'The demo districts already exist; nothing changed.');
        out(demoAccountsText());
        return 0;
      }
      case 'create-district': {
        const state = need(values.state, 'state').toUpperCase();
        if (!(state in US_STATES)) throw new UsageError(`--state must be a US state code such as IL, got "${state}".`);
        const language = values.language ?? 'en';
        if (!isLocale(language)) throw new UsageError(`--language must be en or es, got "${language}".`);
        const id = await createDistrict(db, { name: need(values.name, 'name'), state, planKey: values.plan ?? 'essentials', timezone: values.timezone, language });
        const row = await db.selectFrom('districts').select(['id', 'slug']).where('id', '=', id).executeTakeFirstOrThrow();
        out(`Created district ${row.id} (${row.slug}).`);
        return 0;
      }
      case 'create-user':
      case 'create-provider-admin': {
        const provider = command === 'create-provider-admin';
        const district = provider ? null : await findDistrict(db, need(values.district, 'district'));
        const role = provider ? values.role ?? 'provider-admin' : need(values.role, 'role');
        const email = need(values.email, 'email');
        const user = await createUser(db, {
          districtId: district?.id ?? null,
          email,
          name: values.name ?? email.split('@')[0]!,
          roles: [role],
          password: values.password,
          buildingIds: (values.building ?? []).map(Number),
        });
        out(`Created ${role} ${user.email} (user ${user.id})${district ? ` in ${district.name}` : ''}.`);
        if (!values.password) {
          const token = await createInvite(db, user, null);
          out(`Invite link (valid 7 days): ${config.appUrl}/${provider ? 'admin' : 'app'}/auth/invite/${token}`);
        }
        return 0;
      }
      case 'list-users': {
        let query = db.selectFrom('users').leftJoin('districts', 'districts.id', 'users.district_id')
          .select(['users.id', 'users.email', 'users.name', 'users.status', 'districts.slug as district']).orderBy('users.id');
        if (values.district) query = query.where('users.district_id', '=', (await findDistrict(db, values.district)).id);
        const rows = await query.execute();
        for (const r of rows) out(`${String(r.id).padStart(5)}  ${r.email.padEnd(36)} ${r.status.padEnd(8)} ${r.district ?? '(provider staff)'}  ${r.name}`);
        out(`${rows.length} user(s).`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } catch (err) {
    if (err instanceof UsageError) out(`Error: ${err.message}`);
    else if (err instanceof HttpError) out(`Error: ${Object.values(err.errors ?? {}).flat().join(' ') || err.message}`);
    else throw err;
    return 1;
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
    console.error(err instanceof Error ? `Error: ${err.message}` : err);
    process.exit(1);
  });
}
