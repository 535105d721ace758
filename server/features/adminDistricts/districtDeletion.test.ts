// Deleting a district (issue 32, item 3): POST /api/admin/district/{id}/schedule-deletion, /restore-deletion and
// /purge, the certificates (GET /api/admin/district-deletions, GET /api/admin/district-deletion/{id}/certificate),
// what a schedule does to sign-in and sessions, and the hourly job. The schema walk is purge.test.ts.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditSentence } from '../../../common/auditActions';
import { ADMIN_DISTRICT_MESSAGES } from '../../../common/schemas/adminDistricts';
import {
  DELETION_JOB_LABEL, deletionDay, DISTRICT_DELETION_MESSAGES as M, districtScheduledForDeletionMessage,
} from '../../../common/schemas/districtDeletion';
import { appWith, bodyAsBytes, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { type AdminDistrictsWorld, auditRows, buildAdminDistrictsWorld } from './adminDistricts.fixture';
import { CERTIFICATE_EMAIL_ATTEMPTS, CERTIFICATE_EMAIL_WAITS_MS, sendCertificateEmails } from './certificateEmails';
import { districtPurgesSettled, inPurgeWindow, runDistrictDeletions } from './deletionJobs';
import type { Mail, Mailer } from '../../lib/mailer';

let t: TestApp;
let w: AdminDistrictsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(async (app) => {
    const world = await buildAdminDistrictsWorld(app.db);
    await app.db.updateTable('districts').set({ billing_contact_email: 'billing@maple.example', billing_contact_name: 'Bill Payer' })
      .where('id', '=', world.maple.id).execute();
    return world;
  }));
});

afterEach(async () => { await districtPurgesSettled(t.db); });

const DAY = 24 * 3600_000;
const districtRow = (id: number) => t.db.selectFrom('districts').selectAll().where('id', '=', id).executeTakeFirst();

async function as(user: { email: string; district_id: number | null }) {
  const agent = await loginAs(t.app, user);
  return { agent, post: (path: string, body: object = {}) => agent.post(path).set(csrfHeaders(agent)).send(body) };
}

async function signIn(email: string) {
  const guest = await guestAgent(t.app);
  return guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email, password: TEST_PASSWORD, area: 'app' });
}

