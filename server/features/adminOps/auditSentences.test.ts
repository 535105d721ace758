// The admin activity feed as sentences (issue 26): every action the server writes has a sentence with the
// record's name (a deleted record still reads), and an impersonation's screen reads are one entry.
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, auditSentence, type SentenceInput } from '../../../common/auditActions';
import type { AuditEntry, AuditFeed } from '../../../common/schemas/adminOps';
import type { User } from '../../../db/types';
import { auditValuesIn, serverSourceFiles } from '../../testing/auditSource';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { buildStaff, buildUser } from '../../testing/factories';
import { sentenceTranslator } from './presenter';
import { LABELLED_SUBJECT_TYPES, READ_GAP_MS } from './queries';

const SERVER = path.resolve(import.meta.dirname, '../..');
/** Actions the source builds from a template literal, with what they make. */
const TEMPLATE_ACTIONS = {
  '`${kind}_import_uploaded`': ['staff_import_uploaded', 'users_import_uploaded'],
  // interactionTypes/service.ts setArchived: a type or a field.
  "`${kind}_${archived ? 'archived' : 'restored'}`": ['interaction_type_archived', 'interaction_type_restored', 'interaction_field_archived', 'interaction_field_restored'],
  // skills/service.ts setArchived: a domain or a skill.
  "`${a.audit}.${archived ? 'archived' : 'restored'}`": ['skill-domain.archived', 'skill-domain.restored', 'skill.archived', 'skill.restored'],
};
/** Subject types the source passes on from a table of kinds: the same two setArchived functions. */
const SUBJECT_EXPRESSIONS = { kind: ['interaction_type', 'interaction_field'], 'a.subject': ['skill_domain', 'skill'] };

