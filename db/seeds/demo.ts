// The demo data: two districts and provider staff, all with the password DEMO_PASSWORD.
import type { DB } from '../connection';
import { nowIso } from '../connection';
import { seedDemoBilling } from './demoBilling';
import { seedDemoCycles } from './demoCycles';
import { seedDemoInteractions } from './demoInteractions';
import { seedDemoPeople } from './demoPeople';
import { seedDemoSkills } from './demoSkills';

export const DEMO_PASSWORD = 'coachwell-demo';

export const DEMO_ACCOUNTS = [
  { email: 'admin@maplegrove.example', role: 'district-admin', name: 'Dana Whitfield', district: 'maple' },
  { email: 'principal@maplegrove.example', role: 'building-admin', name: 'Marcus Bell', district: 'maple' },
  { email: 'coach@maplegrove.example', role: 'coach', name: 'Priya Raman', district: 'maple' },
  { email: 'coach2@maplegrove.example', role: 'coach', name: 'Angela Ruiz', district: 'maple' },
  { email: 'coach3@maplegrove.example', role: 'coach', name: 'Tom Becker', district: 'maple' },
  { email: 'teacher@maplegrove.example', role: 'educator', name: 'Jordan Ellis', district: 'maple' },
  { email: 'admin@cedarfalls.example', role: 'district-admin', name: 'Helen Okafor', district: 'cedar' },
  { email: 'support@coachwell.example', role: 'provider-admin', name: 'Sam Ortega', district: null },
] as const;

export const MAPLE_GROVE_BUILDINGS = [
  { name: 'Maple Grove High School', code: 'MGHS', grade_band: '9-12' },
  { name: 'Lincoln Middle School', code: 'LMS', grade_band: '6-8' },
  { name: 'Oak Hollow Elementary', code: 'OHE', grade_band: 'K-5' },
  { name: 'Riverside Elementary', code: 'RSE', grade_band: 'K-5' },
];

export interface DemoSeedServices {
  createDistrict: (db: DB, input: { name: string; state: string; planKey: string; status?: 'trial' | 'active'; timezone?: string; seats?: number }) => Promise<number>;
  createUser: (db: DB, input: { districtId: number | null; email: string; name: string; roles: string[]; password?: string; buildingIds?: number[] }) => Promise<{ id: number; email: string }>;
}

/** Seeds the demo districts unless Maple Grove exists already. Returns false when nothing was done. */
export async function seedDemo(db: DB, services: DemoSeedServices): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    const maple = await services.createDistrict(trx, {
      name: 'Maple Grove Unified School District', state: 'IL', planKey: 'professional', status: 'active',
      timezone: 'America/Chicago', seats: 12,
    });
    // Coaching targets (Site settings), so the reports and the dashboard pulse measure against them.
    const { settings } = await trx.selectFrom('districts').select('settings').where('id', '=', maple).executeTakeFirstOrThrow();
    await trx.updateTable('districts').set({
      settings: JSON.stringify({ ...JSON.parse(settings), coaching_targets: { interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: 1 } }),
    }).where('id', '=', maple).execute();
    const cedar = await services.createDistrict(trx, {
      name: 'Cedar Falls Community Schools', state: 'IA', planKey: 'essentials', status: 'trial', timezone: 'America/Chicago',
    });
    const now = nowIso();
    const buildingIds: number[] = [];
    for (const b of MAPLE_GROVE_BUILDINGS) {
      const row = await trx.insertInto('buildings').values({ ...b, district_id: maple, created_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow();
      buildingIds.push(row.id);
    }
    await trx.insertInto('buildings').values({ name: 'Cedar Falls High School', code: 'CFHS', grade_band: '9-12', district_id: cedar, created_at: now, updated_at: now }).execute();
    const users: Record<string, { id: number; email: string }> = {};
    const coachBuildings: Record<string, number[]> = {
      'coach@maplegrove.example': [buildingIds[1]!, buildingIds[2]!],
      'coach2@maplegrove.example': [buildingIds[0]!],
      'coach3@maplegrove.example': [buildingIds[2]!, buildingIds[3]!],
    };
    for (const account of DEMO_ACCOUNTS) {
      const districtId = account.district === 'maple' ? maple : account.district === 'cedar' ? cedar : null;
      const buildings = account.role === 'building-admin' || account.role === 'educator' ? [buildingIds[1]!] : coachBuildings[account.email] ?? [];
      users[account.email] = await services.createUser(trx, { districtId, email: account.email, name: account.name, roles: [account.role], password: DEMO_PASSWORD, buildingIds: buildings });
    }
    const buildings = await trx.selectFrom('buildings').select(['id', 'grade_band']).where('district_id', '=', maple).orderBy('id').execute();
    await seedDemoPeople(trx, {
      districtId: maple,
      buildings: buildings.map((b) => ({ id: b.id, grade_band: b.grade_band ?? 'K-5' })),
      coachIds: ['coach@maplegrove.example', 'coach2@maplegrove.example', 'coach3@maplegrove.example'].map((e) => users[e]!.id),
      principalId: users['principal@maplegrove.example']!.id,
      teacherUser: users['teacher@maplegrove.example']!,
    });
    await seedDemoInteractions(trx, {
      districtId: maple,
      timezone: 'America/Chicago',
      coachIds: ['coach@maplegrove.example', 'coach2@maplegrove.example', 'coach3@maplegrove.example'].map((e) => users[e]!.id),
    });
    await seedDemoCycles(trx, { districtId: maple, coachIds: ['coach@maplegrove.example', 'coach2@maplegrove.example', 'coach3@maplegrove.example'].map((e) => users[e]!.id) });
    await seedDemoSkills(trx, { districtId: maple, fallbackRaterId: users['admin@maplegrove.example']!.id });
    await seedDemoBilling(trx, { districtId: maple, adminId: users['admin@maplegrove.example']!.id, providerAdminId: users['support@coachwell.example']!.id });
  });
  return true;
}
