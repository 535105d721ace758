// The banner's API: GET /api/alert answers the caller's current alerts (audience by district, plan,
// role or everyone; started and not ended; info and warning not dismissed; critical always), rendered by
// common/markdown.ts. POST /api/alert/{id}/dismiss remembers a dismissal per person.
import { CompiledQuery } from 'kysely';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES as M } from '../../../common/schemas/alerts';
import { nowIso } from '../../../db/connection';
import { asGuest, createTestApp, type TestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';
import {
  HOUR, at, buildAlert, csrfHeaders, districtUser, impersonating, providerAdmin,
} from '../../testing/alerts.fixture';
import { currentAlertsFor, currentAlertsQuery } from './queries';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((a) => a.title).sort();

describe('GET /api/alert', () => {
  it('401 for guests, 403 for provider staff who are not impersonating', async () => {
    expect((await request(t.app).get('/api/alert')).status).toBe(401);
    const { agent } = await providerAdmin(t);
    expect((await agent.get('/api/alert')).status).toBe(403);
  });

  it('answers the shape: id, title, level, html, starts_at, ends_at, dismissible', async () => {
    const alert = await buildAlert(t, { title: 'Heads up', body: 'Read the **new** [guide](https://example.org/guide).', level: 'warning', ends_at: at(HOUR) });
    const { agent } = await districtUser(t);
    const res = await agent.get('/api/alert');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{
      id: alert.id, title: 'Heads up', level: 'warning', starts_at: alert.starts_at, ends_at: alert.ends_at, dismissible: true,
      html: '<p>Read the <strong>new</strong> <a href="https://example.org/guide" rel="noopener noreferrer" target="_blank">guide</a>.</p>\n',
    }]);
  });

  it('matches the audience: everyone, the district, its plan, the caller\'s roles', async () => {
    const maple = await buildDistrict(t.db, { planKey: 'professional' });
    const cedar = await buildDistrict(t.db, { planKey: 'essentials' });
    await buildAlert(t, { title: 'everyone' });
    await buildAlert(t, { title: 'maple', audience: 'districts', values: [maple.id] });
    await buildAlert(t, { title: 'cedar', audience: 'districts', values: [cedar.id] });
    await buildAlert(t, { title: 'professional', audience: 'plan', values: ['professional'] });
    await buildAlert(t, { title: 'essentials or enterprise', audience: 'plan', values: ['essentials', 'enterprise'] });
    await buildAlert(t, { title: 'coaches', audience: 'roles', values: ['coach'] });
    await buildAlert(t, { title: 'admins and coaches', audience: 'roles', values: ['district-admin', 'coach'] });

    const mapleCoach = await districtUser(t, { districtId: maple.id, role: 'coach' });
    expect(titles(await mapleCoach.agent.get('/api/alert'))).toEqual(['admins and coaches', 'coaches', 'everyone', 'maple', 'professional']);
    const mapleTeacher = await districtUser(t, { districtId: maple.id, role: 'educator' });
    expect(titles(await mapleTeacher.agent.get('/api/alert'))).toEqual(['everyone', 'maple', 'professional']);
    const cedarAdmin = await districtUser(t, { districtId: cedar.id, role: 'district-admin' });
    expect(titles(await cedarAdmin.agent.get('/api/alert'))).toEqual(['admins and coaches', 'cedar', 'essentials or enterprise', 'everyone']);
  });

  it('an alert aimed twice at the same person (two roles) is answered once', async () => {
    const districtId = (await buildDistrict(t.db)).id;
    await buildAlert(t, { title: 'twice', audience: 'roles', values: ['district-admin', 'coach'] });
    const user = await buildUser(t.db, { role: 'coach', districtId });
    const role = await t.db.selectFrom('roles').select('id').where('name', '=', 'district-admin').executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    const rows = await currentAlertsFor(t.db, { userId: user.id, districtId, planKey: 'professional', roles: ['coach', 'district-admin'] }, nowIso());
    expect(rows.map((r) => r.title)).toEqual(['twice']);
  });

  it('only current alerts: started, not ended, not deleted', async () => {
    await buildAlert(t, { title: 'open-ended' });
    await buildAlert(t, { title: 'ending soon', ends_at: at(HOUR) });
    await buildAlert(t, { title: 'tomorrow', starts_at: at(24 * HOUR) });
    await buildAlert(t, { title: 'ended', starts_at: at(-48 * HOUR), ends_at: at(-HOUR) });
    await buildAlert(t, { title: 'deleted', deleted: true });
    const { agent } = await districtUser(t);
    expect(titles(await agent.get('/api/alert'))).toEqual(['ending soon', 'open-ended']);
  });

  it('critical first, then warning, then info; newest start first within a level', async () => {
    await buildAlert(t, { title: 'info old', level: 'info', starts_at: at(-3 * HOUR) });
    await buildAlert(t, { title: 'info new', level: 'info', starts_at: at(-HOUR) });
    await buildAlert(t, { title: 'warning', level: 'warning', starts_at: at(-2 * HOUR) });
    await buildAlert(t, { title: 'critical', level: 'critical', starts_at: at(-5 * HOUR) });
    const { agent } = await districtUser(t);
    expect((await agent.get('/api/alert')).body.data.map((a: { title: string }) => a.title)).toEqual(['critical', 'warning', 'info new', 'info old']);
  });

  it('leaves out info and warning alerts the caller dismissed, never critical ones', async () => {
    const info = await buildAlert(t, { title: 'info', level: 'info' });
    const warning = await buildAlert(t, { title: 'warning', level: 'warning' });
    const critical = await buildAlert(t, { title: 'critical', level: 'critical' });
    const { agent, user } = await districtUser(t);
    await t.db.insertInto('alert_dismissals').values([info, warning, critical].map((a) => ({ alert_id: a.id, user_id: user.id, at: nowIso() }))).execute();
    const res = await agent.get('/api/alert');
    expect(res.body.data).toEqual([expect.objectContaining({ title: 'critical', dismissible: false })]);
  });

  it('finds the current alerts of a person in one statement that reads only through indexes (the SQLite plan) [SQLite]', async () => {
    await buildAlert(t);
    const who = { userId: 1, districtId: 1, planKey: 'professional', roles: ['coach', 'district-admin'] };
    const compiled = currentAlertsQuery(t.db, who, nowIso()).compile();
    const plan = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
    const details = plan.rows.map((r) => r.detail).join('\n');
    // Every table is reached through an index (targets by key or by alert, alerts by start or id,
    // dismissals by alert and person): no full scan, whichever way round the planner starts.
    expect(details).toMatch(/SEARCH t USING .*INDEX/);
    expect(details).toMatch(/SEARCH alerts USING/);
    expect(details).toMatch(/SEARCH d USING .*INDEX/);
    expect(details).not.toMatch(/\bSCAN\b/);
  });
});