describe('every audit action the server writes has a sentence', () => {
  // The server and the command line (scripts/) are where audit rows are written.
  const files = [...serverSourceFiles(SERVER), ...serverSourceFiles(path.resolve(SERVER, '../scripts'))];
  const actions = auditValuesIn(files, 'action', TEMPLATE_ACTIONS);
  const subjects = auditValuesIn(files, 'subjectType', SUBJECT_EXPRESSIONS);

  it('reads every action written, and can read each one', () => {
    expect(actions.filter((a) => a.value === null).map((a) => `${path.relative(SERVER, a.file)}: ${a.expression}`)).toEqual([]);
    // The reader finds actions written directly, through wrappers, in conditionals and from a template.
    const names = new Set(actions.map((a) => a.value));
    for (const known of ['login', 'impersonated_request', 'article_updated', 'staff_created', 'interaction_cancelled', 'report_subscription_dropped', 'users_import_uploaded', 'setup_checklist_dismissed', 'skill-domain.reordered']) {
      expect(names, known).toContain(known);
    }
    expect(names.size).toBeGreaterThan(130);
  });

  it('has a template in common/auditActions.ts for each', () => {
    const missing = [...new Set(actions.map((a) => a.value!))].filter((action) => !AUDIT_ACTIONS[action]);
    expect(missing, 'add these actions to AUDIT_ACTIONS in common/auditActions.ts').toEqual([]);
  });

  it('names every subject type written, by a query or from the row it kept', () => {
    const types = [...new Set(subjects.map((s) => s.value))];
    expect(types.filter((x) => x === null)).toEqual([]);
    expect(types.filter((type) => !AUDIT_SUBJECTS[type!]), 'add to AUDIT_SUBJECTS in common/auditActions.ts').toEqual([]);
    expect(types.filter((type) => !LABELLED_SUBJECT_TYPES.includes(type!)), 'add a label query to SUBJECT_LABELS in adminOps/queries.ts').toEqual([]);
  });

  const base: SentenceInput = {
    action: 'x', actor: { name: 'Dana Ruiz' }, impersonator: null, subject: null, district: { id: 7, name: 'Maple Grove Schools' }, details: {},
  };

  it.each(Object.keys(AUDIT_ACTIONS))('%s reads as a sentence, with the record named or deleted', (action) => {
    for (const label of ['Getting started', null]) {
      const sentence = auditSentence({ ...base, action, subject: { type: 'article', id: 3, label } });
      expect(sentence).toMatch(/^Dana Ruiz [a-z]/);
      expect(sentence).not.toMatch(/undefined|null|\{|\}|#\d|did “|_/);
      expect(sentence.endsWith(' in Maple Grove Schools')).toBe(true);
    }
  });

  it('writes the record by its kind: a person by name, a titled record in quotes, a deleted one as such', () => {
    const sentence = (action: string, subject: SentenceInput['subject'], more: Partial<SentenceInput> = {}) => auditSentence({ ...base, action, subject, ...more });
    expect(sentence('article_updated', { type: 'article', id: 11, label: 'Getting started' }, { district: null }))
      .toBe('Dana Ruiz updated the article “Getting started”');
    expect(sentence('article_deleted', { type: 'article', id: 11, label: null }, { district: null })).toBe('Dana Ruiz deleted a deleted article');
    expect(sentence('user_invited', { type: 'user', id: 4, label: 'Jordan Ellis' })).toBe('Dana Ruiz invited Jordan Ellis in Maple Grove Schools');
    expect(sentence('staff_created', { type: 'staff', id: 4, label: 'Lucas Williams' })).toBe('Dana Ruiz added the educator Lucas Williams in Maple Grove Schools');
    expect(sentence('interaction_created', { type: 'interaction', id: 9, label: '“Observation” with Lucas Williams and 2 others' }))
      .toBe('Dana Ruiz logged the interaction “Observation” with Lucas Williams and 2 others in Maple Grove Schools');
    // The district as the record is not repeated as the place.
    expect(sentence('district_suspended', { type: 'district', id: 7, label: 'Maple Grove Schools' }, { actor: { name: 'Sam Lee' } }))
      .toBe('Sam Lee suspended Maple Grove Schools');
    expect(sentence('district_updated', { type: 'district', id: 7, label: 'Maple Grove Schools' })).toBe('Dana Ruiz updated the district profile of Maple Grove Schools');
    // Impersonated: the staff member first, whom they were acting as in brackets.
    expect(sentence('group_created', { type: 'group', id: 2, label: 'Grade 5 team' }, { impersonator: { name: 'Sam Lee' } }))
      .toBe('Sam Lee (impersonating Dana Ruiz) created the group “Grade 5 team” in Maple Grove Schools');
    expect(sentence('impersonated_request', { type: 'user', id: 4, label: 'Priya Shah' }, {
      actor: { name: 'Sam Lee' }, impersonator: { name: 'Sam Lee' }, details: { method: 'POST', path: '/api/interaction' },
    })).toBe('Sam Lee (impersonating Priya Shah) sent a change (POST /api/interaction) in Maple Grove Schools');
    expect(sentence('login_failed', null, { actor: null, details: { email: 'who@example.org' }, district: null })).toBe('Someone not signed in failed to sign in as who@example.org');
    expect(sentence('log_settings_updated', null, { district: null, details: { retention_days: { from: 90, to: 30 } } })).toBe('Dana Ruiz changed the log retention to 30 days');
    expect(sentence('caseload_assigned', { type: 'coach', id: 5, label: 'Priya Shah' }, { details: { assignments: [{ id: 1 }] } }))
      .toBe('Dana Ruiz assigned 1 educator to the caseload of Priya Shah in Maple Grove Schools');
  });

  it('says "company account" for Coachwell staff signing in with the provider\'s own connection (issue 30), in both languages', () => {
    const staff = (action: string, details: Record<string, unknown>) => ({ ...base, action, district: null, details });
    const cases: [SentenceInput, string, string][] = [
      [staff('login', { area: 'admin', provider: 'google' }), 'Dana Ruiz signed in to the admin area with their company account (google)',
        'Dana Ruiz inició sesión en el área de administración con su cuenta de la empresa (google)'],
      [staff('login', { area: 'admin', break_glass: true }), 'Dana Ruiz signed in to the admin area with their password while Coachwell staff use single sign-on (break-glass)',
        'Dana Ruiz inició sesión en el área de administración con su contraseña aunque el personal de Coachwell usa inicio de sesión único (acceso de emergencia)'],
      [staff('login_refused', { area: 'admin', reason: 'password_sign_in_off' }), 'Dana Ruiz was refused a password sign-in because Coachwell staff sign in with their company account',
        'Dana Ruiz no pudo iniciar sesión con contraseña porque el personal de Coachwell inicia sesión con su cuenta de la empresa'],
      [staff('login_refused', { area: 'admin', reason: 'no-login', provider: 'google' }), 'Dana Ruiz was refused sign-in to the admin area with their company account (google): no-login',
        'Dana Ruiz no pudo iniciar sesión en el área de administración con su cuenta de la empresa (google): no-login'],
      [staff('sso_linked', { area: 'admin', provider: 'google' }), 'Dana Ruiz linked their company account (google) on first sign-in',
        'Dana Ruiz vinculó su cuenta de la empresa (google) en su primer inicio de sesión'],
    ];
    for (const [entry, english, spanish] of cases) {
      expect(auditSentence(entry)).toBe(english);
      expect(auditSentence(entry, sentenceTranslator('es'))).toBe(spanish);
    }
  });
});

describe('GET /api/admin/audit: names and runs of reads', () => {
  let t: TestApp;
  let staff: User;
  let other: User;
  let target: User;
  let districtName: string;

  beforeEach(async () => {
    t = await createTestApp();
    staff = await buildUser(t.db, { role: 'provider-support', name: 'Sam Lee', email: 'sam@coachwell.example' });
    other = await buildUser(t.db, { role: 'provider-admin', name: 'Kim Park', email: 'kim@coachwell.example' });
    target = await buildUser(t.db, { role: 'coach', name: 'Priya Shah', email: 'priya@maple.example' });
    districtName = (await t.db.selectFrom('districts').select('name').where('id', '=', target.district_id!).executeTakeFirstOrThrow()).name;
    await t.db.deleteFrom('audit_log').execute();
  });

  const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 8, 1, 14, minute, second)).toISOString();

  async function row(values: { action: string; at: string; actor_id?: number | null; impersonator_id?: number | null; subject_type?: string | null; subject_id?: number | null; details?: Record<string, unknown> | null; district_id?: number | null }) {
    return (await t.db.insertInto('audit_log').values({
      action: values.action, district_id: values.district_id === undefined ? target.district_id : values.district_id, actor_id: values.actor_id ?? null,
      impersonator_id: values.impersonator_id ?? null, subject_type: values.subject_type ?? null, subject_id: values.subject_id ?? null,
      ip: '203.0.113.9', user_agent: 'Firefox', details: values.details ? JSON.stringify(values.details) : null, at: values.at,
    }).returning('id').executeTakeFirstOrThrow()).id;
  }
  /** A page read while `by` impersonates the target. */
  const read = (when: string, screen: string | null, apiPath = '/api/staff', by: User = staff) => row({
    action: 'impersonated_request', at: when, actor_id: by.id, impersonator_id: by.id, subject_type: 'user', subject_id: target.id,
    details: { method: 'GET', path: apiPath, screen },
  });

  async function feed(qs = ''): Promise<AuditFeed> {
    const agent = await loginAs(t.app, staff);
    await t.db.deleteFrom('audit_log').where('action', '=', 'login').execute();
    const res = await agent.get(`/api/admin/audit${qs ? `?${qs}` : ''}`);
    expect(res.status).toBe(200);
    return res.body as AuditFeed;
  }

  it('names records by their current name, a deleted one by the name its row kept, else "a deleted …"', async () => {
    const educator = await buildStaff(t.db, { districtId: target.district_id!, firstName: 'Lucas', lastName: 'Williams' });
    await row({ action: 'staff_updated', at: at(1), actor_id: target.id, subject_type: 'staff', subject_id: educator.id });
    await row({ action: 'group_deleted', at: at(2), actor_id: target.id, subject_type: 'group', subject_id: 999_001, details: { name: 'Grade 5 team', members: [] } });
    await row({ action: 'article_updated', at: at(3), actor_id: other.id, subject_type: 'article', subject_id: 999_002, district_id: null, details: { changes: { title: { from: 'A', to: 'B' } } } });
    await row({ action: 'report_subscription_removed', at: at(4), actor_id: target.id, subject_type: 'report_subscription', subject_id: 999_003, details: { report: 'coaching-cycles', frequency: 'weekly', user_id: target.id } });
    const { data } = await feed();
    expect(data.map((e) => e.sentence)).toEqual([
      `Priya Shah removed the report email of the “Coaching cycles” report (weekly) in ${districtName}`,
      'Kim Park updated a deleted article',
      `Priya Shah deleted the group “Grade 5 team” in ${districtName}`,
      `Priya Shah updated the educator Lucas Williams in ${districtName}`,
    ]);
    expect(data.every((e) => e.reads === null)).toBe(true);
  });

  it('an impersonation\'s consecutive reads are one entry: how many screens, from when to when, each read listed', async () => {
    await row({ action: 'impersonation_started', at: at(2, 0), actor_id: staff.id, subject_type: 'user', subject_id: target.id, district_id: null });
    const r1 = await read(at(2, 1), '/app', '/api/auth/user');
    await read(at(2, 1), '/app', '/api/report/pulse');
    await read(at(3, 0), '/app/staff', '/api/staff');
    const r4 = await read(at(6, 0), '/app/staff/12', '/api/staff/12');
    const { data, meta } = await feed();
    expect(meta.next_cursor).toBeNull();
    expect(data).toHaveLength(2);
    const [run, started] = data as [AuditEntry, AuditEntry];
    expect(run.sentence).toBe(`Sam Lee (impersonating Priya Shah) viewed 3 screens in ${districtName}`);
    expect(run).toMatchObject({ id: r4, at: at(6, 0), action: 'impersonated_request', subject: { type: 'user', id: target.id, label: 'Priya Shah' } });
    expect(run.reads).toEqual({
      count: 4, screens: 3, first_at: at(2, 1), last_at: at(6, 0),
      items: [
        { id: r1, at: at(2, 1), screen: '/app', path: '/api/auth/user' },
        { id: expect.any(Number), at: at(2, 1), screen: '/app', path: '/api/report/pulse' },
        { id: expect.any(Number), at: at(3, 0), screen: '/app/staff', path: '/api/staff' },
        { id: r4, at: at(6, 0), screen: '/app/staff/12', path: '/api/staff/12' },
      ],
    });
    expect(started.sentence).toBe('Sam Lee started impersonating Priya Shah');
    expect(started.reads).toBeNull();
  });

  it('writes stay their own entries (with the request that made them) and end a run; so do a long pause, another staff member and reads without a screen', async () => {
    await read(at(0), '/app');
    await read(at(1), '/app/activity');
    // A write request that wrote no audit row of its own reads as itself.
    await row({ action: 'impersonated_request', at: at(1, 30), actor_id: staff.id, impersonator_id: staff.id, subject_type: 'user', subject_id: target.id, details: { method: 'DELETE', path: '/api/alert/3/dismissal', screen: '/app/activity' } });
    // A write while impersonating: the request and the command's own row are one entry.
    const post = await row({ action: 'impersonated_request', at: at(2), actor_id: staff.id, impersonator_id: staff.id, subject_type: 'user', subject_id: target.id, details: { method: 'POST', path: '/api/calendar-feed', screen: '/app/activity' } });
    await row({ action: 'calendar_feed_enabled', at: at(2, 1), actor_id: target.id, impersonator_id: staff.id, subject_type: 'user', subject_id: target.id });
    await read(at(3), '/app/activity');
    await read(at(3, 30), '/app/activity');
    // More than READ_GAP_MS later: a new run.
    const later = new Date(Date.parse(at(3, 30)) + READ_GAP_MS + 1000).toISOString();
    await read(later, '/app/staff');
    await read(new Date(Date.parse(later) + 1000).toISOString(), '/app/staff', '/api/staff', other);
    // Older rows recorded no screen: a run of them counts its requests.
    const z1 = new Date(Date.parse(later) + 2000).toISOString();
    await read(z1, null, '/api/staff');
    await read(new Date(Date.parse(z1) + 1000).toISOString(), null, '/api/alert');
    const { data } = await feed();
    expect(data.map((e) => [e.sentence, e.reads?.count ?? null])).toEqual([
      [`Sam Lee (impersonating Priya Shah) read data 2 times in ${districtName}`, 2],
      [`Kim Park (impersonating Priya Shah) viewed 1 screen in ${districtName}`, 1],
      [`Sam Lee (impersonating Priya Shah) viewed 1 screen in ${districtName}`, 1],
      [`Sam Lee (impersonating Priya Shah) viewed 1 screen in ${districtName}`, 2],
      [`Sam Lee (impersonating Priya Shah) turned on their calendar feed in ${districtName}`, null],
      [`Sam Lee (impersonating Priya Shah) sent a change (DELETE /api/alert/3/dismissal) in ${districtName}`, null],
      [`Sam Lee (impersonating Priya Shah) viewed 2 screens in ${districtName}`, 2],
    ]);
    expect(data[4]!.request).toEqual({ id: post, at: at(2), method: 'POST', path: '/api/calendar-feed' });
    expect(data.filter((e) => e.request !== null)).toHaveLength(1);
  });

  it('pages by entries: a run is never split between pages and no row is lost or repeated; filters still apply', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push(await row({ action: 'login', at: at(10 + i), actor_id: other.id, district_id: null }));
    // A run of 250 reads (longer than one scan of the table) between the logins and an older write.
    for (let i = 0; i < 250; i++) ids.push(await read(new Date(Date.parse(at(9)) - i * 1000).toISOString(), i % 2 ? '/app/staff' : '/app'));
    // A change made while impersonating, with its request, ends a page: the next starts after the request.
    ids.push(await row({ action: 'impersonated_request', at: at(0), actor_id: staff.id, impersonator_id: staff.id, subject_type: 'user', subject_id: target.id, details: { method: 'DELETE', path: '/api/calendar-feed' } }));
    ids.push(await row({ action: 'calendar_feed_disabled', at: at(0, 1), actor_id: target.id, impersonator_id: staff.id, subject_type: 'user', subject_id: target.id }));
    ids.push(await row({ action: 'logout', at: new Date(Date.parse(at(0)) - 60_000).toISOString(), actor_id: other.id, district_id: null }));
    const pages: AuditEntry[][] = [];
    let cursor = '';
    const agent = await loginAs(t.app, staff);
    await t.db.deleteFrom('audit_log').where('action', '=', 'login').where('id', 'not in', ids).execute();
    for (let guard = 0; guard < 10; guard++) {
      const res = await agent.get(`/api/admin/audit?per_page=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      pages.push(res.body.data);
      if (!res.body.meta.next_cursor) break;
      cursor = res.body.meta.next_cursor;
    }
    expect(pages.map((p) => p.map((e) => e.reads?.count ?? e.action))).toEqual([['login', 'login'], [250, 'calendar_feed_disabled'], ['logout']]);
    expect(pages[1]![1]!.request).toMatchObject({ method: 'DELETE', path: '/api/calendar-feed' });
    const run = pages[1]![0]!;
    expect(run.sentence).toBe(`Sam Lee (impersonating Priya Shah) viewed 2 screens in ${districtName}`);
    expect(run.reads).toMatchObject({ count: 250, screens: 2, last_at: at(9), first_at: new Date(Date.parse(at(9)) - 249_000).toISOString() });
    expect(run.reads!.items).toHaveLength(100);

    // Filtered to the district's requests: the run is still one entry; the write request, its change filtered out, reads as itself.
    const filtered = await agent.get(`/api/admin/audit?filter[district_id]=${target.district_id}&filter[action]=impersonated_request`);
    expect(filtered.body.data.map((e: AuditEntry) => e.reads?.count ?? e.sentence)).toEqual([250, `Sam Lee (impersonating Priya Shah) sent a change (DELETE /api/calendar-feed) in ${districtName}`]);
  });

  it('an impersonated request records the screen the app sent (a plain path only)', async () => {
    const agent = await loginAs(t.app, staff);
    expect((await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: target.id })).status).toBe(200);
    await agent.get('/api/auth/user').set('X-Coachwell-Screen', '/app/staff/12');
    await agent.get('/api/auth/user').set('X-Coachwell-Screen', 'javascript:alert(1)');
    await agent.get('/api/auth/user');
    const rows = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'impersonated_request').orderBy('id').execute();
    expect(rows.map((r) => JSON.parse(r.details!))).toEqual([
      { method: 'GET', path: '/api/auth/user', screen: '/app/staff/12' },
      { method: 'GET', path: '/api/auth/user', screen: null },
      { method: 'GET', path: '/api/auth/user', screen: null },
    ]);
  });
});
