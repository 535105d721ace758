// A district's purge in batches (issue 32, item 3; purge.ts): many small transactions that end with the same result as
// one, a purge interrupted after some batches that the hourly job carries on to the right counts, restore refused
// once it has started, two runners that never purge the same district at once, and the last transaction sending a
// step with rows written after its batches round again. The route's 202 is in
// districtDeletion.test.ts; the schema walk (every row of every table) in purge.test.ts.
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countText } from '../../../common/plural';
import { DISTRICT_DELETION_MESSAGES as M } from '../../../common/schemas/districtDeletion';
import type { DB } from '../../../db/connection';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { analyzeNow, plannerRowCount } from '../../testing/checks';
import { insertInteraction } from '../../testing/interactions.fixture';
import { type AdminDistrictsWorld, auditRows, buildAdminDistrictsWorld } from './adminDistricts.fixture';
import { districtPurgesSettled, runDistrictDeletions } from './deletionJobs';
import { BATCH_STEPS, PURGE_STALE_MS, type PurgeDeps, purgeDistrict, runPurge, startPurge } from './purge';

// Hundreds of small transactions a test: slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let w: AdminDistrictsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(async (app) => {
    const world = await buildAdminDistrictsWorld(app.db);
    // Some coaching records, so the interactions' rollup triggers have rows to see.
    const type = await app.db.selectFrom('interaction_types').select('id').where('district_id', '=', world.maple.id).orderBy('id').executeTakeFirstOrThrow();
    const educators = await app.db.selectFrom('staff').select('id').where('district_id', '=', world.maple.id).orderBy('id').execute();
    for (let i = 0; i < 4; i++) {
      await insertInteraction(app.db, { districtId: world.maple.id, typeId: type.id, coachId: world.coach.id, staff: educators.slice(0, 3) });
    }
    await app.db.updateTable('districts').set({ billing_contact_email: 'billing@maple.example' }).where('id', '=', world.maple.id).execute();
    await app.db.updateTable('districts').set({ deletion_scheduled_at: new Date().toISOString(), deletion_due_at: new Date().toISOString() })
      .where('id', '=', world.maple.id).execute();
    return world;
  }));
});
afterEach(async () => { await districtPurgesSettled(t.db); });

const deps = (): PurgeDeps => ({ db: t.db, mailer: t.mailer, dataDir: '/nonexistent-coachwell-data', log: () => undefined });
const districtRow = (id: number) => t.db.selectFrom('districts').selectAll().where('id', '=', id).executeTakeFirst();