describe('POST /api/alert/{id}/dismiss', () => {
  it('401 for guests, 419 without the token', async () => {
    const alert = await buildAlert(t);
    expect((await asGuest(t.app, 'post', `/api/alert/${alert.id}/dismiss`)).status).toBe(401);
    const { agent } = await districtUser(t);
    expect((await agent.post(`/api/alert/${alert.id}/dismiss`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
  });

  it('422 for a critical alert: "Critical alerts cannot be dismissed."', async () => {
    const alert = await buildAlert(t, { level: 'critical' });
    const { agent } = await districtUser(t);
    const res = await agent.post(`/api/alert/${alert.id}/dismiss`).set(csrfHeaders(agent));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Critical alerts cannot be dismissed.');
    expect(await t.db.selectFrom('alert_dismissals').selectAll().execute()).toEqual([]);
  });

  it('404 for an alert not shown to the caller: missing, deleted, scheduled, ended, another audience, malformed id', async () => {
    const other = await buildDistrict(t.db);
    const ids = [
      99999,
      (await buildAlert(t, { deleted: true })).id,
      (await buildAlert(t, { starts_at: at(HOUR) })).id,
      (await buildAlert(t, { starts_at: at(-2 * HOUR), ends_at: at(-HOUR) })).id,
      (await buildAlert(t, { audience: 'districts', values: [other.id] })).id,
      (await buildAlert(t, { audience: 'roles', values: ['educator'] })).id,
      (await buildAlert(t, { audience: 'plan', values: ['enterprise'] })).id,
    ];
    const { agent } = await districtUser(t, { role: 'coach', planKey: 'professional' });
    for (const id of [...ids.map(String), 'abc', '0', '1e2']) {
      const res = await agent.post(`/api/alert/${id}/dismiss`).set(csrfHeaders(agent));
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    }
    expect(await t.db.selectFrom('alert_dismissals').selectAll().execute()).toEqual([]);
  });

  it('403 while impersonating: the impersonated person still sees it, and the banner offers no dismiss', async () => {
    const alert = await buildAlert(t, { title: 'For the district', level: 'info' });
    const { user, agent: own } = await districtUser(t);
    const staff = await impersonating(t, user.id);
    const seen = await staff.agent.get('/api/alert');
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual([expect.objectContaining({ id: alert.id, dismissible: false })]);
    const res = await staff.agent.post(`/api/alert/${alert.id}/dismiss`).set(csrfHeaders(staff.agent));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.dismissWhileImpersonating);
    expect(await t.db.selectFrom('alert_dismissals').selectAll().execute()).toEqual([]);
    expect((await own.get('/api/alert')).body.data).toEqual([expect.objectContaining({ id: alert.id, dismissible: true })]);
  });

  it('204: remembered for that person only; again is still 204', async () => {
    const alert = await buildAlert(t, { level: 'warning' });
    const districtId = (await buildDistrict(t.db)).id;
    const me = await districtUser(t, { districtId });
    const colleague = await districtUser(t, { districtId, role: 'coach' });
    const res = await me.agent.post(`/api/alert/${alert.id}/dismiss`).set(csrfHeaders(me.agent));
    expect(res.status).toBe(204);
    const rows = await t.db.selectFrom('alert_dismissals').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ alert_id: alert.id, user_id: me.user.id })]);
    expect((await me.agent.get('/api/alert')).body.data).toEqual([]);
    expect((await colleague.agent.get('/api/alert')).body.data).toHaveLength(1);
    expect((await me.agent.post(`/api/alert/${alert.id}/dismiss`).set(csrfHeaders(me.agent))).status).toBe(204);
    expect(await t.db.selectFrom('alert_dismissals').selectAll().execute()).toHaveLength(1);
  });
});

