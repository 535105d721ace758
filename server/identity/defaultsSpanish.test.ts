// A district created in Spanish starts with the provider's defaults in Spanish (issue 33): registration takes a
// `language` (default: the registering guest's), and every default text of a new database has its Spanish in
// defaultsSpanish.ts (this file lists any that has none, and any Spanish line no default uses).
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/connection';
import { createTestApp, csrfHeaders, guestAgent, type TestApp } from '../testing/app';
import { expectFieldError } from '../testing/checks';
import { createDistrict } from './accounts';
import { DEFAULTS_IN_SPANISH } from './defaultsSpanish';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/** Every text of the provider's defaults (district_id null) as a new database stores them. */
async function providerDefaultTexts(db: DB): Promise<string[]> {
  const texts: (string | null)[] = [];
  const configTexts = (config: string) => {
    const parsed = JSON.parse(config) as { options?: unknown[]; labels?: unknown[] };
    return [...(parsed.options ?? []), ...(parsed.labels ?? [])].filter((v): v is string => typeof v === 'string');
  };
  for (const r of await db.selectFrom('interaction_types').select('name').where('district_id', 'is', null).where('archived_at', 'is', null).execute()) texts.push(r.name);
  for (const r of await db.selectFrom('interaction_fields').select(['label', 'help_text', 'config']).where('district_id', 'is', null).where('archived_at', 'is', null).execute()) {
    texts.push(r.label, r.help_text, ...configTexts(r.config));
  }
  for (const r of await db.selectFrom('cycle_stages').select(['name', 'description']).where('district_id', 'is', null).where('archived_at', 'is', null).execute()) texts.push(r.name, r.description);
  for (const r of await db.selectFrom('skill_frameworks').select(['name', 'description']).where('district_id', 'is', null).where('active', '=', 1).execute()) texts.push(r.name, r.description);
  for (const r of await db.selectFrom('skill_levels').select(['name', 'descriptor']).where('district_id', 'is', null).execute()) texts.push(r.name, r.descriptor);
  for (const r of await db.selectFrom('skill_domains').select(['name', 'description']).where('district_id', 'is', null).where('archived_at', 'is', null).execute()) texts.push(r.name, r.description);
  for (const r of await db.selectFrom('skills').select(['name', 'description']).where('district_id', 'is', null).where('archived_at', 'is', null).execute()) texts.push(r.name, r.description);
  const versions = await db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select(['v.id', 'v.name', 'v.description']).where('f.district_id', 'is', null).where('f.archived_at', 'is', null).execute();
  for (const v of versions) texts.push(v.name, v.description);
  if (versions.length) {
    for (const r of await db.selectFrom('observation_form_items').select(['section', 'label', 'kind', 'config']).where('version_id', 'in', versions.map((v) => v.id)).execute()) {
      texts.push(r.section, r.label, ...(r.kind === 'rating' ? [] : configTexts(r.config)));
    }
  }
  return [...new Set(texts.filter((s): s is string => s !== null && s !== ''))];
}

/** A district's own copies: names of its types, stages, framework, levels, domains, skills and forms. */
async function districtNames(db: DB, districtId: number) {
  const names = async (table: 'interaction_types' | 'cycle_stages' | 'skill_domains' | 'skills' | 'skill_frameworks') =>
    (await db.selectFrom(table).select('name').where('district_id', '=', districtId).orderBy('id').execute()).map((r) => r.name);
  return {
    types: await names('interaction_types'),
    stages: await names('cycle_stages'),
    framework: await names('skill_frameworks'),
    levels: (await db.selectFrom('skill_levels').select('name').where('district_id', '=', districtId).orderBy('level').execute()).map((r) => r.name),
    domains: await names('skill_domains'),
    skills: await names('skills'),
    forms: (await db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
      .innerJoin('interaction_types as t', 't.id', 'f.interaction_type_id')
      .select(['v.name', 't.name as type']).where('f.district_id', '=', districtId).orderBy('f.id').execute()),
  };
}

const SPANISH_TYPES = [
  'Observación de aula', 'Conversación de retroalimentación', 'Coenseñanza', 'Modelaje de una clase', 'Planificación conjunta',
  'Conversación sobre datos', 'Facilitación de PLC', 'Seguimiento breve', 'Recorrido de aula',
];

