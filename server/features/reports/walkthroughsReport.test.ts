// The walkthrough report (GET /api/report/walkthroughs, issue 28): one form's completed observations in the
// range the scope reaches, item by item across the form's versions; drafts never count; the schools side by
// side and the monthly trend; the CSV tables; the plan gate (observation-forms).
import { beforeEach, describe, expect, it } from 'vitest';
import { planFeatureMessage } from '../../../common/plans';
import { appWith, csrfHeaders, loginAs, postAs, type TestAgent, type TestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';
import { buildInteractionsWorld, type InteractionsWorld, observationForm } from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

async function walkthroughForm(districtId: number) {
  const f = await observationForm(t.db, districtId, 'Classroom walkthrough');
  return { id: f.id, lookFors: f.items.filter((i) => i.kind === 'look_for') };
}

/** A walkthrough by `agent` of `staffId` at `at`: the look-fors answered from `values` (y, n, a = not applicable). */
async function walk(agent: TestAgent, staffId: number, at: string, values: string, status: 'completed' | 'draft' = 'completed') {
  const f = await walkthroughForm(w.district.id);
  const map = { y: 'yes', n: 'no', a: 'na' } as const;
  const res = await postAs(agent, '/api/observation', {
    form_id: f.id, staff_id: staffId, observed_at: at, duration_minutes: 15, status,
    answers: [...values].map((v, k) => ({ item_id: f.lookFors[k]!.id, value: map[v as keyof typeof map] })),
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const report = (agent: TestAgent, qs = 'filter[from]=2026-09-01&filter[to]=2026-11-30') => agent.get(`/api/report/walkthroughs?${qs}`);

describe('GET /api/report/walkthroughs', () => {
  beforeEach(async () => {
    const admin = await loginAs(t.app, w.admin);
    const coach = await loginAs(t.app, w.coach);
    const coach2 = await loginAs(t.app, w.coach2);
    // Lincoln (coach): September 2 of 4 seen on the first look-for... October all seen.
    await walk(coach, w.jordan.id, '2026-09-15T15:00:00.000Z', 'ynyn');
    await walk(coach, w.ana.id, '2026-10-06T15:00:00.000Z', 'yyya');
    // Oak Hollow (coach2).
    await walk(coach2, w.cy.id, '2026-10-08T15:00:00.000Z', 'nnnn');
    // A draft never counts, nor one outside the range.
    await walk(coach, w.ben.id, '2026-10-09T15:00:00.000Z', 'yyyy', 'draft');
    await walk(admin, w.ben.id, '2026-08-20T15:00:00.000Z', 'yyyy');
  });

  it('counts the completed observations of the form, item by item, by school and by month', async () => {
    const admin = await loginAs(t.app, w.admin);
    const res = await report(admin);
    expect(res.status).toBe(200);
    expect(res.body.form).toMatchObject({ name: 'Classroom walkthrough', versions: 1 });
    expect(res.body.headline).toEqual({ observations: 3, educators: 3, classrooms: 3, look_for_rate: 5 / 11 });
    const [first, second, third, fourth] = res.body.items;
    expect(first).toMatchObject({ kind: 'look_for', seen: 2, not_seen: 1, not_applicable: 0, rate: 2 / 3, answered: 3 });
    expect(second).toMatchObject({ seen: 1, not_seen: 2, rate: 1 / 3 });
    expect(third).toMatchObject({ seen: 2, not_seen: 1 });
    expect(fourth).toMatchObject({ seen: 0, not_seen: 2, not_applicable: 1, rate: 0 });
    expect(res.body.months).toEqual([
      { month: '2026-09', observations: 1, look_for_rate: 0.5 },
      { month: '2026-10', observations: 2, look_for_rate: 3 / 7 },
      { month: '2026-11', observations: 0, look_for_rate: null },
    ]);
    expect(res.body.schools.map((s: { name: string; observations: number; look_for_rate: number }) => [s.name, s.observations, s.look_for_rate]))
      .toEqual([['Lincoln Middle', 2, 5 / 7], ['Oak Hollow Elementary', 1, 0]]);
  });

  it('honours the scope: a coach reads their own observations only; filters narrow by school and observer', async () => {
    const coach2 = await loginAs(t.app, w.coach2);
    expect((await report(coach2)).body.headline.observations).toBe(1);
    const admin = await loginAs(t.app, w.admin);
    expect((await report(admin, `filter[from]=2026-09-01&filter[to]=2026-11-30&filter[building_id][]=${w.lincoln.id}`)).body.headline.observations).toBe(2);
    expect((await report(admin, `filter[from]=2026-09-01&filter[to]=2026-11-30&filter[coach_id][]=${w.coach2.id}`)).body.headline.observations).toBe(1);
    const other = await loginAs(t.app, w.otherAdmin);
    expect((await report(other)).body.headline.observations).toBe(0);
  });

  it('the observer filter (filter[coach_id]) takes any observer GET /api/observation/observers offers: a principal, an administrator', async () => {
    const admin = await loginAs(t.app, w.admin);
    const principal = await loginAs(t.app, w.principal);
    await walk(principal, w.ben.id, '2026-10-20T15:00:00.000Z', 'yyyy');
    const observers = await admin.get('/api/observation/observers');
    expect(observers.status).toBe(200);
    const ids = observers.body.data.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([w.principal.id, w.admin.id, w.coach.id, w.coach2.id]));
    const byPrincipal = await report(admin, `filter[from]=2026-09-01&filter[to]=2026-11-30&filter[coach_id][]=${w.principal.id}`);
    expect(byPrincipal.status).toBe(200);
    expect(byPrincipal.body.headline).toEqual({ observations: 1, educators: 1, classrooms: 1, look_for_rate: 1 });
    // The administrator's own walkthrough (August), and the principal's and a coach's together.
    expect((await report(admin, `filter[from]=2026-08-01&filter[to]=2026-11-30&filter[coach_id][]=${w.admin.id}`)).body.headline.observations).toBe(1);
    expect((await report(admin, `filter[from]=2026-09-01&filter[to]=2026-11-30&filter[coach_id][]=${w.principal.id}&filter[coach_id][]=${w.coach2.id}`)).body.headline.observations).toBe(2);
  });

  it('422 for a form of another district, naming form_id', async () => {
    const admin = await loginAs(t.app, w.admin);
    const otherForm = await walkthroughForm(w.other.id);
    const res = await report(admin, `form_id=${otherForm.id}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ form_id: ['Choose an observation form of your district.'] });
    expect((await report(admin, 'form_id=abc')).body.errors).toEqual({ form_id: ['Form must be an observation form ID.'] });
  });

  it('downloads its tables as CSV', async () => {
    const admin = await loginAs(t.app, w.admin);
    const items = await admin.get('/api/report/walkthroughs.csv?filter[from]=2026-09-01&filter[to]=2026-11-30&table=items');
    expect(items.status).toBe(200);
    expect(items.headers['content-disposition']).toContain('walkthroughs-items-2026-09-01-to-2026-11-30.csv');
    const lines = items.text.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.replace(/"/g, ''));
    expect(lines[0]).toBe('Section,Item,Kind,Answers,Seen,Not seen,Not applicable,Seen (of applicable),Average,Distribution');
    expect(lines[1]).toBe(',Students can say what they are learning and why,look_for,3,2,1,0,66.7%,,');
    const schools = await admin.get('/api/report/walkthroughs.csv?filter[from]=2026-09-01&filter[to]=2026-11-30&table=schools');
    expect(schools.text.replace(/"/g, '')).toContain('Lincoln Middle,2,2,71.4%');
  });

  it('needs the plan feature observation-forms', async () => {
    const district = await buildDistrict(t.db, { planKey: 'essentials' });
    const admin = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: district.id }));
    const res = await report(admin);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(planFeatureMessage('observation-forms'));
  });
});

describe('GET /api/report/walkthroughs kept between requests (migration 20261201_0163: the observation tables bump the district version)', () => {
  it("a form's edit, a completed observation, a share, a moved school, a changed answer and a deletion are seen by the next request", async () => {
    const admin = await loginAs(t.app, w.admin);
    const coach = await loginAs(t.app, w.coach);
    const first = await walk(coach, w.jordan.id, '2026-09-15T15:00:00.000Z', 'ynyn');
    const get = async () => (await report(admin)).body;
    const before = await get();
    expect(before.headline.observations).toBe(1);
    // The same answer again: kept (the district's version stands).
    expect(await get()).toEqual(before);

    // A form's edit: version 2, the first item reworded, in the next report.
    const f = await walkthroughForm(w.district.id);
    const current = (await admin.get(`/api/observation-form/${f.id}`)).body as { name: string; items: { id: number; label: string; kind: string }[] };
    const edited = await admin.put(`/api/observation-form/${f.id}`).set(csrfHeaders(admin)).send({
      name: current.name,
      items: current.items.map((it, k) => ({ id: it.id, label: k === 0 ? 'Students name the goal of the lesson' : it.label, kind: it.kind })),
    });
    expect(edited.status).toBe(200);
    const afterEdit = await get();
    expect(afterEdit.form.versions).toBe(2);
    expect(afterEdit.items[0]).toMatchObject({ label: 'Students name the goal of the lesson', seen: 1, not_seen: 0 });

    // A completed observation.
    const second = await walk(coach, w.ana.id, '2026-10-06T15:00:00.000Z', 'nnnn');
    const afterSecond = await get();
    expect(afterSecond.headline.observations).toBe(2);
    expect(afterSecond.items[0]).toMatchObject({ seen: 1, not_seen: 1 });

    // A share changes no figure of the report, but it is a write to the district's observations: the version moves,
    // so the next request computes afresh (and answers the same).
    const version = async () => Number((await t.db.selectFrom('district_versions').select('version').where('district_id', '=', w.district.id).executeTakeFirst())?.version ?? 0);
    const beforeShare = await version();
    expect((await coach.post(`/api/observation/${second}/share`).set(csrfHeaders(coach)).send({})).status).toBe(200);
    expect(await version()).toBeGreaterThan(beforeShare);
    expect(await get()).toEqual(afterSecond);

    // Writes by another process (the CLI, another app process) reach the next request too: the observation's school, an answer.
    await t.db.updateTable('observations').set({ building_id: w.oak.id }).where('id', '=', second).execute();
    expect((await get()).schools.map((s: { name: string; observations: number }) => [s.name, s.observations]))
      .toEqual([['Lincoln Middle', 1], ['Oak Hollow Elementary', 1]]);
    const lineage = afterSecond.items[0].lineage_id as number;
    const item = await t.db.selectFrom('observation_answers as a').innerJoin('observation_form_items as it', 'it.id', 'a.item_id')
      .select('a.item_id').where('a.observation_id', '=', second).where('it.lineage_id', '=', lineage).executeTakeFirstOrThrow();
    await t.db.updateTable('observation_answers').set({ value: '"yes"' }).where('observation_id', '=', second).where('item_id', '=', item.item_id).execute();
    expect((await get()).items[0]).toMatchObject({ seen: 2, not_seen: 0 });

    // A deletion.
    expect((await coach.delete(`/api/observation/${first}`).set(csrfHeaders(coach))).status).toBe(204);
    const afterDelete = await get();
    expect(afterDelete.headline.observations).toBe(1);
    expect(afterDelete.items[0]).toMatchObject({ seen: 1, not_seen: 0 });
  });

  it('each table bumps its own district only (the provider defaults, district null, bump nothing)', async () => {
    const version = async (id: number) => Number((await t.db.selectFrom('district_versions').select('version').where('district_id', '=', id).executeTakeFirst())?.version ?? 0);
    const f = await walkthroughForm(w.district.id);
    const tables: [string, () => Promise<unknown>][] = [
      ['observation_forms', () => t.db.updateTable('observation_forms').set({ updated_at: '2026-11-01T00:00:00.000Z' }).where('id', '=', f.id).execute()],
      ['observation_form_versions', () => t.db.updateTable('observation_form_versions').set({ description: 'Changed' }).where('form_id', '=', f.id).execute()],
      ['observation_form_items', () => t.db.updateTable('observation_form_items').set({ label: 'Changed' }).where('id', '=', f.lookFors[0]!.id).execute()],
    ];
    for (const [table, step] of tables) {
      const before = { mine: await version(w.district.id), other: await version(w.other.id) };
      await step();
      expect({ table, mine: (await version(w.district.id)) > before.mine, other: await version(w.other.id) })
        .toEqual({ table, mine: true, other: before.other });
    }
    const others = await t.db.selectFrom('district_versions').select(['district_id', 'version']).orderBy('district_id').execute();
    await t.db.updateTable('observation_form_items').set({ label: 'Changed' }).where('district_id', 'is', null).execute();
    expect(await t.db.selectFrom('district_versions').select(['district_id', 'version']).orderBy('district_id').execute()).toEqual(others);
  });
});
