// The demo data: four districts — Maple Grove (Professional), Cedar Falls (an Essentials trial), Riverbend
// (Enterprise, so every report and plan limit can be seen) and Valle del Sol (small, in Spanish: issue 33,
// demoSpanish.ts) — and provider staff, all with the
// password DEMO_PASSWORD. Coherent as a buyer would check it (issue 26): coaches coach only educators at
// their own schools, nobody coaches on a weekend or a school holiday (demoCalendar.ts), realistic
// weekly volumes, and every active login has signed in on a recent school day.
import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../connection';
import { nowIso } from '../connection';
import { seedDemoActionSteps } from './demoActionSteps';
import { seedDemoBilling } from './demoBilling';
import { localDay, schoolDayBefore, zonedInstant } from './demoCalendar';
import { seedDemoCycles } from './demoCycles';
import { seedDemoInteractions } from './demoInteractions';
import { seedDemoObservations } from './demoObservations';
import { seedDemoCalibration } from './demoCalibration';
import { seedDemoCoachingRequests } from './demoCoachingRequests';
import { seedDemoPeople } from './demoPeople';
import { seedDemoReadLog } from './demoReadLog';
import { seedDemoSelfAssessments } from './demoSelfAssessments';
import { seedDemoSkills } from './demoSkills';
import { seedDemoSpanish, VALLE_DEL_SOL, VALLE_DEL_SOL_BUILDING } from './demoSpanish';

export const DEMO_PASSWORD = 'coachwell-demo';

export const DEMO_ACCOUNTS = [
  { email: 'admin@maplegrove.example', role: 'district-admin', name: 'Dana Whitfield', district: 'maple' },
  { email: 'principal@maplegrove.example', role: 'building-admin', name: 'Marcus Bell', district: 'maple' },
  { email: 'coach@maplegrove.example', role: 'coach', name: 'Priya Raman', district: 'maple' },
  { email: 'coach2@maplegrove.example', role: 'coach', name: 'Angela Ruiz', district: 'maple' },
  { email: 'coach3@maplegrove.example', role: 'coach', name: 'Tom Becker', district: 'maple' },
  { email: 'teacher@maplegrove.example', role: 'educator', name: 'Jordan Ellis', district: 'maple' },
  { email: 'admin@cedarfalls.example', role: 'district-admin', name: 'Helen Okafor', district: 'cedar' },
  { email: 'admin@riverbend.example', role: 'district-admin', name: 'Renee Castillo', district: 'riverbend' },
  { email: 'principal@riverbend.example', role: 'building-admin', name: 'Gregory Hale', district: 'riverbend' },
  { email: 'coach@riverbend.example', role: 'coach', name: 'Nadia Brooks', district: 'riverbend' },
  { email: 'coach2@riverbend.example', role: 'coach', name: 'Owen Fitzgerald', district: 'riverbend' },
  { email: 'teacher@riverbend.example', role: 'educator', name: 'Carmen Delgado', district: 'riverbend' },
  { email: 'admin@valledelsol.example', role: 'district-admin', name: 'Lucía Fernández', district: 'valle' },
  { email: 'coach@valledelsol.example', role: 'coach', name: 'Mateo Salinas', district: 'valle' },
  { email: 'teacher@valledelsol.example', role: 'educator', name: 'Sofía Garza', district: 'valle' },
  { email: 'support@coachwell.example', role: 'provider-admin', name: 'Sam Ortega', district: null },
] as const;

/** Riverbend's people invited but not signed up yet (no password, so not demo logins). */
export const RIVERBEND_INVITED = [
  { email: 'coach3@riverbend.example', role: 'coach', name: 'Leah Morgan', school: 0 },
  { email: 'principal2@riverbend.example', role: 'building-admin', name: 'Isaac Porter', school: 0 },
] as const;

export const RIVERBEND_BUILDINGS = [
  { name: 'Riverbend High School', code: 'RHS', grade_band: '9-12' },
  { name: 'Willow Creek Elementary', code: 'WCE', grade_band: 'K-5' },
];

export const MAPLE_GROVE_BUILDINGS = [
  { name: 'Maple Grove High School', code: 'MGHS', grade_band: '9-12' },
  { name: 'Lincoln Middle School', code: 'LMS', grade_band: '6-8' },
  { name: 'Oak Hollow Elementary', code: 'OHE', grade_band: 'K-5' },
  { name: 'Riverside Elementary', code: 'RSE', grade_band: 'K-5' },
];

