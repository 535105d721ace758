import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DB } from '../db/connection';
import { refreshPlannerStatistics } from '../db/dialect';
import { migrateToLatest } from '../db/migrator';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../db/seeds/demo';
import { seedReference } from '../db/seeds/reference';
import { type Config, loadConfig } from './config';
import { seedDemoDeletion } from './features/adminDistricts/demoDeletion';
import { markInterruptedImports } from './features/imports/queries';
import { createDistrict, createUser } from './identity/accounts';
import { secretBoxFor } from './lib/secretBox';

/** Opens the database, runs migrations and reference data. `isNew` is true when the schema was just created. */
export async function prepareDatabase(config: Pick<Config, 'databaseFile'> & Partial<Pick<Config, 'databaseUrl' | 'pgPoolSize'>>): Promise<{ db: DB; isNew: boolean }> {
  if (!config.databaseUrl && config.databaseFile !== ':memory:') fs.mkdirSync(path.dirname(config.databaseFile), { recursive: true });
  const db = openDatabase({ databaseUrl: config.databaseUrl, databaseFile: config.databaseFile, pool: { max: config.pgPoolSize } });
  const applied = await migrateToLatest(db);
  await seedReference(db);
  // Imports a stopped process left running were rolled back: they show as interrupted, never stuck.
  await markInterruptedImports(db);
  await refreshPlannerStatistics(db);
  return { db, isNew: applied.includes('20261121_0001_foundation') };
}

/**
 * Seeds the demo districts. `config` seals the demo's single sign-on secret with the key the app will open it with
 * (the environment's by default; production never seeds demo data).
 */
export async function runDemoSeed(db: DB, config: Pick<Config, 'env' | 'sessionSecret' | 'sso'> = loadConfig()): Promise<boolean> {
  const box = secretBoxFor(config);
  const seeded = await seedDemo(db, { createDistrict, createUser, sealSecret: (plain) => (box.ready ? box.seal(plain) : null) });
  // The provider's Deleted districts: one small district purged with its certificate (issue 32).
  if (seeded) await seedDemoDeletion(db, { createDistrict, createUser });
  if (seeded) await refreshPlannerStatistics(db);
  return seeded;
}

export function demoAccountsText(): string {
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(32)} ${a.role}${a.district ? '' : '  (sign in at /admin/auth/login)'}`);
  return `Demo accounts (password: ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}