describe('the provider defaults in Spanish (defaultsSpanish.ts)', () => {
  it('has the Spanish of every default text a new database holds, and no line that no default uses', async () => {
    const texts = await providerDefaultTexts(t.db);
    expect(texts.length).toBeGreaterThan(90);
    expect(texts.filter((s) => !Object.hasOwn(DEFAULTS_IN_SPANISH, s))).toEqual([]);
    expect(Object.keys(DEFAULTS_IN_SPANISH).filter((s) => !texts.includes(s))).toEqual([]);
    // Spanish, not a copy of the English.
    expect(Object.entries(DEFAULTS_IN_SPANISH).filter(([en, es]) => en === es || es.trim() === '')).toEqual([]);
  });

  it("copies a default custom field's label, help text and choices in Spanish when they have a line, else in English", async () => {
    const type = await t.db.selectFrom('interaction_types').select('id').where('district_id', 'is', null).where('name', '=', 'Check-in').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.db.insertInto('interaction_fields').values([
      { district_id: null, interaction_type_id: type.id, label: 'Focus of this observation', help_text: 'Evidence', kind: 'single_choice',
        config: JSON.stringify({ options: ['Opening', 'A choice nobody translated'] }), required: 0, sort_order: 1, archived_at: null, created_at: now, updated_at: now },
      { district_id: null, interaction_type_id: type.id, label: 'A field added by the provider', help_text: null, kind: 'short_text',
        config: '{}', required: 0, sort_order: 2, archived_at: null, created_at: now, updated_at: now },
    ]).execute();
    const id = await createDistrict(t.db, { name: 'Distrito Escolar de Prueba', state: 'TX', planKey: 'essentials', language: 'es' });
    const fields = await t.db.selectFrom('interaction_fields as f').innerJoin('interaction_types as t', 't.id', 'f.interaction_type_id')
      .select(['t.name as type', 'f.label', 'f.help_text', 'f.config']).where('f.district_id', '=', id).orderBy('f.sort_order').execute();
    expect(fields).toEqual([
      { type: 'Seguimiento breve', label: 'Enfoque de esta observación', help_text: 'Evidencia', config: JSON.stringify({ options: ['Inicio', 'A choice nobody translated'] }) },
      { type: 'Seguimiento breve', label: 'A field added by the provider', help_text: null, config: '{}' },
    ]);
  });
});