describe.each(['schedule-deletion', 'restore-deletion', 'purge'] as const)('POST /api/admin/district/{id}/%s: refusals', (action) => {
  const body = () => (action === 'purge' ? { confirm_name: w.maple.name } : {});

  it('401 without login, 419 without the CSRF token', async () => {
    const guest = await guestAgent(t.app);
    expect((await guest.post(`/api/admin/district/${w.maple.id}/${action}`).set(csrfHeaders(guest)).send(body())).status).toBe(401);
    const agent = await loginAs(t.app, w.providerAdmin);
    expect((await agent.post(`/api/admin/district/${w.maple.id}/${action}`).set('X-Requested-With', 'XMLHttpRequest').send(body())).status).toBe(419);
  });

  it('403 for a district administrator, for provider support, and for a provider administrator impersonating', async () => {
    const district = await as(w.admin);
    const mine = await district.post(`/api/admin/district/${w.maple.id}/${action}`, body());
    expect(mine.status).toBe(403);
    expect(mine.body.message).toBe(M.providerOnly);
    const support = await as(w.support);
    const refused = await support.post(`/api/admin/district/${w.maple.id}/${action}`, body());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(M.adminOnly);
    const admin = await as(w.providerAdmin);
    await admin.post('/api/auth/impersonate', { user_id: w.admin.id }).expect(200);
    const impersonating = await admin.post(`/api/admin/district/${w.maple.id}/${action}`, body());
    expect(impersonating.status).toBe(403);
    expect(impersonating.body.message).toBe(M.providerOnly);
    expect(await districtRow(w.maple.id)).toMatchObject({ deletion_scheduled_at: null });
  });

  it('404 for an unknown district', async () => {
    const { post } = await as(w.providerAdmin);
    const res = await post(`/api/admin/district/987654/${action}`, { confirm_name: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ADMIN_DISTRICT_MESSAGES.notFound);
  });
});

describe('scheduling and restoring', () => {
  it('schedules 30 days ahead: sessions deleted, sign-in refused with the day and whom to contact, shown on the page and list, audited', async () => {
    const maple = await loginAs(t.app, w.admin);
    const cedar = await loginAs(t.app, w.cedarAdmin);
    expect((await maple.get('/api/auth/user')).status).toBe(200);
    const { agent, post } = await as(w.providerAdmin);
    const before = Date.now();
    const res = await post(`/api/admin/district/${w.maple.id}/schedule-deletion`);
    expect(res.status).toBe(200);
    expect(res.body.deletion).toMatchObject({ scheduled_at: expect.any(String), scheduled_by: { id: w.providerAdmin.id, name: 'Pat Provider' } });
    const due = Date.parse(res.body.deletion.due_at);
    expect(due - Date.parse(res.body.deletion.scheduled_at)).toBe(30 * DAY);
    expect(due).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(res.body.status).toBe('active');

    // Its people's sessions are gone; another district's are not.
    expect(await t.db.selectFrom('sessions').select('sid').where('user_id', 'in', [w.admin.id, w.coach.id]).execute()).toEqual([]);
    expect((await maple.get('/api/auth/user')).status).toBe(401);
    expect((await cedar.get('/api/auth/user')).status).toBe(200);
    const refused = await signIn(w.admin.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(districtScheduledForDeletionMessage(deletionDay(res.body.deletion.due_at, 'America/Chicago')));
    expect(refused.body.message).toContain('support@coachwell.example');
    // A wrong password answers as always.
    const guest = await guestAgent(t.app);
    expect((await guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email: w.admin.email, password: 'nope-nope-nope', area: 'app' })).status).toBe(422);

    const list = await agent.get('/api/admin/district?search=Maple');
    expect(list.body.data[0]).toMatchObject({ id: w.maple.id, deletion_due_at: res.body.deletion.due_at });
    expect((await agent.get(`/api/admin/district/${w.maple.id}`)).body.deletion).toEqual(res.body.deletion);
    const [audit] = await auditRows(t.db, 'district_deletion_scheduled');
    expect(audit).toMatchObject({ district_id: w.maple.id, actor_id: w.providerAdmin.id, subject_type: 'district', subject_id: w.maple.id });
    expect(JSON.parse(audit!.details!)).toMatchObject({ name: w.maple.name, due_at: res.body.deletion.due_at });
    expect(await auditRows(t.db, 'login_refused')).toMatchObject([{ district_id: w.maple.id, actor_id: w.admin.id }]);

    const again = await post(`/api/admin/district/${w.maple.id}/schedule-deletion`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadyScheduled);
  });

  it('restores within the grace: the schedule is lifted, the status is as before and sign-in works again', async () => {
    const { post } = await as(w.providerAdmin);
    const notYet = await post(`/api/admin/district/${w.cedar.id}/restore-deletion`);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe(M.notScheduledRestore);
    await post(`/api/admin/district/${w.cedar.id}/schedule-deletion`).expect(200);
    expect((await signIn(w.cedarAdmin.email)).status).toBe(403);
    const res = await post(`/api/admin/district/${w.cedar.id}/restore-deletion`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'trial', deletion: null });
    expect(await districtRow(w.cedar.id)).toMatchObject({ status: 'trial', deletion_scheduled_at: null, deletion_due_at: null, deletion_scheduled_by: null });
    expect((await signIn(w.cedarAdmin.email)).status).toBe(200);
    expect(await auditRows(t.db, 'district_deletion_restored')).toMatchObject([{ district_id: w.cedar.id, actor_id: w.providerAdmin.id }]);
  });
});