export interface DemoSeedServices {
  createDistrict: (db: DB, input: { name: string; state: string; planKey: string; status?: 'trial' | 'active'; timezone?: string; seats?: number; language?: 'en' | 'es' }) => Promise<number>;
  createUser: (db: DB, input: { districtId: number | null; email: string; name: string; roles: string[]; password?: string; buildingIds?: number[] }) => Promise<{ id: number; email: string }>;
  /** Seals a single sign-on client secret as the app stores it (server/lib/secretBox.ts); null: no key, none stored. */
  sealSecret?: (plain: string) => string | null;
}

const DEMO_TIMEZONE = 'America/Chicago';
const RIVERBEND_TIMEZONE = 'America/Denver';

/** Coaching targets (Site settings), so the reports and the dashboard pulse measure against them. */
async function setCoachingTargets(db: DB, districtId: number): Promise<void> {
  const { settings } = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirstOrThrow();
  await db.updateTable('districts').set({
    settings: JSON.stringify({ ...JSON.parse(settings), coaching_targets: { interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: 1 } }),
  }).where('id', '=', districtId).execute();
}

async function insertBuildings(db: DB, districtId: number, list: { name: string; code: string; grade_band: string }[]): Promise<number[]> {
  const now = nowIso();
  const ids: number[] = [];
  for (const b of list) {
    const row = await db.insertInto('buildings').values({ ...b, district_id: districtId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * When each demo login last signed in: on a recent school day of its district (`back` school days before
 * the seeding day, or that day itself when the time has passed), in working hours; never in the future.
 */
export function demoLastSignIn(today: Date, timeZone: string, back: number, minuteOfDay: number): string {
  let day = schoolDayBefore(localDay(today, timeZone), back);
  let at = zonedInstant(day, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timeZone);
  if (at.getTime() > today.getTime()) {
    day = schoolDayBefore(day, 1);
    at = zonedInstant(day, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timeZone);
  }
  return at.toISOString();
}

/** Seeds the demo districts unless Maple Grove exists already. Returns false when nothing was done. */
export async function seedDemo(db: DB, services: DemoSeedServices, today: Date = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    const maple = await services.createDistrict(trx, {
      name: 'Maple Grove Unified School District', state: 'IL', planKey: 'professional', status: 'active',
      timezone: DEMO_TIMEZONE, seats: 12,
    });
    await setCoachingTargets(trx, maple);
    const cedar = await services.createDistrict(trx, {
      name: 'Cedar Falls Community Schools', state: 'IA', planKey: 'essentials', status: 'trial', timezone: DEMO_TIMEZONE,
    });
    const riverbend = await services.createDistrict(trx, {
      name: 'Riverbend Public Schools', state: 'CO', planKey: 'enterprise', status: 'active', timezone: RIVERBEND_TIMEZONE, seats: 4,
    });
    await setCoachingTargets(trx, riverbend);
    // Valle del Sol chose Spanish: its defaults are copied in Spanish, and its people read Spanish.
    const valle = await services.createDistrict(trx, {
      name: VALLE_DEL_SOL.name, state: VALLE_DEL_SOL.state, planKey: 'professional', status: 'active', timezone: VALLE_DEL_SOL.timezone, seats: 5,
      language: 'es',
    });
    const now = nowIso();
    const buildingIds = await insertBuildings(trx, maple, MAPLE_GROVE_BUILDINGS);
    await trx.insertInto('buildings').values({ name: 'Cedar Falls High School', code: 'CFHS', grade_band: '9-12', district_id: cedar, created_at: now, updated_at: now }).execute();
    const riverIds = await insertBuildings(trx, riverbend, RIVERBEND_BUILDINGS);
    const [palmas] = await insertBuildings(trx, valle, [VALLE_DEL_SOL_BUILDING]);
    const users: Record<string, { id: number; email: string }> = {};
    // Each coach's schools; principals and educators at one school (Lincoln Middle; Willow Creek).
    const schoolsOf: Record<string, number[]> = {
      'coach@maplegrove.example': [buildingIds[1]!, buildingIds[2]!],
      'coach2@maplegrove.example': [buildingIds[0]!],
      'coach3@maplegrove.example': [buildingIds[2]!, buildingIds[3]!],
      'principal@maplegrove.example': [buildingIds[1]!],
      'teacher@maplegrove.example': [buildingIds[1]!],
      'coach@riverbend.example': [riverIds[0]!],
      'coach2@riverbend.example': [riverIds[1]!],
      'principal@riverbend.example': [riverIds[1]!],
      'teacher@riverbend.example': [riverIds[1]!],
      'coach@valledelsol.example': [palmas!],
      'teacher@valledelsol.example': [palmas!],
    };
    const districtOf = { maple, cedar, riverbend, valle } as const;
    // The password is hashed once (scrypt is the slow part of seeding) and the hash shared by every demo login.
    let passwordHash: string | null = null;
    for (const account of DEMO_ACCOUNTS) {
      const districtId = account.district ? districtOf[account.district] : null;
      const input = { districtId, email: account.email, name: account.name, roles: [account.role], buildingIds: schoolsOf[account.email] ?? [] };
      const user = await services.createUser(trx, passwordHash ? input : { ...input, password: DEMO_PASSWORD });
      if (passwordHash) await trx.updateTable('users').set({ password_hash: passwordHash, status: 'active' }).where('id', '=', user.id).execute();
      else passwordHash = (await trx.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;
      users[account.email] = user;
    }
    for (const invited of RIVERBEND_INVITED) {
      await services.createUser(trx, { districtId: riverbend, email: invited.email, name: invited.name, roles: [invited.role], buildingIds: [riverIds[invited.school]!] });
    }
    // Everyone who can sign in has: coaches and administrators on the last school day or two, the rest earlier.
    for (const [k, account] of DEMO_ACCOUNTS.entries()) {
      const back = account.role === 'educator' ? 3 : account.role === 'building-admin' ? 1 : account.district === 'cedar' ? 2 : k % 2;
      const zone = account.district === 'riverbend' ? RIVERBEND_TIMEZONE : DEMO_TIMEZONE;
      const at = demoLastSignIn(today, zone, back, 7 * 60 + 20 + ((k * 37) % 150));
      await trx.updateTable('users').set({ last_login_at: at }).where('id', '=', users[account.email]!.id).execute();
    }

    const mapleCoaches = ['coach@maplegrove.example', 'coach2@maplegrove.example', 'coach3@maplegrove.example'].map((e) => users[e]!.id);
    await seedDemoPeople(trx, {
      districtId: maple,
      buildings: MAPLE_GROVE_BUILDINGS.map((b, k) => ({ id: buildingIds[k]!, grade_band: b.grade_band })),
      coachIds: mapleCoaches,
      principalId: users['principal@maplegrove.example']!.id,
      teacherUser: { ...users['teacher@maplegrove.example']!, first: 'Jordan', last: 'Ellis' },
    });
    await seedDemoInteractions(trx, { districtId: maple, timezone: DEMO_TIMEZONE, coachIds: mapleCoaches, today });
    await seedDemoCycles(trx, { districtId: maple, coachIds: mapleCoaches, today });
    await seedDemoSkills(trx, { districtId: maple, fallbackRaterId: users['admin@maplegrove.example']!.id, today });
    await seedDemoObservations(trx, {
      districtId: maple, timezone: DEMO_TIMEZONE, coachIds: mapleCoaches, principalId: users['principal@maplegrove.example']!.id, today,
    });
    await seedDemoCalibration(trx, {
      districtId: maple, timezone: DEMO_TIMEZONE, coachIds: mapleCoaches, principalId: users['principal@maplegrove.example']!.id, today,
    });
    await seedDemoBilling(trx, { districtId: maple, adminId: users['admin@maplegrove.example']!.id, providerAdminId: users['support@coachwell.example']!.id, today });
    await seedDemoCoachingRequests(trx, { districtId: maple, timezone: DEMO_TIMEZONE, coachIds: mapleCoaches, teacherUserId: users['teacher@maplegrove.example']!.id, today });
    await seedDemoSelfAssessments(trx, { districtId: maple, timezone: DEMO_TIMEZONE, teacherUserId: users['teacher@maplegrove.example']!.id, today });
    await seedDemoActionSteps(trx, { districtId: maple, timezone: DEMO_TIMEZONE, teacherUserId: users['teacher@maplegrove.example']!.id, today });
    await seedDemoReadLog(trx, {
      districtId: maple, timezone: DEMO_TIMEZONE, teacherUserId: users['teacher@maplegrove.example']!.id,
      principalId: users['principal@maplegrove.example']!.id, supportUserId: users['support@coachwell.example']!.id, today,
    });

    // Riverbend: two schools, a coach at each, 24 educators, a modest school year of coaching.
    const riverCoaches = ['coach@riverbend.example', 'coach2@riverbend.example'].map((e) => users[e]!.id);
    await seedDemoPeople(trx, {
      districtId: riverbend,
      buildings: RIVERBEND_BUILDINGS.map((b, k) => ({ id: riverIds[k]!, grade_band: b.grade_band })),
      coachIds: riverCoaches,
      principalId: users['principal@riverbend.example']!.id,
      teacherUser: { ...users['teacher@riverbend.example']!, first: 'Carmen', last: 'Delgado' },
      count: 24, domain: 'riverbend.example', employeePrefix: 'RB', nameOffset: 29, groupsAndRequests: false,
    });
    await seedDemoInteractions(trx, { districtId: riverbend, timezone: RIVERBEND_TIMEZONE, coachIds: riverCoaches, today, seed: 80301 });
    await seedDemoCycles(trx, { districtId: riverbend, coachIds: riverCoaches, today, every: 2 });
    await seedDemoSkills(trx, { districtId: riverbend, fallbackRaterId: users['admin@riverbend.example']!.id, today });
    // Its walkthroughs and observations (issue 28): Maple Grove's kind, smaller (demoObservations.ts), on Riverbend's day.
    await seedDemoObservations(trx, {
      districtId: riverbend, timezone: RIVERBEND_TIMEZONE, coachIds: riverCoaches, principalId: users['principal@riverbend.example']!.id, today,
      seed: 28080301, coachWalkWeekdays: [3], observedShare: 0.5,
    });

    // Valle del Sol: one school, a coach and six educators, a fortnight of coaching in Spanish.
    await seedDemoSpanish(trx, {
      districtId: valle, buildingId: palmas!, coachId: users['coach@valledelsol.example']!.id,
      teacherUser: users['teacher@valledelsol.example']!, today,
    });

    // Calendar sync is on for one coach of each district whose plan has it, so the administrators' setup
    // checklist is finished (server/features/setup: "Turn on calendar sync" is done once a feed exists).
    // Not the first demo coach of either: coach@ shows a buyer how a feed is turned on.
    await seedDemoCalendarFeed(trx, maple, users['coach3@maplegrove.example']!.id, DEMO_TIMEZONE, today);
    await seedDemoCalendarFeed(trx, riverbend, users['coach2@riverbend.example']!.id, RIVERBEND_TIMEZONE, today);
    await seedDemoSsoConnection(trx, riverbend, users['admin@riverbend.example']!.id, RIVERBEND_TIMEZONE, today, services.sealSecret);
  });
  return true;
}

/**
 * Riverbend (Enterprise: single sign-on is an Enterprise feature) signs in with Google Workspace: one connection, set
 * up by its administrator a month ago, with a placeholder client id and a sealed placeholder secret (nothing that
 * Google would accept), for riverbend.example, password sign-in still on so every demo login works with its password,
 * no logins created at a first sign-in. Not tested yet: the placeholder could only fail.
 */
async function seedDemoSsoConnection(db: DB, districtId: number, adminId: number, timeZone: string, today: Date, seal?: (plain: string) => string | null): Promise<void> {
  const at = zonedInstant(schoolDayBefore(localDay(today, timeZone), 22), 10, 5, timeZone).toISOString();
  await db.insertInto('sso_connections').values({
    district_id: districtId, kind: 'google', issuer: 'https://accounts.google.com',
    client_id: '000000000000-riverbend-demo.apps.googleusercontent.com',
    client_secret_sealed: seal?.('GOCSPX-demo-placeholder-not-a-real-secret') ?? '',
    domains: JSON.stringify(['riverbend.example']), password_login: 1, create_users: 0, created_by: adminId,
    created_at: at, updated_at: at, last_tested_at: null, last_test_result: null,
  }).execute();
}

/**
 * A coach's calendar feed, turned on three school weeks ago at 3:40 pm. Only the hash of a random token is
 * stored, as when a person turns it on (server/identity/tokens.ts): nobody knows the address, so nothing can
 * read the demo coach's calendar; on Calendar sync the coach sees it on and can make a new address to copy.
 */
async function seedDemoCalendarFeed(db: DB, districtId: number, userId: number, timeZone: string, today: Date): Promise<void> {
  const at = zonedInstant(schoolDayBefore(localDay(today, timeZone), 15), 15, 40, timeZone).toISOString();
  const hash = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');
  await db.insertInto('calendar_feeds').values({ district_id: districtId, user_id: userId, token_hash: hash, title_mode: 'names', created_at: at, updated_at: at }).execute();
}
