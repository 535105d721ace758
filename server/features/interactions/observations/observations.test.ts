// Observations (/api/observation, issue 28): a draft is its observer's alone; completing it writes an
// interaction of the form's type and the ratings of its rating items linked to skills; the observer shares it
// with the educator (an email with a link, no content), who alone acknowledges it with a reflection. Scopes are
// the interactions' (`see activity` to read, `see educators` to name the educator); another district's is 404.
import { beforeEach, describe, expect, it } from 'vitest';
import { OBSERVATION_MESSAGES as M } from '../../../../common/schemas/observations';
import { appWith, csrfHeaders, loginAs, postAs, putAs, type TestApp } from '../../../testing/app';
import { buildDistrict, buildStaff, buildUser } from '../../../testing/factories';
import { buildInteractionsWorld, impersonatingAgent, type InteractionsWorld, observationForm, setSharedNotesVisible } from '../../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});


const form = (districtId: number, name: string) => observationForm(t.db, districtId, name);

/** The walkthrough answered: the first `seen` look-fors seen, the rest not seen. */
async function walkthrough(seen: number, extra: object = {}) {
  const f = await form(w.district.id, 'Classroom walkthrough');
  const lookFors = f.items.filter((i) => i.kind === 'look_for');
  return {
    f,
    body: {
      form_id: f.id, staff_id: w.jordan.id, observed_at: '2026-10-06T14:05:00.000Z', duration_minutes: 15,
      answers: lookFors.map((i, n) => ({ item_id: i.id, value: n < seen ? 'yes' : 'no' })),
      notes: 'Table groups explained their strategies.', private_notes: 'Ask about the seating plan.', next_steps: 'Try turn-and-talk.',
      ...extra,
    },
  };
}