/** What each kind of the certificate will count (the rows every step's condition finds now, zeros left out) and each step's rows. */
async function rowsByKind(db: DB, districtId: number): Promise<{ kinds: Record<string, number>; steps: number[] }> {
  const kinds: Record<string, number> = {};
  const steps: number[] = [];
  for (const s of BATCH_STEPS) {
    const n = Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(s.table)} where ${s.where(districtId)}`.execute(db)).rows[0]!.n);
    steps.push(n);
    if (n > 0) kinds[s.kind] = (kinds[s.kind] ?? 0) + n;
  }
  return { kinds, steps };
}
const countsOf = (list: { kind: string; count: number }[]) => Object.fromEntries(list.map((c) => [c.kind, c.count]));
const purgeRow = (id: number) => t.db.selectFrom('district_purges').selectAll().where('district_id', '=', id).executeTakeFirst();
const storedCounts = async (id: number) => (JSON.parse((await purgeRow(id))!.progress) as { counts: Record<string, number> }).counts;
const otherDistricts = () => t.db.selectFrom('staff').select(['id', 'district_id']).where('district_id', '!=', w.maple.id).orderBy('id').execute();

describe('a purge in batches', () => {
  it.each([3, 1_000_000])('with at most %i rows a batch, deletes exactly what one transaction would, in as many batches as that takes', async (batchRows) => {
    const others = await otherDistricts();
    await startPurge(deps(), w.maple.id, null);
    const { kinds: expected, steps } = await rowsByKind(t.db, w.maple.id);
    expect(expected.interactions).toBeGreaterThan(0);
    expect(expected.logins).toBeGreaterThan(3);
    let batches = 0;
    const result = await runPurge(deps(), w.maple.id, { batchRows, afterBatch: (n) => { batches = n; } });
    expect(countsOf(result!.counts)).toEqual(expected);
    // A step of n rows takes floor(n / batchRows) + 1 batches (the last one finds fewer than a batch).
    expect(batches).toBe(steps.reduce((sum, n) => sum + Math.floor(n / batchRows) + 1, 0));
    if (batchRows === 3) expect(batches).toBeGreaterThan(BATCH_STEPS.length + 5);
    expect(await districtRow(w.maple.id)).toBeUndefined();
    expect(await t.db.selectFrom('users').select('id').where('district_id', '=', w.maple.id).execute()).toEqual([]);
    expect(await otherDistricts()).toEqual(others);
    // The certificate holds the same counts, and the emails went to its administrator and billing contact.
    const certificate = await t.db.selectFrom('district_deletion_certificates').selectAll().executeTakeFirstOrThrow();
    expect(countsOf(JSON.parse(certificate.counts))).toEqual(expected);
    expect(certificate).toMatchObject({ purged_district_id: w.maple.id, purged_by: null, recipients: 2 });
    expect(t.mailer.sent.filter((m) => m.subject.startsWith('Certificate of data deletion')).map((m) => m.to).sort())
      .toEqual(['admin@maple.example', 'billing@maple.example']);
  });

  it('ends by taking the planner\'s statistics of the tables it emptied again, before the district row\'s delete', async () => {
    // Maple holds nearly every interaction when the statistics are taken (as the 1 000 000-interaction bench district).
    const type = await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', w.maple.id).orderBy('id').executeTakeFirstOrThrow();
    const educators = await t.db.selectFrom('staff').select('id').where('district_id', '=', w.maple.id).orderBy('id').execute();
    const interactions = async () => Number((await t.db.selectFrom('interactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const others = await interactions() - Number((await t.db.selectFrom('interactions').select((eb) => eb.fn.countAll().as('n'))
      .where('district_id', '=', w.maple.id).executeTakeFirstOrThrow()).n);
    while (await interactions() < 12 * (others + 1)) {
      await insertInteraction(t.db, { districtId: w.maple.id, typeId: type.id, coachId: w.coach.id, staff: educators.slice(0, 1) });
    }
    await analyzeNow(t.db);
    const before = await interactions();
    expect(await plannerRowCount(t.db, 'interactions')).toBe(before);
    const participantsBefore = (await plannerRowCount(t.db, 'interaction_participants'))!;
    let atLastBatch: number | null = null;
    let batches = 0;
    await purgeDistrict(deps(), w.maple.id, null, { afterBatch: async (n) => { batches = n; atLastBatch = await plannerRowCount(t.db, 'interactions'); } });
    expect(batches).toBeGreaterThan(0);
    // Through the batches the statistics still said Maple's rows were there; after the purge they count what is left.
    expect(atLastBatch).toBe(before);
    expect(await interactions()).toBe(others);
    expect(await plannerRowCount(t.db, 'interactions')).toBe(others);
    // A table left empty may have no statistics at all (SQLite): either way not the rows before.
    const participants = Number((await t.db.selectFrom('interaction_participants').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(participantsBefore).toBeGreaterThan(participants);
    expect([null, participants]).toContain(await plannerRowCount(t.db, 'interaction_participants'));
  });
});

describe('a purge interrupted, resumed and held', () => {
  it('a failure after some batches leaves the district purging with the counts so far; restore is refused; the job carries it on to the same certificate', async () => {
    const { post, agent: agent0 } = await providerAdmin();
    await startPurge(deps(), w.maple.id, null);
    const { kinds: expected } = await rowsByKind(t.db, w.maple.id);
    await expect(runPurge(deps(), w.maple.id, { batchRows: 2, afterBatch: (n) => { if (n === 6) throw new Error('the process died'); } }))
      .rejects.toThrow('the process died');

    // Purging: six batches' rows gone and counted (no more, no less), the lease given back, the district still there.
    const row = (await districtRow(w.maple.id))!;
    expect(row).toMatchObject({ deletion_scheduled_at: expect.any(String) });
    const purge = (await purgeRow(w.maple.id))!;
    expect(purge).toMatchObject({ runner: null, started_by: null });
    const { kinds: left } = await rowsByKind(t.db, w.maple.id);
    const stored = await storedCounts(w.maple.id);
    for (const kind of Object.keys(expected)) expect([kind, (stored[kind] ?? 0) + (left[kind] ?? 0)]).toEqual([kind, expected[kind]]);
    expect(Object.values(stored).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(Object.values(stored).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(12);

    // Restore refused with its reason, nothing changed; "Delete now" again refused too.
    const refused = await post(`/api/admin/district/${w.maple.id}/restore-deletion`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.purgingRestore);
    expect(await districtRow(w.maple.id)).toEqual(row);
    expect(await purgeRow(w.maple.id)).toEqual(purge);
    expect(await auditRows(t.db, 'district_deletion_restored')).toEqual([]);
    // Its plan, trial and status stay as they were: the account actions are refused too (the page hides them).
    const plan = await t.db.selectFrom('plans').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const [method, path, body] of [
      ['post', 'extend-trial', { days: 7 }], ['put', 'plan', { plan_id: plan.id, seats: 5 }],
      ['post', 'suspend', { reason: 'Unpaid' }], ['post', 'reactivate', {}],
    ] as const) {
      const res = await agent0[method](`/api/admin/district/${w.maple.id}/${path}`).set(csrfHeaders(agent0)).send(body);
      expect([path, res.status, res.body.message]).toEqual([path, 409, M.purgingAccount]);
    }
    expect(await districtRow(w.maple.id)).toEqual(row);
    expect(await auditRows(t.db, 'district_plan_changed')).toEqual([]);
    const again = await post(`/api/admin/district/${w.maple.id}/purge`, { confirm_name: w.maple.name });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.purgeUnderWay);
    expect(await districtRow(w.maple.id)).toEqual(row);
    expect(await purgeRow(w.maple.id)).toEqual(purge);
    // The district's page shows the progress.
    const { agent } = await providerAdmin();
    const page = await agent.get(`/api/admin/district/${w.maple.id}`);
    expect(page.status).toBe(200);
    expect(page.body.purge).toEqual({
      started_at: purge.started_at, started_by: null, records_deleted: Object.values(stored).reduce((a, b) => a + b, 0),
    });

    // The hourly job, outside its window (startDue false), carries on the purge under way.
    const done = await runDistrictDeletions(deps(), new Date(), { startDue: false });
    expect(done).toHaveLength(1);
    expect(countsOf(done[0]!.counts)).toEqual(expected);
    expect(await districtRow(w.maple.id)).toBeUndefined();
    const certificate = await t.db.selectFrom('district_deletion_certificates').selectAll().executeTakeFirstOrThrow();
    expect(countsOf(JSON.parse(certificate.counts))).toEqual(expected);
  });

  it('a runner that died holding the purge keeps it for a minute; then the job takes it over', async () => {
    await startPurge(deps(), w.maple.id, null);
    const { kinds: expected } = await rowsByKind(t.db, w.maple.id);
    await t.db.updateTable('district_purges').set({ runner: 'dead-process', heartbeat_at: new Date().toISOString() }).where('district_id', '=', w.maple.id).execute();
    expect(await runDistrictDeletions(deps(), new Date(), { startDue: false })).toEqual([]);
    expect(await runPurge(deps(), w.maple.id)).toBeNull();
    expect(await purgeRow(w.maple.id)).toMatchObject({ runner: 'dead-process' });
    await t.db.updateTable('district_purges').set({ heartbeat_at: new Date(Date.now() - PURGE_STALE_MS - 1000).toISOString() })
      .where('district_id', '=', w.maple.id).execute();
    const done = await runDistrictDeletions(deps(), new Date(), { startDue: false });
    expect(done.map((d) => countsOf(d.counts))).toEqual([expected]);
  });

  it('two runners at once: one purges, the other does nothing; a runner whose purge was taken over stops without counting twice', async () => {
    await startPurge(deps(), w.maple.id, null);
    const { kinds: expected } = await rowsByKind(t.db, w.maple.id);
    const [a, b] = await Promise.all([runPurge(deps(), w.maple.id, { batchRows: 2 }), runPurge(deps(), w.maple.id, { batchRows: 2 })]);
    expect([a, b].filter((r) => r === null)).toHaveLength(1);
    expect(countsOf((a ?? b)!.counts)).toEqual(expected);
    expect(await t.db.selectFrom('district_deletion_certificates').select('id').execute()).toHaveLength(1);

    // Cedar Falls: its runner loses the purge after three batches (another process claimed it) and stops there.
    await t.db.updateTable('districts').set({ deletion_scheduled_at: new Date().toISOString() }).where('id', '=', w.cedar.id).execute();
    await startPurge(deps(), w.cedar.id, null);
    const { kinds: cedarExpected } = await rowsByKind(t.db, w.cedar.id);
    const lost = await runPurge(deps(), w.cedar.id, {
      batchRows: 1,
      afterBatch: async (n) => { if (n === 3) await t.db.updateTable('district_purges').set({ runner: 'another-process' }).where('district_id', '=', w.cedar.id).execute(); },
    });
    expect(lost).toBeNull();
    expect(Object.values(await storedCounts(w.cedar.id)).reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(3);
    await t.db.updateTable('district_purges').set({ runner: null }).where('district_id', '=', w.cedar.id).execute();
    const resumed = await runPurge(deps(), w.cedar.id);
    expect(countsOf(resumed!.counts)).toEqual(cedarExpected);
  });

  it('a purge started by "Delete now" names its staff member on the certificate when the job finishes it', async () => {
    const admin = { actor: { districtId: null, userId: w.providerAdmin.id, impersonatorId: null, ip: '10.0.0.9', userAgent: 'test' }, name: 'Pat Provider' };
    await startPurge(deps(), w.maple.id, admin);
    expect((await runDistrictDeletions(deps(), new Date(), { startDue: false })).length).toBe(1);
    expect(await t.db.selectFrom('district_deletion_certificates').selectAll().executeTakeFirstOrThrow())
      .toMatchObject({ purged_by: w.providerAdmin.id, purged_by_name: 'Pat Provider' });
    const [entry] = await auditRows(t.db, 'district_purged');
    expect(entry).toMatchObject({ actor_id: w.providerAdmin.id, district_id: null });
    expect(JSON.parse(entry!.details!)).toMatchObject({ by: 'staff' });
    // Nothing due is started outside the window; purgeDistrict starts and finishes one in a call.
    await t.db.updateTable('districts').set({ deletion_scheduled_at: new Date().toISOString(), deletion_due_at: new Date().toISOString() })
      .where('id', '=', w.cedar.id).execute();
    expect(await runDistrictDeletions(deps(), new Date(), { startDue: false })).toEqual([]);
    expect(await purgeRow(w.cedar.id)).toBeUndefined();
    expect((await purgeDistrict(deps(), w.cedar.id, null, { batchRows: 5 })).certificateNumber).toMatch(/^DDC-/);
  });
});

describe('the last transaction (rows written after their step)', () => {
  /** A sign-in refusal of the district written by something else once the batches are past its table (a job, a request). */
  const writeLate = (districtId: number) => t.db.insertInto('security_events').values({
    kind: 'failed-sign-in', ip: '10.0.0.1', user_agent: null, email: 'late@maple.example', user_id: null, district_id: districtId,
    method: 'POST', path: '/api/auth/login', details: null, at: new Date().toISOString(),
  }).execute();
  const LAST_STEP = BATCH_STEPS.at(-1)!.table;
  const textOf = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

  it('a row written after its step\'s batches sends that step round again before the district goes; the certificate and its PDF count it', async () => {
    await startPurge(deps(), w.maple.id, null);
    const { kinds: expected } = await rowsByKind(t.db, w.maple.id);
    const tables: string[] = [];
    let written = false;
    const result = await runPurge(deps(), w.maple.id, {
      afterBatch: async (_n, batch) => {
        tables.push(batch.table);
        // After the last step's batch: the last transaction finds it.
        if (batch.table === LAST_STEP && !written) { written = true; await writeLate(w.maple.id); }
      },
    });
    const counted = { ...expected, logs: (expected.logs ?? 0) + 1 };
    expect(countsOf(result!.counts)).toEqual(counted);
    // Every step once, then security_events alone again (its one row), then the end.
    expect(tables.slice(0, BATCH_STEPS.length)).toEqual(BATCH_STEPS.map((s) => s.table));
    expect(tables.slice(BATCH_STEPS.length)).toEqual(['security_events']);
    expect(await districtRow(w.maple.id)).toBeUndefined();
    expect(await t.db.selectFrom('security_events').select('id').where('district_id', '=', w.maple.id).execute()).toEqual([]);
    const certificate = await t.db.selectFrom('district_deletion_certificates').selectAll().executeTakeFirstOrThrow();
    expect(countsOf(JSON.parse(certificate.counts))).toEqual(counted);
    // The PDF made for the district's end says the same total (made again after the second round).
    const total = Object.values(counted).reduce((a, b) => a + b, 0);
    const text = await textOf(Buffer.from(certificate.pdf));
    expect(text).toContain(certificate.certificate_number);
    expect(text).toContain(`Records deleted in all ${countText(total)}`);
  });

  it('a crash in that second round leaves the district purging; the job carries it on to the same counts, once', async () => {
    await startPurge(deps(), w.maple.id, null);
    const { kinds: expected } = await rowsByKind(t.db, w.maple.id);
    let written = false;
    await expect(runPurge(deps(), w.maple.id, {
      afterBatch: async (_n, batch) => {
        if (batch.table === LAST_STEP && !written) { written = true; await writeLate(w.maple.id); return; }
        if (written) throw new Error('the process died');
      },
    })).rejects.toThrow('the process died');
    // The late row's batch committed before the crash: counted, gone, the district still there.
    expect(await districtRow(w.maple.id)).toMatchObject({ deletion_scheduled_at: expect.any(String) });
    expect(await storedCounts(w.maple.id)).toEqual({ ...expected, logs: (expected.logs ?? 0) + 1 });
    expect(await t.db.selectFrom('district_deletion_certificates').select('id').execute()).toEqual([]);

    const done = await runDistrictDeletions(deps(), new Date(), { startDue: false });
    expect(done.map((d) => countsOf(d.counts))).toEqual([{ ...expected, logs: (expected.logs ?? 0) + 1 }]);
    expect(await districtRow(w.maple.id)).toBeUndefined();
    expect(await t.db.selectFrom('district_deletion_certificates').select('id').execute()).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.subject.startsWith('Certificate of data deletion'))).toHaveLength(2);
  });
});

async function providerAdmin() {
  const agent = await loginAs(t.app, w.providerAdmin);
  return { agent, post: (path: string, body: object = {}) => agent.post(path).set(csrfHeaders(agent)).send(body) };
}
