// The staff import writes educators with the search index's per-row triggers set aside and feeds the
// index in one statement (db/dialect.ts withStaffBulkWrites): after an import the index and every
// search answer exactly what a rebuild by the migration's own triggers gives, the triggers are back,
// and the educators list's change version moved.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeVersion, withStaffBulkWrites } from '../../../db/dialect';
import { appWith, csrfHeaders, loginAs, type TestAgent, type TestApp } from '../../testing/app';
import { buildStaff } from '../../testing/factories';
import { staffWorld, type StaffWorld } from '../../testing/staff.fixture';

let t: TestApp;
let w: StaffWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
});

/** Upload, keep the recognised mapping (plus options), preview, run: the run's answer. */
async function importText(agent: TestAgent, text: string, options: object = {}) {
  const up = await agent.post('/api/import/staff?file_name=s.csv').set(csrfHeaders(agent)).set('Content-Type', 'text/csv').send(text);
  expect(up.status).toBe(201);
  expect((await agent.put(`/api/import/${up.body.id}/mapping`).set(csrfHeaders(agent)).send({ mapping: up.body.mapping, ...options })).status).toBe(200);
  expect((await agent.post(`/api/import/${up.body.id}/preview`).set(csrfHeaders(agent)).send({})).status).toBe(200);
  return agent.post(`/api/import/${up.body.id}/run`).set(csrfHeaders(agent)).send({});
}

const indexRows = async () => (await sql<{ rowid: number; name: string; email: string | null; employee_id: string | null; starts: string }>`
  select rowid, name, email, employee_id, starts from staff_search order by rowid`.execute(t.db)).rows;

/** The index rebuilt from scratch by the migration's own update trigger (not by the import's statement). */
async function rebuildByTriggers() {
  await sql`delete from staff_search`.execute(t.db);
  await sql`update staff set first_name = first_name`.execute(t.db);
}

const triggerNames = async () => (await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name in ('staff', 'staff_buildings') order by name`.execute(t.db)).rows.map((r) => r.name);

const SEARCHES = ['ann-marie', 'o\u2019brien', 'obrien', 'de la', 'xi', 'MT-9', 'mt-100', 'jordan', 'ellis-ray', 'maple.test', 'zz', 'Émile', 'émile', 'kim', 'j', 'new-101'];
async function searchAnswers(agent: TestAgent) {
  const answers: Record<string, string[]> = {};
  for (const search of SEARCHES) {
    const res = await agent.get('/api/staff').query({ search, per_page: 100 });
    expect(res.status).toBe(200);
    answers[search] = res.body.data.map((s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`);
  }
  return answers;
}

const CSV = [
  'Employee ID,First name,Last name,Email,School,Position',
  // New educators: hyphens, apostrophes (straight and curly), several words, accents, short words.
  'NEW-101,Ann-Marie,O\u2019Brien,ann-marie.obrien@maple.test,North Elementary,Classroom Teacher',
  'NEW-102,Sean,O\'Neil,sean.oneil@maple.test,South Middle,Counselor',
  'NEW-103,Maria,de la Cruz,maria.delacruz@maple.test,North Elementary,Classroom Teacher',
  'NEW-104,Xi,Li,,South Middle,Librarian',
  'NEW-105,Émile,Kimura,emile.kimura@maple.test,North Elementary,Classroom Teacher',
  // Existing educators: Jordan renamed with a new email (re-indexed), Ava's position only (left as is).
  'MT-100,Jordan,Ellis-Ray,jordan.ellisray@maple.test,North Elementary,Classroom Teacher',
  'MT_200,Ava,Nguyen,ava.nguyen@maple.test,North Elementary,Counselor',
].join('\n');

describe('the staff import and the educator search index (FTS5 fed in bulk) [SQLite]', () => {
  it('after an import the index and every search answer what a rebuild by the triggers gives; the triggers are back', async () => {
    const triggersBefore = await triggerNames();
    const versionBefore = await changeVersion(t.db, 'staff');
    const admin = await loginAs(t.app, w.admin);
    const res = await importText(admin, CSV);
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ created: 5, updated: 2, errors: 0 });

    expect(await triggerNames()).toEqual(triggersBefore);
    expect(await changeVersion(t.db, 'staff')).toBeGreaterThan(versionBefore);
    const afterImport = await indexRows();
    const answers = await searchAnswers(admin);
    expect(answers['ann-marie']).toEqual(['Ann-Marie O\u2019Brien']);
    expect(answers['ellis-ray']).toEqual(['Jordan Ellis-Ray']);
    expect(answers.jordan).toEqual(['Jordan Ellis-Ray']);
    expect(answers['de la']).toEqual(['Maria de la Cruz']);
    expect(answers['mt-100']).toEqual(['Jordan Ellis-Ray']);

    await rebuildByTriggers();
    expect(await indexRows()).toEqual(afterImport);
    expect(await searchAnswers(admin)).toEqual(answers);
  });

  it('a refused run (a row error) leaves the index, the triggers and the roster as they were', async () => {
    const before = await indexRows();
    const triggersBefore = await triggerNames();
    const admin = await loginAs(t.app, w.admin);
    const res = await importText(admin, `${CSV}\nNEW-199,,Nameless,nameless@maple.test,North Elementary,Classroom Teacher`);
    expect(res.status).toBe(422);
    expect(await indexRows()).toEqual(before);
    expect(await triggerNames()).toEqual(triggersBefore);
    expect(await t.db.selectFrom('staff').select('id').where('employee_id', 'like', 'NEW-%').execute()).toEqual([]);
  });

  it('educators written after an import are indexed by the triggers again', async () => {
    const admin = await loginAs(t.app, w.admin);
    expect((await importText(admin, CSV)).status).toBe(200);
    await buildStaff(t.db, { districtId: w.district.id, buildingId: w.north.id, firstName: 'Quentin', lastName: 'Zephyr', email: 'quentin.zephyr@maple.test' });
    const found = await admin.get('/api/staff').query({ search: 'zephyr' });
    expect(found.body.data.map((s: { last_name: string }) => s.last_name)).toEqual(['Zephyr']);
  });

  it('withStaffBulkWrites refuses to run outside a transaction, and puts the triggers back when its write throws', async () => {
    await expect(withStaffBulkWrites(t.db, async () => [])).rejects.toThrow(/only inside a transaction/);
    const triggersBefore = await triggerNames();
    await t.db.transaction().execute(async (trx) => {
      await expect(withStaffBulkWrites(trx, async () => {
        throw new Error('boom');
      })).rejects.toThrow('boom');
      // Caught and committed anyway: the triggers are still there.
    });
    expect(await triggerNames()).toEqual(triggersBefore);
  });
});
