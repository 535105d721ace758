// The Spanish demo district (issue 33, db/seeds/demoSpanish.ts): Valle del Sol chose Spanish, so its defaults were
// copied in Spanish and its people, whose accounts have no language of their own, read Spanish when they sign in.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../db/seeds/demo';
import { VALLE_DEL_SOL } from '../db/seeds/demoSpanish';
import { createDistrict, createUser } from './identity/accounts';
import { createTestApp, loginAs, type TestApp } from './testing/app';

const TODAY = new Date('2027-03-26T20:00:00Z');
let t: TestApp;
let districtId: number;

describe('the Spanish demo district, Valle del Sol', () => {
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db, { createDistrict, createUser }, TODAY)).toBe(true);
    districtId = (await t.db.selectFrom('districts').select('id').where('name', '=', VALLE_DEL_SOL.name).executeTakeFirstOrThrow()).id;
  }, 120_000);

  it('is in Spanish, and its administrator, coach and educator, without a language of their own, sign in to Spanish', async () => {
    const district = await t.db.selectFrom('districts').select(['settings', 'state', 'timezone']).where('id', '=', districtId).executeTakeFirstOrThrow();
    expect(JSON.parse(district.settings)).toEqual({ language: 'es' });
    expect([district.state, district.timezone]).toEqual(['TX', 'America/Chicago']);
    const people = await t.db.selectFrom('users').select(['email', 'locale', 'status']).where('district_id', '=', districtId).orderBy('id').execute();
    expect(people).toEqual([
      { email: 'admin@valledelsol.example', locale: null, status: 'active' },
      { email: 'coach@valledelsol.example', locale: null, status: 'active' },
      { email: 'teacher@valledelsol.example', locale: null, status: 'active' },
    ]);
    for (const { email } of people) {
      const agent = await loginAs(t.app, { email, district_id: districtId }, DEMO_PASSWORD);
      const me = await agent.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body.locale, email).toBe('es');
    }
    // The English demo districts stay English.
    const maple = await t.db.selectFrom('districts').select('id').where('name', 'like', 'Maple Grove%').executeTakeFirstOrThrow();
    expect((await (await loginAs(t.app, { email: 'admin@maplegrove.example', district_id: maple.id }, DEMO_PASSWORD)).get('/api/auth/user')).body.locale).toBe('en');
  });

  it('has Spanish interaction types, framework and stages, and a fortnight of coaching logged with them in Spanish', async () => {
    const admin = await loginAs(t.app, { email: 'admin@valledelsol.example', district_id: districtId }, DEMO_PASSWORD);
    const types = await admin.get('/api/interaction-type');
    expect(types.status).toBe(200);
    expect(JSON.stringify(types.body)).toContain('"Observación de aula"');
    const framework = await t.db.selectFrom('skill_frameworks').select('name').where('district_id', '=', districtId).executeTakeFirstOrThrow();
    expect(framework.name).toBe('Práctica docente Coachwell');
    const levels = await t.db.selectFrom('skill_levels').select('name').where('district_id', '=', districtId).orderBy('level').execute();
    expect(levels.map((l) => l.name)).toEqual(['Inicial', 'En desarrollo', 'Competente', 'Ejemplar']);

    const logged = await t.db.selectFrom('interactions as i').innerJoin('interaction_types as ty', 'ty.id', 'i.interaction_type_id')
      .select(['ty.name', 'i.status', 'i.notes', 'i.coaching_cycle_id']).where('i.district_id', '=', districtId).execute();
    expect(logged.length).toBeGreaterThan(15);
    expect(logged.length).toBeLessThan(60);
    expect(logged.every((r) => ['Observación de aula', 'Conversación de retroalimentación', 'Planificación conjunta', 'Modelaje de una clase', 'Coenseñanza', 'Seguimiento breve'].includes(r.name))).toBe(true);
    const notes = logged.filter((r) => r.status === 'completed').map((r) => r.notes);
    expect(notes.length).toBeGreaterThan(10);
    expect(notes.every((n) => n !== null && /[áéíóúñ]|\b(los|las|del|con)\b/.test(n))).toBe(true);
    expect(logged.some((r) => r.coaching_cycle_id !== null)).toBe(true);

    const cycle = await t.db.selectFrom('coaching_cycles as c').innerJoin('cycle_stages as s', 's.id', 'c.stage_id')
      .select(['c.title', 's.name as stage', 'c.status']).where('c.district_id', '=', districtId).execute();
    expect(cycle).toEqual([{ title: 'Preguntas abiertas y tiempo de espera', stage: 'Práctica con retroalimentación', status: 'active' }]);
    const templates = await t.db.selectFrom('cycle_goal_templates').select('title').where('district_id', '=', districtId).orderBy('sort_order').execute();
    expect(templates.map((r) => r.title)).toEqual(['Los estudiantes explican su razonamiento', 'Comprobar la comprensión']);
    const ratings = await t.db.selectFrom('skill_current_levels as l').innerJoin('skills as s', 's.id', 'l.skill_id')
      .select(['s.name', 's.district_id']).where('l.district_id', '=', districtId).execute();
    expect(ratings).toHaveLength(24);
    expect(ratings.every((r) => r.district_id === districtId)).toBe(true);
    expect(ratings.map((r) => r.name)).toContain('Preguntas que hacen pensar');
  });
});
