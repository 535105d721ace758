// GET /api/staff?search=…: the trigram index behind the search box (db/dialect.ts, migration
// 20261122_0003_staff_search): short terms, several words, ranking, case and accents, characters that
// are query syntax elsewhere, email and employee ID, and the index kept in step with every change.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../../db/connection';
import * as staffSearchMigration from '../../../db/migrations/20261122_0003_staff_search';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../../testing/factories';

let t: TestApp;
let w: Awaited<ReturnType<typeof searchWorld>>;

/** One district whose names exercise the search; a second district with a namesake. */
async function searchWorld(db: DB) {
  const district = await buildDistrict(db, { name: 'Search Test District' });
  const d = district.id;
  const east = await buildBuilding(db, d, { name: 'East High' });
  const west = await buildBuilding(db, d, { name: 'West High' });
  const admin = await buildUser(db, { role: 'district-admin', districtId: d, name: 'Sam Admin' });
  const educator = (firstName: string, lastName: string, more: { email?: string; employeeId?: string } = {}) =>
    buildStaff(db, { districtId: d, buildingId: east.id, firstName, lastName, email: more.email ?? null, employeeId: more.employeeId ?? null });
  const annLee = await educator('Ann', 'Lee', { email: 'ann.lee@search.test', employeeId: 'SR-100' });
  const leeRoss = await educator('Lee', 'Ross');
  await educator('Annie', 'Fairlee');
  await educator('Joanna', 'Leeson');
  await educator('Ashlee', 'Fox');
  await educator('Kim', 'Johnson-Garcia');
  await educator('Sean', 'O\'Brien');
  await educator('Émile', 'Zola');
  await educator('ÉLODIE', 'MARTIN');
  await educator('Nora', 'Near');
  await educator('Zed', 'Special', { employeeId: 'Q"5%_*' });
  const other = await buildDistrict(db, { name: 'Other District' });
  await buildStaff(db, { districtId: other.id, firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@other.test', employeeId: 'SR-100' });
  return { district, east, west, admin, annLee, leeRoss };
}

beforeEach(async () => {
  ({ t, w } = await appWith((app) => searchWorld(app.db)));
});

const lastNames = (res: { body: { data: { last_name: string }[] } }) => res.body.data.map((s) => s.last_name);

async function search(term: string, more = '') {
  const agent = await loginAs(t.app, w.admin);
  const res = await agent.get(`/api/staff?search=${encodeURIComponent(term)}${more}`);
  expect(res.status).toBe(200);
  return res;
}

/** The index row of an educator, as the search reads it. */
const indexRow = (id: number) =>
  sql<{ name: string; email: string | null; employee_id: string | null; starts: string }>`
    select name, email, employee_id, starts from staff_search where rowid = ${id}`.execute(t.db).then((r) => r.rows[0]);

describe('GET /api/staff?search=', () => {
  describe('terms of 1 and 2 letters match the start of a word (of a name, the email or the employee ID)', () => {
    it.each([
      ['a', ['Fairlee', 'Fox', 'Lee']], // Ann Lee, Annie, Ashlee; not Joanna, Garcia or Martin (inside a word)
      ['A', ['Fairlee', 'Fox', 'Lee']],
      ['le', ['Lee', 'Leeson', 'Ross']], // Lee Ross, Ann Lee, Leeson; not Ashlee or Fairlee
      ['ga', ['Johnson-Garcia']], // a word after a hyphen
      ['br', ['O\'Brien']], // a word after an apostrophe
      ['sr', ['Lee']], // the employee ID SR-100
      ['z', ['Special', 'Zola']],
      ['é', ['MARTIN', 'Zola']],
      ['x', []],
    ])('%s', async (term, expected) => {
      const res = await search(term);
      expect(lastNames(res)).toEqual(expected);
      expect(res.body.meta.total).toBe(expected.length);
    });
  });

  describe('several words: every word must match, in any field and any order', () => {
    it.each([
      // Ann Lee starts both words; Annie Fairlee and Joanna Leeson match one of them inside a word.
      ['ann lee', ['Lee', 'Fairlee', 'Leeson']],
      ['lee ann', ['Lee', 'Fairlee', 'Leeson']],
      ['  ANN   LEE  ', ['Lee', 'Fairlee', 'Leeson']],
      ['a lee', ['Lee', 'Fairlee', 'Fox']], // "a" starts Ann, Annie, Ashlee
      ['lee ross', ['Ross']],
      ['ann sr-100', ['Lee']], // a name and an employee ID
      ['ann zola', []],
    ])('%s', async (term, expected) => {
      expect(lastNames(await search(term))).toEqual(expected);
    });
  });

  describe('ranking: matches starting a word come first, then matches inside a word, each in the requested order', () => {
    it.each([
      ['', ['Lee', 'Leeson', 'Ross', 'Fairlee', 'Fox']],
      ['&sort=last_name', ['Lee', 'Leeson', 'Ross', 'Fairlee', 'Fox']],
      ['&sort=-last_name', ['Ross', 'Leeson', 'Lee', 'Fox', 'Fairlee']],
      ['&sort=-first_name', ['Ross', 'Leeson', 'Lee', 'Fox', 'Fairlee']], // Lee, Joanna, Ann; Ashlee, Annie
      ['&sort=first_name', ['Lee', 'Leeson', 'Ross', 'Fairlee', 'Fox']], // Ann, Joanna, Lee; Annie, Ashlee
    ])('lee%s', async (sort, expected) => {
      const res = await search('lee', sort);
      expect(lastNames(res)).toEqual(expected);
      expect(res.body.meta.total).toBe(5);
    });

    it('an exact employee ID or email ranks with the name matches', async () => {
      // "sr-1" starts Ann Lee's ID; no one else matches.
      expect(lastNames(await search('sr-1'))).toEqual(['Lee']);
      expect(lastNames(await search('ann.lee@search.test'))).toEqual(['Lee']);
    });

    it('pages keep the ranked order and the total', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) {
        const res = await search('lee', `&per_page=2&page=${page}`);
        expect(res.body.meta).toEqual({ page, per_page: 2, total: 5, last_page: 3 });
        pages.push(lastNames(res));
      }
      expect(pages).toEqual([['Lee', 'Leeson'], ['Ross', 'Fairlee'], ['Fox']]);
      expect((await search('lee', '&per_page=2&page=4')).body).toEqual({ data: [], meta: { page: 4, per_page: 2, total: 5, last_page: 3 } });
    });

    it('ranks the same within a school filter', async () => {
      expect(lastNames(await search('lee', `&filter[building_id][]=${w.east.id}`))).toEqual(['Lee', 'Leeson', 'Ross', 'Fairlee', 'Fox']);
      expect(lastNames(await search('lee', `&filter[building_id][]=${w.west.id}`))).toEqual([]);
    });
  });

  describe('case is ignored (in every alphabet); accents are not, as before', () => {
    it.each([
      ['LEE ROSS', ['Ross']],
      ['émile', ['Zola']],
      ['ÉMILE', ['Zola']],
      ['emile', []],
      ['élodie', ['MARTIN']],
      ['Martin', ['MARTIN']],
    ])('%s', async (term, expected) => {
      expect(lastNames(await search(term))).toEqual(expected);
    });
  });

  describe('characters are searched as written, never as query syntax, and never fail', () => {
    it.each([
      ['"', []],
      ['""', []],
      ['"lee"', []],
      ['lee*', []],
      ['*', []],
      ['-', []],
      ['ann -lee', []],
      ['%', []],
      ['_', []],
      ['%ee', []],
      ['l_e', []],
      ['\'', []],
      ['o\'b', ['O\'Brien']],
      ['johnson-garcia', ['Johnson-Garcia']],
      ['NEAR', ['Near']], // an FTS operator elsewhere: here the name Nora Near
      ['near(lee ross)', []],
      ['lee OR ross', []], // "or" is a word that starts no name
      ['lee AND ross', []],
      ['NOT', []],
      ['{name}:ann', []],
      ['name:ann', []],
      ['^ann', []],
      ['(ann)', []],
      ['"5%', ['Special']],
      ['5%_*', ['Special']],
      ['q"5%_*', ['Special']],
      ['\\', []],
      ['a\u0000b', []],
      ['\u0000', ['Fairlee', 'Fox', 'Johnson-Garcia', 'Lee', 'Leeson', 'MARTIN', 'Near', 'O\'Brien', 'Ross', 'Special', 'Zola']], // no words: no search
      ['"'.repeat(100), []],
    ])('%j', async (term, expected) => {
      expect(lastNames(await search(term, '&per_page=100'))).toEqual(expected);
    });
  });

  describe('email and employee ID', () => {
    it.each([
      ['ann.lee@search', ['Lee']],
      ['search.test', ['Lee']],
      ['@SEARCH', ['Lee']],
      ['r-10', ['Lee']],
      ['SR-100', ['Lee']],
      ['other.test', []], // another district's educator
    ])('%s', async (term, expected) => {
      expect(lastNames(await search(term))).toEqual(expected);
    });
  });

  describe('the index (FTS5 table and triggers) follows every change [SQLite]', () => {
    it('a new educator (POST /api/staff) is found at once', async () => {
      const agent = await loginAs(t.app, w.admin);
      const res = await agent.post('/api/staff').set(csrfHeaders(agent)).send({
        staff: [{
          first_name: 'Mary-Kate', last_name: 'Quinn', email: 'mk.quinn@search.test', employee_id: 'SR-777', position: 'Classroom Teacher',
          grade_levels: ['4'], subjects: ['Mathematics'], hire_date: '2024-08-10', building_id: w.east.id, start_date: '2024-08-12',
        }],
      });
      expect(res.status).toBe(201);
      const id = res.body.data[0].id;
      expect(await indexRow(id)).toEqual({
        name: 'Mary-Kate Quinn', email: 'mk.quinn@search.test', employee_id: 'SR-777', starts: '  Mary  Kate  Quinn  mk.quinn@search.test  SR-777',
      });
      for (const term of ['quinn', 'ka', 'mary-kate', 'sr-777', 'mk.quinn']) expect(lastNames(await search(term))).toEqual(['Quinn']);
    });

    it('an edit (PUT /api/staff/{id}) replaces the old name, email and ID in the index', async () => {
      const agent = await loginAs(t.app, w.admin);
      const res = await agent.put(`/api/staff/${w.leeRoss.id}`).set(csrfHeaders(agent)).send({
        first_name: 'Leo', last_name: 'Rossi', email: 'leo.rossi@search.test', employee_id: 'SR-300', position: 'Interventionist',
        grade_levels: ['2'], subjects: ['Science'], hire_date: '2021-08-16',
      });
      expect(res.status).toBe(200);
      expect(await indexRow(w.leeRoss.id)).toEqual({
        name: 'Leo Rossi', email: 'leo.rossi@search.test', employee_id: 'SR-300', starts: '  Leo  Rossi  leo.rossi@search.test  SR-300',
      });
      expect(lastNames(await search('lee ross'))).toEqual([]);
      expect(lastNames(await search('leo rossi'))).toEqual(['Rossi']);
      expect(lastNames(await search('sr-300'))).toEqual(['Rossi']);
      const count = await sql<{ n: number }>`select count(*) as n from staff_search`.execute(t.db);
      expect(count.rows[0]!.n).toBe(12); // 11 educators here and 1 in the other district: an edit adds no row
    });

    it('a move and a deactivation leave the index as it was; the status filter still applies', async () => {
      const before = await indexRow(w.annLee.id);
      const agent = await loginAs(t.app, w.admin);
      const moved = await agent.post(`/api/staff/${w.annLee.id}/move`).set(csrfHeaders(agent)).send({ building_id: w.west.id, effective_date: '2026-01-05' });
      expect(moved.status).toBe(200);
      expect(lastNames(await search('ann lee', `&filter[building_id][]=${w.west.id}`))).toEqual(['Lee']);
      expect((await agent.post(`/api/staff/${w.annLee.id}/deactivate`).set(csrfHeaders(agent)).send({})).status).toBe(200);
      expect(await indexRow(w.annLee.id)).toEqual(before);
      expect(lastNames(await search('ann lee'))).toEqual(['Fairlee', 'Leeson']);
      expect(lastNames(await search('ann lee', '&filter[status]=inactive'))).toEqual(['Lee']);
      expect(lastNames(await search('ann lee', '&filter[status]=all'))).toEqual(['Lee', 'Fairlee', 'Leeson']);
    });

    it('a deleted educator (or a deleted district\'s) leaves the index', async () => {
      await t.db.deleteFrom('staff_buildings').where('staff_id', '=', w.annLee.id).execute();
      await t.db.deleteFrom('staff').where('id', '=', w.annLee.id).execute();
      expect(await indexRow(w.annLee.id)).toBeUndefined();
      await t.db.deleteFrom('districts').where('id', '=', w.district.id).execute();
      const count = await sql<{ n: number }>`select count(*) as n from staff_search`.execute(t.db);
      expect(count.rows[0]!.n).toBe(1); // the other district's Ann Lee
    });

    it('the migration indexes the educators that exist before it', async () => {
      await staffSearchMigration.down(t.db);
      await buildStaff(t.db, { districtId: w.district.id, buildingId: w.east.id, firstName: 'Ines', lastName: 'D\'Souza', email: null, employeeId: 'SR-900' });
      await staffSearchMigration.up(t.db);
      const count = await sql<{ n: number }>`select count(*) as n from staff_search`.execute(t.db);
      expect(count.rows[0]!.n).toBe(13);
      expect(lastNames(await search('so'))).toEqual(['D\'Souza']);
      expect(lastNames(await search('sr-9'))).toEqual(['D\'Souza']);
      expect(lastNames(await search('ann lee'))).toEqual(['Lee', 'Fairlee', 'Leeson']);
    });
  });
});