describe('POST /api/admin/district/{id}/purge', () => {
  it('409 for a district that is not scheduled; 422 naming confirm_name for a missing or wrong name; nothing changes', async () => {
    const { post } = await as(w.providerAdmin);
    const notScheduled = await post(`/api/admin/district/${w.maple.id}/purge`, { confirm_name: w.maple.name });
    expect(notScheduled.status).toBe(409);
    expect(notScheduled.body.message).toBe(M.notScheduled);
    await post(`/api/admin/district/${w.maple.id}/schedule-deletion`).expect(200);
    expectFieldError(await post(`/api/admin/district/${w.maple.id}/purge`, {}), 'confirm_name', M.confirmNameRequired);
    expectFieldError(await post(`/api/admin/district/${w.maple.id}/purge`, { confirm_name: 7 }), 'confirm_name', M.confirmNameText);
    expectFieldError(await post(`/api/admin/district/${w.maple.id}/purge`, { confirm_name: w.maple.name.toUpperCase() }), 'confirm_name', M.confirmNameMismatch);
    expectFieldError(await post(`/api/admin/district/${w.maple.id}/purge`, { confirm_name: `${w.maple.name} ` }), 'confirm_name', M.confirmNameMismatch);
    expect(await districtRow(w.maple.id)).toBeDefined();
    expect(await t.db.selectFrom('users').select('id').where('district_id', '=', w.maple.id).execute()).not.toEqual([]);
    expect(await t.db.selectFrom('district_deletion_certificates').select('id').execute()).toEqual([]);
  });

  it('deletes the district at once, frees its emails, emails the certificate to its administrators and billing contact, and keeps it', async () => {
    const { agent, post } = await as(w.providerAdmin);
    await post(`/api/admin/district/${w.maple.id}/schedule-deletion`).expect(200);
    const cedarStaff = await t.db.selectFrom('staff').select('id').where('district_id', '=', w.cedar.id).execute();
    // Rate-limit counters keyed by an email (failed sign-ins): its people's go, another district's stay.
    // An underscore in an email is no wildcard, and the email is the key's whole last part.
    await buildUser(t.db, { districtId: w.maple.id, role: 'coach', email: 'j_smith@maple.example' });
    await t.db.insertInto('rate_limits').values([
      { key: '10.0.0.1|login-failed|admin@maple.example', count: 2, reset_at: Date.now() + 60_000 },
      { key: '10.0.0.1|login-failed|j_smith@maple.example', count: 2, reset_at: Date.now() + 60_000 },
      { key: '10.0.0.1|login-failed|admin@cedar.example', count: 1, reset_at: Date.now() + 60_000 },
      { key: '10.0.0.1|login-failed|jxsmith@maple.example', count: 1, reset_at: Date.now() + 60_000 },
      { key: '10.0.0.1|login-failed|j_smith@maple.example.uk', count: 1, reset_at: Date.now() + 60_000 },
    ]).execute();
    const started = await post(`/api/admin/district/${w.maple.id}/purge`, { confirm_name: w.maple.name });
    // 202 before the purge runs: the district as it now stands, purging, with nothing deleted yet.
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      id: w.maple.id, name: w.maple.name, deletion: { scheduled_by: { id: w.providerAdmin.id } },
      purge: { started_at: expect.any(String), started_by: { id: w.providerAdmin.id, name: 'Pat Provider' }, records_deleted: 0 },
    });
    await districtPurgesSettled(t.db);
    const [certificate] = (await agent.get('/api/admin/district-deletions')).body.data;
    const res = { body: certificate };
    expect(res.body).toMatchObject({
      district_id: w.maple.id, district_name: w.maple.name, purged_by: { id: w.providerAdmin.id, name: 'Pat Provider' }, purged_by_label: 'Pat Provider',
      recipients: 2, certificate_number: expect.stringMatching(/^DDC-\d{8}-[0-9A-F]{8}$/),
    });
    expect(res.body.counts).toContainEqual({ kind: 'schools', label: 'Schools', count: 3 });
    expect(res.body.counts).toContainEqual(expect.objectContaining({ kind: 'logins' }));

    expect(await districtRow(w.maple.id)).toBeUndefined();
    expect(await t.db.selectFrom('users').select('id').where('district_id', '=', w.maple.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('staff').select('id').where('district_id', '=', w.maple.id).execute()).toEqual([]);
    // The other district is untouched.
    expect(await t.db.selectFrom('staff').select('id').where('district_id', '=', w.cedar.id).execute()).toEqual(cedarStaff);
    expect((await t.db.selectFrom('rate_limits').select('key').where('key', 'like', '10.0.0.1|%').execute()).map((r) => r.key).sort())
      .toEqual(['10.0.0.1|login-failed|admin@cedar.example', '10.0.0.1|login-failed|j_smith@maple.example.uk', '10.0.0.1|login-failed|jxsmith@maple.example']);
    expect((await signIn(w.cedarAdmin.email)).status).toBe(200);
    // Its address is free: a login with it can be made again (here in another district).
    await buildUser(t.db, { districtId: w.cedar.id, role: 'coach', email: w.admin.email });
    expect((await signIn(w.admin.email)).status).toBe(200);

    // Emailed, with the PDF, to the administrator and the billing contact.
    const mails = t.mailer.sent.filter((m) => m.subject.startsWith('Certificate of data deletion'));
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@maple.example', 'billing@maple.example']);
    const pdf = mails[0]!.attachments![0]!;
    expect(pdf).toMatchObject({ filename: `${res.body.certificate_number}.pdf`, contentType: 'application/pdf' });
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.content)), { mergePages: true });
    for (const words of [`District ${w.maple.name}`, `District id ${w.maple.id}`, 'Deleted by Pat Provider', res.body.certificate_number, 'Schools 3', '(America/Chicago)', ' UTC']) {
      expect(text).toContain(words);
    }

    // Kept by the provider: listed and downloadable.
    const list = await agent.get('/api/admin/district-deletions');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect((await agent.get(`/api/admin/district/${w.maple.id}`)).status).toBe(404);
    const download = await bodyAsBytes(agent.get(res.body.download_url));
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`${res.body.certificate_number}.pdf`);
    expect((download.body as Buffer).equals(pdf.content)).toBe(true);

    // The provider's log keeps only the district's id and name.
    const entries = await t.db.selectFrom('audit_log').selectAll().where('subject_type', '=', 'district').where('subject_id', '=', w.maple.id).orderBy('id').execute();
    expect(entries.map((e) => e.action)).toEqual(['district_deletion_scheduled', 'district_purged']);
    expect(JSON.parse(entries[0]!.details!)).toEqual({ name: w.maple.name });
    expect(JSON.parse(entries[1]!.details!)).toEqual({ name: w.maple.name, certificate: res.body.certificate_number, by: 'staff' });
    expect(entries.every((e) => e.district_id === null)).toBe(true);
    expect(await t.db.selectFrom('audit_log').select('id').where('district_id', '=', w.maple.id).execute()).toEqual([]);
  });

  it('the certificates: 401 for a guest, 403 for a district user, 404 for an unknown one', async () => {
    const guest = await guestAgent(t.app);
    expect((await guest.get('/api/admin/district-deletions')).status).toBe(401);
    const district = await loginAs(t.app, w.admin);
    expect((await district.get('/api/admin/district-deletions')).status).toBe(403);
    expect((await district.get('/api/admin/district-deletion/1/certificate')).status).toBe(403);
    const support = await loginAs(t.app, w.support);
    const missing = await support.get('/api/admin/district-deletion/98765/certificate');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(M.certificateNotFound);
    expect((await support.get('/api/admin/district-deletions')).body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('the scheduled deletion job', () => {
  it('purges only the districts whose grace has passed, as "the scheduled deletion job"', async () => {
    const { post } = await as(w.providerAdmin);
    await post(`/api/admin/district/${w.maple.id}/schedule-deletion`).expect(200);
    await post(`/api/admin/district/${w.cedar.id}/schedule-deletion`).expect(200);
    // Maple Grove's grace has passed; Cedar Falls' has a day left; Birch Bay is not scheduled.
    await t.db.updateTable('districts').set({ deletion_due_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', w.maple.id).execute();
    await t.db.updateTable('districts').set({ deletion_due_at: new Date(Date.now() + DAY).toISOString() }).where('id', '=', w.cedar.id).execute();

    const done = await runDistrictDeletions({ db: t.db, mailer: t.mailer, dataDir: '/nonexistent-coachwell-data', log: () => undefined });
    expect(done).toHaveLength(1);
    expect(await districtRow(w.maple.id)).toBeUndefined();
    expect(await districtRow(w.cedar.id)).toBeDefined();
    expect(await districtRow(w.birch.id)).toBeDefined();
    const [certificate] = await t.db.selectFrom('district_deletion_certificates').selectAll().execute();
    expect(certificate).toMatchObject({ purged_district_id: w.maple.id, purged_by: null, purged_by_name: null });
    const support = await loginAs(t.app, w.support);
    expect((await support.get('/api/admin/district-deletions')).body.data[0]).toMatchObject({ purged_by: null, purged_by_label: DELETION_JOB_LABEL });
    // The provider's feed names the job.
    const [purged] = await auditRows(t.db, 'district_purged');
    expect(auditSentence({
      action: 'district_purged', actor: null, impersonator: null, district: null,
      subject: { type: 'district', id: w.maple.id, label: w.maple.name }, details: JSON.parse(purged!.details!),
    })).toBe(`The scheduled deletion job deleted ${w.maple.name} and all its data; certificate ${certificate!.certificate_number}`);
    // A second run finds nothing due.
    expect(await runDistrictDeletions({ db: t.db, mailer: t.mailer, dataDir: '/nonexistent-coachwell-data', log: () => undefined })).toEqual([]);
  });

  it('the hourly job purges only in the US night, 07:00 to 11:00 UTC', () => {
    expect(inPurgeWindow(new Date('2026-12-29T06:59:59Z'))).toBe(false);
    expect(inPurgeWindow(new Date('2026-12-29T07:00:00Z'))).toBe(true);
    expect(inPurgeWindow(new Date('2026-12-29T10:59:59Z'))).toBe(true);
    expect(inPurgeWindow(new Date('2026-12-29T11:00:00Z'))).toBe(false);
    expect(inPurgeWindow(new Date('2026-12-29T15:00:00Z'))).toBe(false);
  });
});

describe('the certificate\'s emails when the mail server refuses them', () => {
  const MINUTE = 60_000;
  /** The app's memory mailer, refusing the addresses in `down` while they are in it. */
  const flaky = (down: Set<string>): Mailer => ({
    async send(mail: Mail) {
      if (down.has(mail.to)) throw new Error(`451 mailbox of ${mail.to} unavailable, try again later`);
      await t.mailer.send(mail);
    },
  });
  const emails = () => t.db.selectFrom('certificate_emails').selectAll().orderBy('id').execute();
  const certificateMails = () => t.mailer.sent.filter((m) => m.subject.startsWith('Certificate of data deletion'));
  const listed = async () => (await (await loginAs(t.app, w.support)).get('/api/admin/district-deletions')).body.data[0].emails;

  async function purgeMaple(mailer: Mailer, at: Date) {
    const { post } = await as(w.providerAdmin);
    await post(`/api/admin/district/${w.maple.id}/schedule-deletion`).expect(200);
    await t.db.updateTable('districts').set({ deletion_due_at: new Date(at.getTime() - MINUTE).toISOString() }).where('id', '=', w.maple.id).execute();
    expect(await runDistrictDeletions({ db: t.db, mailer, dataDir: '/nonexistent-coachwell-data', log: () => undefined }, at)).toHaveLength(1);
  }

  it('sends the refused one again with the hourly job once its wait has passed, once, then forgets the address', async () => {
    const down = new Set(['billing@maple.example']);
    const start = new Date();
    await purgeMaple(flaky(down), start);
    expect(certificateMails().map((m) => m.to)).toEqual(['admin@maple.example']);
    const [admin, billing] = await emails();
    expect(admin).toMatchObject({ recipient: null, attempts: 1, sent_at: expect.any(String), failed_at: null });
    expect(billing).toMatchObject({ recipient: 'billing@maple.example', attempts: 1, sent_at: null, failed_at: null, last_error: '451 mailbox of billing@maple.example unavailable, try again later' });
    // Right after the purge's commit, at the time the purge ran.
    expect(new Date(billing!.next_attempt_at!).getTime() - start.getTime()).toBeGreaterThanOrEqual(CERTIFICATE_EMAIL_WAITS_MS[0]!);
    expect(new Date(billing!.next_attempt_at!).getTime() - start.getTime()).toBeLessThan(CERTIFICATE_EMAIL_WAITS_MS[0]! + MINUTE);
    expect(await listed()).toEqual({ sent: 1, waiting: 1, failed: 0 });

    // Before its wait has passed, the hourly job leaves it; after, it sends it with the same certificate.
    down.clear();
    const deps = { db: t.db, mailer: flaky(down), dataDir: '/nonexistent-coachwell-data', log: () => undefined };
    await runDistrictDeletions(deps, new Date(start.getTime() + 5 * MINUTE));
    expect(certificateMails()).toHaveLength(1);
    await runDistrictDeletions(deps, new Date(start.getTime() + 11 * MINUTE));
    expect(certificateMails().map((m) => m.to)).toEqual(['admin@maple.example', 'billing@maple.example']);
    const [first, again] = certificateMails();
    expect(again!.attachments![0]!.content.equals(first!.attachments![0]!.content)).toBe(true);
    expect(again!.subject).toBe(first!.subject);
    expect(await emails()).toEqual([
      expect.objectContaining({ recipient: null, sent_at: expect.any(String) }),
      expect.objectContaining({ recipient: null, attempts: 2, sent_at: expect.any(String), last_error: null }),
    ]);
    expect(await listed()).toEqual({ sent: 2, waiting: 0, failed: 0 });
    // Nothing is sent twice.
    await runDistrictDeletions(deps, new Date(start.getTime() + 3 * 24 * 60 * MINUTE));
    expect(certificateMails()).toHaveLength(2);
  });

  it(`gives up after ${CERTIFICATE_EMAIL_ATTEMPTS} attempts, waiting longer each time, and says so in the provider's list`, async () => {
    const mailer = flaky(new Set(['billing@maple.example']));
    let at = new Date();
    await purgeMaple(mailer, at);
    for (let attempt = 1; attempt < CERTIFICATE_EMAIL_ATTEMPTS; attempt += 1) {
      const [, billing] = await emails();
      expect(billing!.attempts).toBe(attempt);
      // The first attempt ran at the purge's own time (a moment after `at`); the others at `at` itself.
      const waited = new Date(billing!.next_attempt_at!).getTime() - at.getTime();
      if (attempt === 1) expect(waited - CERTIFICATE_EMAIL_WAITS_MS[0]!).toBeLessThan(MINUTE);
      else expect(waited).toBe(CERTIFICATE_EMAIL_WAITS_MS[attempt - 1]);
      at = new Date(billing!.next_attempt_at!);
      await sendCertificateEmails({ db: t.db, mailer, log: () => undefined }, at);
    }
    const [, billing] = await emails();
    expect(billing).toMatchObject({ recipient: null, attempts: CERTIFICATE_EMAIL_ATTEMPTS, sent_at: null, failed_at: expect.any(String), next_attempt_at: null });
    expect(await listed()).toEqual({ sent: 1, waiting: 0, failed: 1 });
    expect(await sendCertificateEmails({ db: t.db, mailer: t.mailer, log: () => undefined }, new Date(at.getTime() + 30 * 24 * 60 * MINUTE))).toBe(0);
    expect(certificateMails().map((m) => m.to)).toEqual(['admin@maple.example']);
  });

  it('two runners at once send a due email once', async () => {
    const down = new Set(['billing@maple.example']);
    const start = new Date();
    await purgeMaple(flaky(down), start);
    down.clear();
    const later = new Date(start.getTime() + 11 * MINUTE);
    const deps = { db: t.db, mailer: t.mailer, log: () => undefined };
    const sent = await Promise.all([sendCertificateEmails(deps, later), sendCertificateEmails(deps, later)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(certificateMails().map((m) => m.to)).toEqual(['admin@maple.example', 'billing@maple.example']);
  });
});