describe('XSS: alert bodies are rendered without script, event handlers or unsafe links', () => {
  const PAYLOADS = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">raw link</a>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](java&#x09;script:alert(1))',
    '[click](&#106;avascript:alert(1))',
    '[click](vbscript:msgbox(1))',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![img](javascript:alert(1))',
    '![img](data:text/html,<script>alert(1)</script>)',
    '[ref link][r]\n\n[r]: javascript:alert(1)',
    '<javascript:alert(1)>',
    '[x](https://example.org" onclick="alert(1))',
    '<iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style>',
    '```\n<script>alert(1)</script>\n```',
    '<div style="background:url(javascript:alert(1))">x</div>',
  ];

  it('the answered html carries no script, event handler attribute or javascript:/vbscript:/data:text URL', async () => {
    const { agent: admin } = await providerAdmin(t);
    const body = PAYLOADS.join('\n\n');
    const created = await admin.post('/api/admin/alert').set(csrfHeaders(admin))
      .send({ title: '<script>alert(1)</script>', body, level: 'info', audience: 'everyone', starts_at: at(-HOUR) });
    expect(created.status).toBe(201);
    expect(created.body.body).toBe(body);
    const { agent } = await districtUser(t);
    const [alert] = (await agent.get('/api/alert')).body.data;
    const html: string = alert.html;
    expect(html).not.toMatch(/<script/i);
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) {
      expect(tag).toMatch(/^<(p|a|code|pre|br|strong|em|img)[\s>]/);
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data:text)/i);
      expect(tag).not.toMatch(/style\s*=/i);
    }
    // The title is answered as text; the client renders it as text.
    expect(alert.title).toBe('<script>alert(1)</script>');
    // What was typed is shown as text, escaped.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