const observationRow = (id: number) => t.db.selectFrom('observations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const count = async (table: 'observations' | 'observation_answers' | 'interactions' | 'skill_ratings') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/observation', () => {
  it('starts a draft: the observer\'s alone, no interaction, answers kept', async () => {
    const coach = await loginAs(t.app, w.coach);
    const { body } = await walkthrough(5);
    const before = await count('interactions');
    const res = await postAs(coach, '/api/observation', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'draft', interaction_id: null, educator: { id: w.jordan.id, name: 'Jordan Ellis' }, observer: { id: w.coach.id, name: 'Casey Coach' },
      school: { id: w.lincoln.id, name: 'Lincoln Middle' }, look_fors: { seen: 5, applicable: 8 }, private_notes: 'Ask about the seating plan.', can_edit: true,
    });
    expect(res.body.items).toHaveLength(9);
    expect(await count('interactions')).toBe(before);
    expect(await count('observation_answers')).toBe(8);

    // Nobody else reads a draft: the principal, the district administrator and the educator get 404.
    for (const user of [w.principal, w.admin, w.teacher]) {
      const other = await loginAs(t.app, user);
      expect((await other.get(`/api/observation/${res.body.id}`)).status).toBe(404);
      expect((await other.get('/api/observation')).body.data).toEqual([]);
    }
    expect((await coach.get('/api/observation')).body.data.map((o: { id: number }) => o.id)).toEqual([res.body.id]);
  });

  it('answers with what a read of it answers (built from what the save wrote, not read back): a draft and a completed one', async () => {
    const coach = await loginAs(t.app, w.coach);
    for (const status of ['draft', 'completed']) {
      const { f, body } = await walkthrough(3, { status });
      const rating = f.items.find((i) => i.kind === 'rating');
      const answers = rating ? [...body.answers, { item_id: rating.id, value: 3, evidence: 'Most pairs explained.' }] : body.answers;
      const res = await postAs(coach, '/api/observation', { ...body, answers });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe(status);
      expect(status === 'completed' ? res.body.interaction_id : null).toBe((await observationRow(res.body.id)).interaction_id);
      const read = await coach.get(`/api/observation/${res.body.id}`);
      expect(read.status).toBe(200);
      expect(res.body).toEqual(read.body);
      // An edit's answer too (the autosave's PUT), with one answer fewer and the notes changed.
      const edited = await putAs(coach, `/api/observation/${res.body.id}`, { ...body, answers: answers.slice(1), notes: 'Edited.' });
      expect(edited.status).toBe(200);
      expect(edited.body.notes).toBe('Edited.');
      expect(edited.body).toEqual((await coach.get(`/api/observation/${res.body.id}`)).body);
    }
  });

  it('completes: writes an interaction of the form\'s type with the educator, counted like any other', async () => {
    const coach = await loginAs(t.app, w.coach);
    const { f, body } = await walkthrough(6, { status: 'completed' });
    const res = await postAs(coach, '/api/observation', body);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('completed');
    const interaction = await t.db.selectFrom('interactions').selectAll().where('id', '=', res.body.interaction_id).executeTakeFirstOrThrow();
    expect(interaction).toMatchObject({
      district_id: w.district.id, interaction_type_id: f.interaction_type_id, coach_id: w.coach.id, status: 'completed',
      starts_at: '2026-10-06T14:05:00.000Z', duration_minutes: 15, building_id: w.lincoln.id, notes: null, private_notes: null, next_steps: null,
    });
    const participants = await t.db.selectFrom('interaction_participants').select('staff_id').where('interaction_id', '=', interaction.id).execute();
    expect(participants).toEqual([{ staff_id: w.jordan.id }]);
    // The interaction shows in Activity (the interactions list) for the principal of the school.
    const principal = await loginAs(t.app, w.principal);
    const list = await principal.get('/api/interaction');
    expect(list.body.data.map((i: { id: number }) => i.id)).toContain(interaction.id);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'details']).where('action', 'like', 'observation.%').execute();
    expect(audit.map((a) => a.action)).toEqual(['observation.completed']);
    expect(audit[0]!.details).not.toContain('seating plan');
  });

  it('rates the skills its rating items are linked to, dated on the observation\'s day in the district\'s timezone', async () => {
    const coach = await loginAs(t.app, w.coach);
    const f = await form(w.district.id, 'Coaching observation');
    const rating = f.items.find((i) => i.label === 'Student discussion')!;
    const focus = f.items.find((i) => i.label === 'Focus of this observation')!;
    const evidence = f.items.find((i) => i.label === 'What students said and did')!;
    const res = await postAs(coach, '/api/observation', {
      form_id: f.id, staff_id: w.jordan.id, observed_at: '2026-10-07T03:30:00.000Z', duration_minutes: 45, status: 'completed',
      answers: [
        { item_id: focus.id, value: 'A regular visit' },
        { item_id: rating.id, value: 3, evidence: 'Pairs argued about the graph.' },
        { item_id: evidence.id, value: 'Most pairs used the sentence frames.' },
      ],
    });
    expect(res.status).toBe(201);
    const ratings = await t.db.selectFrom('skill_ratings').selectAll().where('staff_id', '=', w.jordan.id).execute();
    // 03:30 UTC on Oct 7 is still Oct 6 in Chicago.
    expect(ratings).toMatchObject([{ skill_id: rating.skill_id, level: 3, rated_on: '2026-10-06', rated_by: w.coach.id, interaction_id: res.body.interaction_id }]);
    const current = await t.db.selectFrom('skill_current_levels').selectAll().where('staff_id', '=', w.jordan.id).execute();
    expect(current).toMatchObject([{ skill_id: rating.skill_id, level: 3, rating_id: ratings[0]!.id }]);

    // An edit changes the rating; deleting the observation removes it and the interaction.
    const edited = await putAs(coach, `/api/observation/${res.body.id}`, {
      form_id: f.id, staff_id: w.jordan.id, observed_at: '2026-10-07T03:30:00.000Z', duration_minutes: 45, status: 'completed',
      answers: [
        { item_id: focus.id, value: 'A regular visit' }, { item_id: rating.id, value: 4 }, { item_id: evidence.id, value: 'Most pairs used the frames.' },
      ],
    });
    expect(edited.status).toBe(200);
    expect((await t.db.selectFrom('skill_current_levels').select('level').where('staff_id', '=', w.jordan.id).execute())).toEqual([{ level: 4 }]);
    expect((await coach.delete(`/api/observation/${res.body.id}`).set(csrfHeaders(coach))).status).toBe(204);
    expect(await t.db.selectFrom('skill_ratings').selectAll().where('staff_id', '=', w.jordan.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('skill_current_levels').selectAll().where('staff_id', '=', w.jordan.id).execute()).toEqual([]);
    expect((await t.db.selectFrom('interactions').select('deleted_at').where('id', '=', res.body.interaction_id).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
    expect((await coach.get(`/api/observation/${res.body.id}`)).status).toBe(404);
  });

  it.each([
    ['a look-for answered "maybe"', (items: { id: number; kind: string }[]) => [{ item_id: items[0]!.id, value: 'maybe' }], 'answers.0.value', M.lookFor],
    ['a text answered with a number', (items: { id: number; kind: string }[]) => [{ item_id: items[8]!.id, value: 7 }], 'answers.0.value', M.text],
    ['an item of another form', () => [{ item_id: 999_999, value: 'yes' }], 'answers.0.item_id', M.itemNotOfForm],
  ])('422 for %s, naming the field, and writes nothing', async (_label, answers, field, message) => {
    const coach = await loginAs(t.app, w.coach);
    const { f, body } = await walkthrough(0);
    const before = [await count('observations'), await count('observation_answers')];
    const res = await postAs(coach, '/api/observation', { ...body, answers: answers(f.items) });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect([await count('observations'), await count('observation_answers')]).toEqual(before);
  });

  it('422 when completing without a required item, naming it', async () => {
    const coach = await loginAs(t.app, w.coach);
    const f = await form(w.district.id, 'Coaching observation');
    const res = await postAs(coach, '/api/observation', {
      form_id: f.id, staff_id: w.jordan.id, observed_at: '2026-10-06T14:00:00.000Z', duration_minutes: 45, status: 'completed', answers: [],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.answers).toEqual(['Focus of this observation is required.', 'What students said and did is required.']);
    // As a draft the same answers are fine.
    expect((await postAs(coach, '/api/observation', {
      form_id: f.id, staff_id: w.jordan.id, observed_at: '2026-10-06T14:00:00.000Z', duration_minutes: 45, answers: [],
    })).status).toBe(201);
  });

  it('observes only educators the caller\'s scope reaches, and only with the district\'s forms', async () => {
    const coach = await loginAs(t.app, w.coach);
    const { body } = await walkthrough(1);
    expect((await postAs(coach, '/api/observation', { ...body, staff_id: w.cy.id })).body.errors).toEqual({ staff_id: [M.educatorNotFound] });
    expect((await postAs(coach, '/api/observation', { ...body, staff_id: w.stranger.id })).body.errors).toEqual({ staff_id: [M.educatorNotFound] });
    const otherForm = await form(w.other.id, 'Classroom walkthrough');
    expect((await postAs(coach, '/api/observation', { ...body, form_id: otherForm.id })).body.errors).toEqual({ form_id: [M.formNotFound] });
    const teacher = await loginAs(t.app, w.teacher);
    expect((await postAs(teacher, '/api/observation', body)).status).toBe(403);
  });

  it('on a plan without observation forms, only the built-in walkthrough', async () => {
    const district = await buildDistrict(t.db, { planKey: 'essentials' });
    const admin = await buildUser(t.db, { role: 'district-admin', districtId: district.id });
    const educator = await buildStaff(t.db, { districtId: district.id });
    const agent = await loginAs(t.app, admin);
    const walk = await form(district.id, 'Classroom walkthrough');
    const full = await form(district.id, 'Coaching observation');
    const base = { staff_id: educator.id, observed_at: '2026-10-06T14:00:00.000Z', duration_minutes: 15 };
    expect((await postAs(agent, '/api/observation', { ...base, form_id: walk.id })).status).toBe(201);
    const refused = await postAs(agent, '/api/observation', { ...base, form_id: full.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ form_id: [M.formNotFound] });
  });
});

describe('reading, sharing and acknowledging', () => {
  async function completed(extra: object = {}) {
    const coach = await loginAs(t.app, w.coach);
    const { body } = await walkthrough(4, { status: 'completed', ...extra });
    const res = await postAs(coach, '/api/observation', body);
    expect(res.status).toBe(201);
    return { coach, id: res.body.id as number };
  }

  it('the principal of the school reads it; another school\'s coach and another district do not; private notes stay the observer\'s', async () => {
    const { id } = await completed();
    const principal = await loginAs(t.app, w.principal);
    const seen = await principal.get(`/api/observation/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ notes: 'Table groups explained their strategies.', can_edit: false, look_fors: { seen: 4, applicable: 8 } });
    expect(seen.body).not.toHaveProperty('private_notes');
    expect(JSON.stringify(seen.body)).not.toContain('seating plan');
    expect((await putAs(principal, `/api/observation/${id}`, (await walkthrough(1)).body)).status).toBe(403);
    for (const user of [w.coach2, w.otherAdmin]) {
      const other = await loginAs(t.app, user);
      expect((await other.get(`/api/observation/${id}`)).status).toBe(404);
    }
    // With shared notes kept from administrators, the principal reads the answers but not the notes or text answers.
    await setSharedNotesVisible(t.db, w.district.id, false);
    const hidden = await principal.get(`/api/observation/${id}`);
    expect(hidden.body).toMatchObject({ notes: null, next_steps: null });
    expect(hidden.body.answers).toHaveLength(8);
  });

  it('the educator reads it only once shared, and only what was shared; the email has a link and no content', async () => {
    const { coach, id } = await completed();
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get(`/api/observation/${id}`)).status).toBe(404);
    expect((await postAs(teacher, `/api/observation/${id}/acknowledge`, {})).status).toBe(404);

    const shared = await postAs(coach, `/api/observation/${id}/share`, { answers: true, notes: false });
    expect(shared.status).toBe(200);
    expect(shared.body.shared).toMatchObject({ answers: true, notes: false });
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe(w.teacher.email);
    expect(mail.link).toBe(`http://coachwell.test/app/observations/${id}`);
    for (const secret of ['Table groups', 'seating plan', 'turn-and-talk', 'Students can say']) {
      expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain(secret);
    }

    const read = await teacher.get(`/api/observation/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ notes: null, next_steps: null, look_fors: { seen: 4, applicable: 8 } });
    expect(read.body).not.toHaveProperty('private_notes');
    expect((await teacher.get('/api/observation')).body.data.map((o: { id: number }) => o.id)).toEqual([id]);

    const ack = await postAs(teacher, `/api/observation/${id}/acknowledge`, { reflection: 'I will try the turn-and-talk on Friday.' });
    expect(ack.status).toBe(200);
    expect(ack.body.acknowledged_at).not.toBeNull();
    expect((await postAs(teacher, `/api/observation/${id}/acknowledge`, {})).status).toBe(409);
    expect((await coach.get(`/api/observation/${id}`)).body.reflection).toBe('I will try the turn-and-talk on Friday.');
    // Sharing again changes what is shared without another email.
    await postAs(coach, `/api/observation/${id}/share`, { answers: true, notes: true });
    expect(t.mailer.sent).toHaveLength(1);
    expect((await teacher.get(`/api/observation/${id}`)).body.notes).toBe('Table groups explained their strategies.');
    // Only the educator acknowledges: the principal is refused.
    const principal = await loginAs(t.app, w.principal);
    expect((await postAs(principal, `/api/observation/${id}/acknowledge`, {})).status).toBe(404);
  });

  it('a draft cannot be shared, a completed observation cannot go back to draft, and only its observer changes it', async () => {
    const coach = await loginAs(t.app, w.coach);
    const { body } = await walkthrough(2);
    const draft = await postAs(coach, '/api/observation', body);
    const refused = await postAs(coach, `/api/observation/${draft.body.id}/share`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.draftNotShared);
    const { id } = await completed();
    const back = await putAs(coach, `/api/observation/${id}`, { ...body, status: 'draft' });
    expect(back.status).toBe(422);
    expect(back.body.errors).toEqual({ status: [M.completedStaysCompleted] });
    const admin = await loginAs(t.app, w.admin);
    const notYours = await putAs(admin, `/api/observation/${id}`, { ...body, status: 'completed' });
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(M.cannotEdit);
    expect((await observationRow(id)).status).toBe('completed');
  });

  it('sharing while impersonating sends no email', async () => {
    const { id } = await completed();
    const agent = await impersonatingAgent(t, w.coach.id);
    expect((await postAs(agent, `/api/observation/${id}/share`, {})).status).toBe(200);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('filters the list: shared, acknowledged, educator, form, dates', async () => {
    const { coach, id } = await completed();
    const { body } = await walkthrough(3, { status: 'completed', staff_id: w.ana.id, observed_at: '2026-11-02T15:00:00.000Z' });
    const second = await postAs(coach, '/api/observation', body);
    await postAs(coach, `/api/observation/${id}/share`, {});
    const ids = async (qs: string) => (await coach.get(`/api/observation?${qs}`)).body.data.map((o: { id: number }) => o.id);
    expect(await ids('')).toEqual([second.body.id, id]);
    expect(await ids('filter[shared]=yes')).toEqual([id]);
    expect(await ids('filter[shared]=no')).toEqual([second.body.id]);
    expect(await ids(`filter[staff_id]=${w.ana.id}`)).toEqual([second.body.id]);
    expect(await ids('filter[from]=2026-11-01')).toEqual([second.body.id]);
    expect(await ids('filter[acknowledged]=yes')).toEqual([]);
    const bad = await coach.get('/api/observation?filter[shared]=maybe');
    expect(bad.status).toBe(422);
    expect(bad.body.errors['filter.shared']).toEqual(['Shared must be yes or no.']);
  });
});
