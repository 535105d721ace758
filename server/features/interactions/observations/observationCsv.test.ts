// GET /api/observation.csv (issue 28): the list's filters and scope, never a draft, never a private note, times
// on the caller's profile clock, and one column per item (by lineage across versions) when the filter names one form.
import { beforeEach, describe, expect, it } from 'vitest';
import { OBSERVATION_MESSAGES as M } from '../../../../common/schemas/observations';
import { appWith, bodyAsText, csrfHeaders, guestAgent, loginAs, postAs, type TestAgent, type TestApp } from '../../../testing/app';
import { buildUser } from '../../../testing/factories';
import { buildInteractionsWorld, type InteractionsWorld, observationForm, setSharedNotesVisible } from '../../../testing/interactions.fixture';
import { OBSERVATION_CSV_HEADER } from './csv';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});


/** Every cell of the download (each one quoted by the writer), the BOM left out. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 1;
  while (i < text.length) {
    expect(text[i]).toBe('"');
    let cell = '';
    let j = i + 1;
    for (;;) {
      if (text[j] === '"') {
        if (text[j + 1] === '"') { cell += '"'; j += 2; continue; }
        break;
      }
      cell += text[j++];
    }
    row.push(cell);
    i = j + 1;
    if (text[i] === ',') i += 1;
    else { expect(text.slice(i, i + 2)).toBe('\r\n'); rows.push(row); row = []; i += 2; }
  }
  return rows;
}

async function csvOf(agent: TestAgent, qs = '') {
  const res = await bodyAsText(agent.get(`/api/observation.csv${qs ? `?${qs}` : ''}`));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="observations-[\w.-]+\.csv"$/);
  const [header, ...rows] = parseCsv(res.body as string);
  return { header: header!, rows, records: rows.map((r) => Object.fromEntries(header!.map((h, n) => [h, r[n]!]))), text: res.body as string };
}

const form = (name: string, districtId = w.district.id) => observationForm(t.db, districtId, name);

/** A walkthrough of `staffId`: the first `seen` look-fors seen, the rest not seen, the text item answered. */
async function walkthrough(seen: number, extra: Record<string, unknown> = {}) {
  const f = await form('Classroom walkthrough');
  const lookFors = f.items.filter((i) => i.kind === 'look_for');
  const text = f.items.find((i) => i.kind === 'text')!;
  return {
    form_id: f.id, staff_id: w.jordan.id, observed_at: '2026-10-06T14:05:00.000Z', duration_minutes: 15, status: 'completed',
    answers: [
      ...lookFors.map((i, n) => ({ item_id: i.id, value: n < seen ? 'yes' : 'no', ...(n === 0 ? { evidence: 'Pairs compared methods.' } : {}) })),
      { item_id: text.id, value: 'Students explained their graphs.' },
    ],
    notes: '=Table groups explained their strategies.', private_notes: 'Ask about the seating plan.', next_steps: 'Try turn-and-talk.',
    ...extra,
  };
}