describe('POST /api/auth/register with a language (issue 33)', () => {
  const valid = {
    district_name: 'Distrito Escolar Independiente de Río Claro', state: 'TX', name: 'Ana Treviño', email: 'ana@rioclaro.example',
    password: 'a-strong-password', password_confirmation: 'a-strong-password',
  };

  it('language es: a Spanish district whose interaction types, framework, stages and forms start in Spanish, and whose administrator reads Spanish', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/register').set(csrfHeaders(agent)).send({ ...valid, language: 'es' });
    expect(res.status).toBe(201);
    expect(res.body.locale).toBe('es');
    expect((await agent.get('/api/auth/user')).body.locale).toBe('es');
    const district = await t.db.selectFrom('districts').select(['id', 'settings']).executeTakeFirstOrThrow();
    expect(JSON.parse(district.settings)).toEqual({ language: 'es' });
    const admin = await t.db.selectFrom('users').select('locale').where('email', '=', valid.email).executeTakeFirstOrThrow();
    expect(admin.locale).toBeNull(); // they follow the district

    const names = await districtNames(t.db, district.id);
    expect(names.types).toEqual(SPANISH_TYPES);
    expect(names.stages).toEqual(['Fijar la meta', 'Aprender y planificar', 'Práctica con retroalimentación', 'Reflexionar']);
    expect(names.framework).toEqual(['Práctica docente Coachwell']);
    expect(names.levels).toEqual(['Inicial', 'En desarrollo', 'Competente', 'Ejemplar']);
    expect(names.domains).toEqual(['Planificación del aprendizaje', 'Comunidad del aula', 'La enseñanza en acción', 'Crecimiento profesional']);
    expect(names.skills).toHaveLength(24);
    expect(names.skills.slice(0, 2)).toEqual(['Metas de aprendizaje claras', 'Evidencia de logro']);
    // The forms are tied to the district's Spanish types, and their items to its Spanish skills.
    expect(names.forms).toEqual([
      { name: 'Recorrido de aula', type: 'Recorrido de aula' },
      { name: 'Observación de coaching', type: 'Observación de aula' },
    ]);
    const linked = await t.db.selectFrom('observation_form_items as i').innerJoin('skills as s', 's.id', 'i.skill_id')
      .select(['i.label', 's.name', 's.district_id']).where('i.district_id', '=', district.id).orderBy('i.id').execute();
    expect(linked).toHaveLength(8 + 7); // every item named after a skill, as in an English district
    expect(linked.every((l) => l.district_id === district.id)).toBe(true);
    expect(linked[0]).toEqual({ label: 'Los estudiantes pueden decir qué están aprendiendo y por qué', name: 'Metas de aprendizaje claras', district_id: district.id });

    // The Spanish district's types are what its people log: GET /api/interaction-type answers them.
    const types = await agent.get('/api/interaction-type');
    expect(types.status).toBe(200);
    expect(JSON.stringify(types.body)).toContain('"Observación de aula"');
  });

  it('language en (or none from an English browser): English defaults and no language stored, as before', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/register').set(csrfHeaders(agent)).set('Accept-Language', 'en-US').send(valid);
    expect(res.status).toBe(201);
    expect(res.body.locale).toBe('en');
    const district = await t.db.selectFrom('districts').select(['id', 'settings']).executeTakeFirstOrThrow();
    expect(district.settings).toBe('{}');
    const names = await districtNames(t.db, district.id);
    expect(names.types).toEqual([
      'Classroom observation', 'Feedback conversation', 'Co-teaching', 'Modeling a lesson', 'Planning session', 'Data conversation',
      'PLC facilitation', 'Check-in', 'Walkthrough',
    ]);
    expect(names.levels).toEqual(['Beginning', 'Developing', 'Skilled', 'Leading']);
    expect(names.stages[0]).toBe('Set the goal');
    expect(names.forms).toEqual([{ name: 'Classroom walkthrough', type: 'Walkthrough' }, { name: 'Coaching observation', type: 'Classroom observation' }]);

    const second = await guestAgent(t.app);
    expect((await second.post('/api/auth/register').set(csrfHeaders(second)).set('Accept-Language', 'es-US')
      .send({ ...valid, district_name: 'Maple Creek Schools', email: 'lee@maplecreek.example', language: 'en' })).status).toBe(201);
    const maple = await t.db.selectFrom('districts').select(['id', 'settings']).where('name', '=', 'Maple Creek Schools').executeTakeFirstOrThrow();
    expect(maple.settings).toBe('{}');
    expect((await districtNames(t.db, maple.id)).types[0]).toBe('Classroom observation');
  });

  it("no language: the registering guest's (a Spanish browser makes a Spanish district)", async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/register').set(csrfHeaders(agent)).set('Accept-Language', 'es-MX, en;q=0.5').send(valid);
    expect(res.status).toBe(201);
    expect(res.body.locale).toBe('es');
    const district = await t.db.selectFrom('districts').select(['id', 'settings']).executeTakeFirstOrThrow();
    expect(JSON.parse(district.settings)).toEqual({ language: 'es' });
    expect((await districtNames(t.db, district.id)).types).toEqual(SPANISH_TYPES);
  });

  it.each(['fr', '', 'ES', 7])('422 naming language for %j, and nothing is created', async (language) => {
    const agent = await guestAgent(t.app);
    expectFieldError(await agent.post('/api/auth/register').set(csrfHeaders(agent)).send({ ...valid, language }), 'language', 'Choose English or Spanish.');
    const spanish = await agent.post('/api/auth/register').set(csrfHeaders(agent)).set('Accept-Language', 'es').send({ ...valid, language });
    expectFieldError(spanish, 'language', 'Elija inglés o español.');
    expect(await t.db.selectFrom('districts').select('id').execute()).toEqual([]);
  });
});