describe('GET /api/observation.csv', () => {
  it('exports the caller\'s completed observations in scope: never a draft, never a private note; formulas neutralised', async () => {
    const coach = await loginAs(t.app, w.coach);
    const done = await postAs(coach, '/api/observation', await walkthrough(5));
    expect(done.status).toBe(201);
    const draft = await postAs(coach, '/api/observation', await walkthrough(2, { status: 'draft', staff_id: w.ana.id }));
    expect(draft.status).toBe(201);

    const own = await csvOf(coach);
    expect(own.header).toEqual([...OBSERVATION_CSV_HEADER, 'Evidence']);
    expect(own.records).toEqual([{
      ID: String(done.body.id), Date: '2026-10-06', Time: '09:05', 'Duration (minutes)': '15', Form: 'Classroom walkthrough', 'Form version': '1',
      Educator: 'Jordan Ellis', 'Educator ID': String(w.jordan.id), Observer: 'Casey Coach', School: 'Lincoln Middle',
      'Look-fors seen': '5', 'Look-fors answered': '8', 'Shared on': '', 'Acknowledged on': '',
      Notes: '\'=Table groups explained their strategies.', 'Next steps': 'Try turn-and-talk.', Reflection: '',
      'Interaction ID': String(done.body.interaction_id), Evidence: expect.stringContaining('Pairs compared methods.'),
    }]);
    // The draft is not exported even when asked for by status; private notes never are.
    expect((await csvOf(coach, 'filter[status]=draft')).rows).toEqual([]);
    expect(own.text).not.toContain('seating plan');

    // The principal of the school reads it (not the private notes); another school's coach and another district read nothing.
    const principal = await csvOf(await loginAs(t.app, w.principal));
    expect(principal.records.map((r) => r.ID)).toEqual([String(done.body.id)]);
    expect(principal.text).not.toContain('seating plan');
    for (const user of [w.coach2, w.otherAdmin]) expect((await csvOf(await loginAs(t.app, user))).rows).toEqual([]);

    // With shared notes kept from administrators, the principal's file has the answers but no notes, text answers or evidence.
    await setSharedNotesVisible(t.db, w.district.id, false);
    const hidden = await csvOf(await loginAs(t.app, w.principal), `filter[form_id]=${done.body.form.id}`);
    expect(hidden.records[0]).toMatchObject({ 'Look-fors seen': '5', Notes: '', 'Next steps': '', Evidence: '', 'What stood out': '' });
    expect(hidden.text).not.toContain('Students explained');
  });

  it('the educator exports only what was shared with them', async () => {
    const coach = await loginAs(t.app, w.coach);
    const done = await postAs(coach, '/api/observation', await walkthrough(4));
    const teacher = await loginAs(t.app, w.teacher);
    expect((await csvOf(teacher)).rows).toEqual([]);
    await postAs(coach, `/api/observation/${done.body.id}/share`, { answers: true, notes: false });
    await postAs(teacher, `/api/observation/${done.body.id}/acknowledge`, { reflection: 'I will try it Friday.' });
    const { records, text } = await csvOf(teacher);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ 'Look-fors seen': '4', Notes: '', 'Next steps': '', Evidence: '', Reflection: 'I will try it Friday.' });
    expect(records[0]!['Shared on']).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(text).not.toContain('seating plan');
    expect(text).not.toContain('Table groups');
  });

  it('applies the list\'s filters and writes times on the caller\'s profile clock', async () => {
    const coach = await loginAs(t.app, w.coach);
    const first = await postAs(coach, '/api/observation', await walkthrough(3));
    const second = await postAs(coach, '/api/observation', await walkthrough(6, { staff_id: w.ana.id, observed_at: '2026-11-02T15:00:00.000Z' }));
    const ids = async (qs: string) => (await csvOf(coach, qs)).records.map((r) => Number(r.ID));
    expect(await ids('')).toEqual([second.body.id, first.body.id]);
    expect(await ids(`filter[staff_id]=${w.ana.id}`)).toEqual([second.body.id]);
    expect(await ids('filter[from]=2026-11-01')).toEqual([second.body.id]);
    expect(await ids('filter[shared]=yes')).toEqual([]);
    const bad = await coach.get('/api/observation.csv?filter[shared]=maybe');
    expect(bad.status).toBe(422);
    expect(bad.body.errors['filter.shared']).toEqual(['Shared must be yes or no.']);

    // 14:05 UTC on Oct 6 is 09:05 in the district's Chicago, 10:05 on a coach's New York clock.
    await t.db.updateTable('users').set({ timezone: 'America/New_York' }).where('id', '=', w.coach.id).execute();
    const record = (await csvOf(await loginAs(t.app, w.coach), `filter[staff_id]=${w.jordan.id}`)).records[0]!;
    expect([record.Date, record.Time]).toEqual(['2026-10-06', '10:05']);
  });

  it('one column per item of the named form, by lineage across its versions', async () => {
    const coach = await loginAs(t.app, w.coach);
    const walk = await form('Classroom walkthrough');
    const old = await postAs(coach, '/api/observation', await walkthrough(2));
    expect(old.status).toBe(201);

    // The administrator rewords the first look-for and adds one: the form's version 2, the old observation keeps version 1.
    const admin = await loginAs(t.app, w.admin);
    const items = walk.items.map((i, n) => ({ id: i.id, label: n === 0 ? 'Students explain their thinking aloud' : i.label, kind: i.kind, section: i.section }));
    const edited = await admin.put(`/api/observation-form/${walk.id}`).set(csrfHeaders(admin))
      .send({ name: 'Classroom walkthrough', items: [...items, { label: 'Exit ticket used', kind: 'look_for' }] });
    expect(edited.status).toBe(200);
    expect(edited.body.version).toBe(2);
    const v2 = await form('Classroom walkthrough');
    const fresh = await postAs(coach, '/api/observation', {
      form_id: walk.id, staff_id: w.ana.id, observed_at: '2026-11-03T15:00:00.000Z', duration_minutes: 10, status: 'completed',
      answers: v2.items.filter((i) => i.kind === 'look_for').map((i, n) => ({ item_id: i.id, value: n === 0 ? 'na' : 'yes' })),
    });
    expect(fresh.status).toBe(201);

    const { header, records } = await csvOf(coach, `filter[form_id]=${walk.id}`);
    const label = (i: { section: string | null; label: string }) => (i.section ? `${i.section}: ${i.label}` : i.label);
    const itemColumns = v2.items.map(label);
    expect(header).toEqual([...OBSERVATION_CSV_HEADER, ...itemColumns, 'Evidence']);
    expect(itemColumns[0]).toContain('Students explain their thinking aloud');
    const [newer, older] = records;
    expect(newer).toMatchObject({ ID: String(fresh.body.id), 'Form version': '2', [itemColumns[0]!]: 'Not applicable', [itemColumns.at(-1)!]: 'Seen' });
    // The old answer sits under the reworded question of the same lineage; the added item is blank for it.
    expect(older).toMatchObject({ ID: String(old.body.id), 'Form version': '1', [itemColumns[0]!]: 'Seen', [itemColumns[2]!]: 'Not seen', [itemColumns.at(-1)!]: '' });

    // Two forms named: the fixed columns only.
    const both = await csvOf(coach, `filter[form_id][]=${walk.id}&filter[form_id][]=${(await form('Coaching observation')).id}`);
    expect(both.header).toEqual([...OBSERVATION_CSV_HEADER, 'Evidence']);
  });

  it('401 for a guest, 403 for provider staff outside a district, 404 for another district\'s form', async () => {
    expect((await (await guestAgent(t.app)).get('/api/observation.csv')).status).toBe(401);
    const staff = await loginAs(t.app, await buildUser(t.db, { role: 'provider-support', name: 'Sue Support' }));
    expect((await staff.get('/api/observation.csv')).status).toBe(403);
    const coach = await loginAs(t.app, w.coach);
    const res = await coach.get(`/api/observation.csv?filter[form_id]=${(await form('Classroom walkthrough', w.other.id)).id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.formNotFound);
  });
});

describe('GET /api/observation/observers', () => {
  const names = async (agent: TestAgent) => {
    const res = await agent.get('/api/observation/observers');
    expect(res.status).toBe(200);
    return res.body.data.map((p: { name: string }) => p.name);
  };

  it('offers everyone who may observe in the caller\'s reach: principals and administrators too, never another district\'s', async () => {
    // The district administrator: every holder of `see activity` (coaches, the principal, themselves), not the educator.
    expect(await names(await loginAs(t.app, w.admin))).toEqual(['Ada Admin', 'Casey Coach', 'Cole Coach', 'Pia Principal']);
    // The principal of Lincoln: who shares a school with them, and the administrator once they observed there.
    const principal = await loginAs(t.app, w.principal);
    expect(await names(principal)).toEqual(['Casey Coach', 'Pia Principal']);
    const admin = await loginAs(t.app, w.admin);
    expect((await postAs(admin, '/api/observation', await walkthrough(3))).status).toBe(201);
    expect(await names(principal)).toEqual(['Ada Admin', 'Casey Coach', 'Pia Principal']);
    // A coach reads only their own observations: themselves.
    expect(await names(await loginAs(t.app, w.coach))).toEqual(['Casey Coach']);
    // An educator has no observer filter.
    expect((await (await loginAs(t.app, w.teacher)).get('/api/observation/observers')).status).toBe(403);
  });
});
