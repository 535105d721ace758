// The outbox's rules (issue 31): the request each write becomes, the send order (oldest first, a create's later
// edits after it, a stuck write holding back only its own record's), what each answer makes of a write, the
// backoff, and the conflict panel's comparison and merged texts; a record shown with its queued writes (outboxView),
// later edits rebased, where a refused write is corrected, every field of an interaction compared and merged
// (outboxConflict), and a draft kept again and again never replaced by an older save (outboxSync keptVersion); whether a
// write's version is the server's, field for field (sameAsServer: a 409 on it is no conflict, a form adopts that version);
// whether the observation a create was answered holds what it sent (observationHolds: else the rest follows as an edit).
import { describe, expect, it } from 'vitest';
import { INTERACTION_MESSAGES } from '../../common/schemas/interactions';
import type { Interaction } from '../../common/schemas/interactions';
import {
  interactionConflictRows, type InteractionView, mergeInteraction, mergeObservation, observationConflictRows, type ObservationView, sameAsServer,
} from './outboxConflict';
import {
  backoffMs, conflictRows, correctionHref, mergeText, nextSeq, nextToSend, observationHolds, type OutboxRecord, outcomeOf, rebase, requestOf, retarget,
} from './outboxRules';
import { keptVersion } from './outboxSync';
import { asQueued } from './outboxView';

let n = 0;
function write(patch: Partial<OutboxRecord>): OutboxRecord {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, userId: 7, kind: 'interaction.create', target: null, body: { notes: 'x' },
    createdAt: '2026-11-29T14:00:00.000Z', seq: n, state: 'waiting', attempts: 0, summary: { title: 'Check-in', detail: '', staffIds: [] }, ...patch,
  };
}

describe('requestOf', () => {
  it('sends a create with its UUID as client_id, an edit with the version it started from, a complete without a body', () => {
    const create = write({ kind: 'interaction.create' });
    expect(requestOf(create)).toEqual({ method: 'POST', path: 'interaction', body: { notes: 'x', client_id: create.id } });
    expect(requestOf(write({ kind: 'actionStep.create', body: { title: 'Try it' }, id: 'a' }))).toEqual({ method: 'POST', path: 'action-step', body: { title: 'Try it', client_id: 'a' } });
    expect(requestOf(write({ kind: 'observation.create', body: {}, id: 'b' }))).toEqual({ method: 'POST', path: 'observation', body: { client_id: 'b' } });
    expect(requestOf(write({ kind: 'interaction.update', target: 12, baseUpdatedAt: '2026-11-29T10:00:00.000Z' })))
      .toEqual({ method: 'PUT', path: 'interaction/12', body: { notes: 'x', base_updated_at: '2026-11-29T10:00:00.000Z' } });
    expect(requestOf(write({ kind: 'observation.update', target: 5, body: { notes: 'y' } }))).toEqual({ method: 'PUT', path: 'observation/5', body: { notes: 'y' } });
    expect(requestOf(write({ kind: 'interaction.complete', target: 9, body: {} }))).toEqual({ method: 'POST', path: 'interaction/9/complete', body: undefined });
  });

  it('has no request yet for a write that follows a create still in the outbox', () => {
    expect(requestOf(write({ kind: 'observation.update', target: 'some-create-uuid' }))).toBeNull();
  });
});

describe('nextToSend', () => {
  it('is the oldest waiting write, whatever order the store gave', () => {
    const a = write({ seq: 30 });
    const b = write({ seq: 10 });
    const c = write({ seq: 20 });
    expect(nextToSend([a, b, c])?.id).toBe(b.id);
    expect(nextToSend([])).toBeNull();
  });

  it('sends again a write a closed tab left "sending" (the server answers the same record)', () => {
    const left = write({ seq: 1, state: 'sending' });
    expect(nextToSend([left, write({ seq: 2 })])?.id).toBe(left.id);
  });

  it('keeps a create\'s later edit waiting until the create has reached the server', () => {
    const create = write({ seq: 1, kind: 'observation.create', state: 'refused' });
    const edit = write({ seq: 2, kind: 'observation.update', target: create.id });
    const other = write({ seq: 3 });
    expect(nextToSend([create, edit, other])?.id).toBe(other.id);
    expect(nextToSend([edit])?.id).toBeUndefined(); // its create is gone but it was never retargeted: still no request
  });

  it('lets a refused write or a conflict hold back only the later writes on the same record', () => {
    const conflict = write({ seq: 1, kind: 'interaction.update', target: 40, state: 'conflict' });
    const complete = write({ seq: 2, kind: 'interaction.complete', target: 40 });
    const unrelated = write({ seq: 3, kind: 'interaction.complete', target: 41 });
    expect(nextToSend([conflict, complete, unrelated])?.id).toBe(unrelated.id);
    expect(nextToSend([conflict, complete])).toBeNull();
  });
});

describe('retarget', () => {
  it('points the writes that waited for a create at its id on the server', () => {
    const create = write({ kind: 'observation.create' });
    const edit = write({ kind: 'observation.update', target: create.id });
    const other = write({ kind: 'observation.update', target: 3 });
    expect(retarget([create, edit, other], create.id, 88)).toEqual([{ ...edit, target: 88 }]);
    expect(nextToSend([{ ...edit, target: 88 }])?.id).toBe(edit.id);
  });
});

describe('outcomeOf', () => {
  const done = INTERACTION_MESSAGES.alreadyCompleted;
  it('reads 201 and 200 (a repeat of the same client_id) as done', () => {
    expect(outcomeOf({ kind: 'interaction.create' }, { status: 201 }, done)).toEqual({ kind: 'done' });
    expect(outcomeOf({ kind: 'interaction.create' }, { status: 200 }, done)).toEqual({ kind: 'done' });
  });

  it('retries after no answer, a server error or a rate limit; stops when the session ended', () => {
    for (const status of [0, 500, 502, 503, 408, 429]) expect(outcomeOf({ kind: 'interaction.create' }, { status }, done).kind).toBe('retry');
    for (const status of [401, 419]) expect(outcomeOf({ kind: 'interaction.create' }, { status }, done).kind).toBe('stop');
  });

  it('keeps a 4xx as refused with the server\'s message and field errors', () => {
    expect(outcomeOf({ kind: 'interaction.create' }, { status: 422, message: 'Choose educators you can see.', errors: { staff_ids: ['Choose educators you can see.'] } }, done))
      .toEqual({ kind: 'refused', message: 'Choose educators you can see.', errors: { staff_ids: ['Choose educators you can see.'] } });
    expect(outcomeOf({ kind: 'actionStep.create' }, { status: 404, message: 'This educator does not exist.' }, done))
      .toEqual({ kind: 'refused', message: 'This educator does not exist.', errors: {} });
    expect(outcomeOf({ kind: 'interaction.create' }, { status: 403 }, done)).toEqual({ kind: 'refused', message: 'Coachwell could not save this.', errors: {} });
  });

  it('reads edit_conflict on an edit as a conflict, and "already completed" on a queued complete as done', () => {
    expect(outcomeOf({ kind: 'interaction.update' }, { status: 409, code: 'edit_conflict', message: 'This record changed since you started editing it.' }, done)).toEqual({ kind: 'conflict' });
    expect(outcomeOf({ kind: 'interaction.complete' }, { status: 409, code: 'conflict', message: done }, done)).toEqual({ kind: 'done' });
    // Any other 409 is the server's refusal, shown to the person.
    expect(outcomeOf({ kind: 'interaction.complete' }, { status: 409, message: INTERACTION_MESSAGES.alreadyCancelled }, done).kind).toBe('refused');
  });
});

describe('backoffMs', () => {
  it('waits 5 s after the first failure, doubling to at most 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(20)).toBe(300_000);
  });
});

describe('the conflict panel', () => {
  it('compares field by field, an empty text the same as none', () => {
    const rows = conflictRows({ notes: 'Mine', next_steps: '', duration_minutes: 30 }, { notes: 'Theirs', next_steps: null, duration_minutes: 30 }, [
      { key: 'notes', label: 'Notes' }, { key: 'next_steps', label: 'Next steps' }, { key: 'duration_minutes', label: 'Minutes' },
    ]);
    expect(rows.map((r) => [r.key, r.differs])).toEqual([['notes', true], ['next_steps', false], ['duration_minutes', false]]);
  });

  it('merges two texts into both, the server\'s first; one containing the other is kept whole', () => {
    expect(mergeText('Mine', 'Theirs')).toBe('Theirs\n\nMine');
    expect(mergeText('', 'Theirs')).toBe('Theirs');
    expect(mergeText('Mine', null)).toBe('Mine');
    expect(mergeText('Same', 'Same')).toBe('Same');
    expect(mergeText('Theirs and more', 'Theirs')).toBe('Theirs and more');
  });
});

describe('nextSeq', () => {
  it('orders writes made in the same millisecond', () => {
    const a = nextSeq(1_000);
    const b = nextSeq(1_000);
    const c = nextSeq(999);
    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
  });
});

const KINDS = { update: 'interaction.update', complete: 'interaction.complete' } as const;

function view(patch: Partial<InteractionView> = {}): InteractionView {
  return {
    interaction_type: { id: 7, name: 'Co-teaching', colour: 'purple', counts_as_coaching: true },
    coach: { id: 3, name: 'Priya Raman' },
    starts_at: '2026-11-24T15:00:00.000Z',
    ends_at: '2026-11-24T15:45:00.000Z',
    duration_minutes: 45,
    status: 'scheduled',
    needs_completing: true,
    building: { id: 2, name: 'Lincoln Middle School' },
    participants: [{ id: 10, name: 'Jordan Ellis', group_id: null }, { id: 11, name: 'Sam Park', group_id: 4 }],
    groups: [{ id: 4, name: 'Math PLC' }],
    notes: 'First notes',
    next_steps: null,
    private_notes: null,
    field_values: [{ field_id: 30, label: 'Focus', kind: 'multiple_choice', value: ['A'], archived: false }],
    coaching_cycle: null,
    focus_skills: [],
    ...patch,
  };
}

describe('a record shown as the person changed it (asQueued)', () => {
  const server = { id: 12, ...view(), updated_at: '2026-11-24T16:00:00.000Z' } as Interaction;

  it('is the server\'s version, unmarked, with nothing queued on it', () => {
    const other = write({ kind: 'interaction.update', target: 99, summary: { title: 'x', detail: '', staffIds: [], extra: { preview: { notes: 'other' } } } });
    expect(asQueued(server, [other], KINDS)).toEqual({ record: server, write: null });
  });

  it('lays a queued edit\'s preview over it, and a queued "mark completed" makes it completed, in the order made', () => {
    const complete = write({ kind: 'interaction.complete', target: 12, seq: 1 });
    const edit = write({ kind: 'interaction.update', target: 12, seq: 2, summary: { title: 'x', detail: '', staffIds: [], extra: { preview: { notes: 'Mine', duration_minutes: 30 } } } });
    const shown = asQueued(server, [edit, complete], KINDS);
    expect(shown.record).toMatchObject({ id: 12, notes: 'Mine', duration_minutes: 30, status: 'completed', needs_completing: false, updated_at: server.updated_at });
    expect(shown.write?.id).toBe(edit.id);
  });

  it('is marked with a refused or conflicting write before a waiting one', () => {
    const refused = write({ kind: 'interaction.complete', target: 12, seq: 1, state: 'refused' });
    const edit = write({ kind: 'interaction.update', target: 12, seq: 2 });
    expect(asQueued(server, [refused, edit], KINDS).write?.id).toBe(refused.id);
  });

  it('leaves an observation\'s writes of the same id to observations', () => {
    const obs = write({ kind: 'observation.update', target: 12, summary: { title: 'x', detail: '', staffIds: [], extra: { preview: { notes: 'no' } } } });
    expect(asQueued(server, [obs], KINDS).write).toBeNull();
  });
});

describe('rebase', () => {
  it('moves the later edits that started from the same version to the version the write made', () => {
    const complete = write({ kind: 'interaction.complete', target: 12, baseUpdatedAt: 'v1' });
    const edit = write({ kind: 'interaction.update', target: 12, baseUpdatedAt: 'v1' });
    const older = write({ kind: 'interaction.update', target: 12, baseUpdatedAt: 'v0' });
    const elsewhere = write({ kind: 'interaction.update', target: 13, baseUpdatedAt: 'v1' });
    expect(rebase([edit, older, elsewhere], complete, 'v2')).toEqual([{ ...edit, baseUpdatedAt: 'v2' }]);
  });

  it('moves nothing after a write that did not say its version, or a create', () => {
    expect(rebase([write({ kind: 'interaction.update', target: 12, baseUpdatedAt: 'v1' })], { id: 'a', target: 12, baseUpdatedAt: null }, 'v2')).toEqual([]);
    expect(rebase([write({ kind: 'interaction.update', target: 'a', baseUpdatedAt: 'v1' })], { id: 'a', target: null, baseUpdatedAt: 'v1' }, 'v2')).toEqual([]);
  });
});

describe('correctionHref', () => {
  it('opens the form each refused write was made with', () => {
    expect(correctionHref(write({ id: 'c', kind: 'interaction.create', draft: {} }))).toBe('/app/activity?outbox=c');
    expect(correctionHref(write({ id: 'u', kind: 'interaction.update', target: 12, draft: {} }))).toBe('/app/activity?outbox=u');
    expect(correctionHref(write({ id: 'k', kind: 'interaction.complete', target: 12 }))).toBe('/app/activity?outbox=k');
    expect(correctionHref(write({ id: 'o', kind: 'observation.create', draft: {} }))).toBe('/app/observations/new?outbox=o');
    expect(correctionHref(write({ id: 'e', kind: 'observation.update', target: 5, draft: {} }))).toBe('/app/observations/5/edit?outbox=e');
    expect(correctionHref(write({ kind: 'actionStep.create', summary: { title: 'x', detail: '', staffIds: [], extra: { staffName: 'Ana' } } }))).toBe('');
  });

  it('offers none for a write without the form\'s values (queued before they were kept)', () => {
    expect(correctionHref(write({ kind: 'interaction.create' }))).toBeNull();
    expect(correctionHref(write({ kind: 'observation.create' }))).toBeNull();
    expect(correctionHref(write({ kind: 'observation.update', target: 5 }))).toBeNull();
    expect(correctionHref(write({ kind: 'actionStep.create' }))).toBeNull();
  });
});

describe('the conflict panel\'s fields of an interaction', () => {
  it('lists every field the person can edit, in the form\'s order, by ids, and marks those that differ', () => {
    const mine = view({ interaction_type: { id: 8, name: 'Modeling', colour: 'teal', counts_as_coaching: true }, participants: [{ id: 12, name: 'Ana Ruiz', group_id: null }, { id: 10, name: 'Jordan Ellis', group_id: null }], notes: 'Mine ' });
    const rows = interactionConflictRows(mine, view({ notes: 'Mine', private_notes: 'Only me' }));
    expect(rows.map((r) => r.key)).toEqual([
      'interaction_type', 'starts_at', 'duration_minutes', 'status', 'coach', 'participants', 'groups', 'building', 'field:30', 'notes', 'private_notes',
    ]);
    expect(rows.filter((r) => r.differs).map((r) => r.key)).toEqual(['interaction_type', 'participants', 'private_notes']);
    expect(rows.find((r) => r.key === 'participants')).toMatchObject({ mine: [10, 12], server: [10] });
    expect(rows.filter((r) => r.text).map((r) => r.key)).toEqual(['notes', 'private_notes']);
  });

  it('shows a custom field only one side answers, and leaves out private notes neither side may read', () => {
    const server = view({ field_values: [], private_notes: undefined });
    delete (server as Partial<InteractionView>).private_notes;
    const mine = view({ field_values: [{ field_id: 31, label: 'Grade', kind: 'number', value: 3, archived: false }] });
    delete (mine as Partial<InteractionView>).private_notes;
    const rows = interactionConflictRows(mine, server);
    expect(rows.find((r) => r.key === 'field:31')).toMatchObject({ mine: 3, server: null, differs: true });
    expect(rows.some((r) => r.key === 'private_notes')).toBe(false);
  });
});

describe('a merged interaction', () => {
  it('takes the server\'s value of each field chosen so, the merged texts, and the person\'s for the rest', () => {
    const body = { interaction_type_id: 8, starts_at: '2026-11-24T15:00:00.000Z', duration_minutes: 30, staff_ids: [12], group_ids: [], building_id: 2, notes: 'Mine', field_values: { 30: ['B'] } };
    const mine = view({ interaction_type: { id: 8, name: 'Modeling', colour: 'teal', counts_as_coaching: true }, duration_minutes: 30, participants: [{ id: 12, name: 'Ana Ruiz', group_id: null }], groups: [], notes: 'Mine', field_values: [{ field_id: 30, label: 'Focus', kind: 'multiple_choice', value: ['B'], archived: false }] });
    const server = view({ duration_minutes: 50, notes: 'Theirs' });
    const merged = mergeInteraction(body, mine, server, {
      interaction_type: 'mine', duration_minutes: 'server', participants: 'server', groups: 'server', 'field:30': 'server', notes: { text: 'Theirs and mine' },
    });
    expect(merged.body).toEqual({ ...body, duration_minutes: 50, staff_ids: [10], group_ids: [4], notes: 'Theirs and mine', field_values: { 30: ['A'] } });
    expect(merged.preview).toMatchObject({
      interaction_type: { id: 8 }, duration_minutes: 50, ends_at: '2026-11-24T15:50:00.000Z', notes: 'Theirs and mine', groups: [{ id: 4, name: 'Math PLC' }],
      participants: [{ id: 10, name: 'Jordan Ellis', group_id: null }, { id: 11, name: 'Sam Park', group_id: 4 }],
      field_values: [{ field_id: 30, value: ['A'] }],
    });
  });
});

describe('a write kept again and again (an observation\'s draft, keptVersion)', () => {
  const draft = { kind: 'observation.create' as const, body: { notes: 'newer' }, summary: { title: 'Walkthrough', detail: '', staffIds: [] }, draft: { notes: 'newer' } };

  it('replaces the stored body with a newer one, a refusal cleared, a conflict kept', () => {
    const stored = write({ kind: 'observation.create', body: { notes: 'older' }, keptAt: 100, state: 'refused', message: 'No', errors: { notes: ['No'] } });
    expect(keptVersion(7, stored.id, draft, 200, stored)).toEqual({ ...stored, body: { notes: 'newer' }, summary: draft.summary, draft: draft.draft, keptAt: 200, state: 'waiting', message: undefined, errors: undefined });
    expect(keptVersion(7, stored.id, draft, 200, { ...stored, state: 'conflict' })?.state).toBe('conflict');
  });

  it('never lets an older save that finishes late replace a newer one', () => {
    const stored = write({ kind: 'observation.create', body: { notes: 'newer' }, keptAt: 300 });
    expect(keptVersion(7, stored.id, { ...draft, body: { notes: 'older' } }, 200, stored)).toBeNull();
  });

  it('makes the write when none is stored', () => {
    expect(keptVersion(7, 'abc', draft, 200, undefined)).toMatchObject({ id: 'abc', userId: 7, kind: 'observation.create', body: { notes: 'newer' }, keptAt: 200, state: 'waiting' });
  });
});

// ---- Observations (issue 31: an observation's edit from an older version) -----------------------------------------

const obsItem = (id: number, kind: ObservationView['items'][number]['kind'], label: string, position = id): ObservationView['items'][number] => ({
  id, lineage_id: id, position, section: null, label, kind, required: false, options: null, multiple: null, scale: kind === 'rating' ? 4 : null, skill: null,
});
const WALK = [obsItem(1, 'look_for', 'Learning target posted'), obsItem(2, 'look_for', 'Students talk'), obsItem(3, 'rating', 'Engagement'), obsItem(4, 'text', 'Wonderings')];
function obsView(patch: Partial<ObservationView> = {}): ObservationView {
  return {
    educator: { id: 10, name: 'Jordan Ellis' }, form: { id: 3, name: 'Classroom walkthrough', version: 1 }, observed_at: '2026-11-24T15:05:00.000Z',
    duration_minutes: 15, status: 'completed', items: WALK,
    answers: [{ item_id: 1, value: 'yes', evidence: null }, { item_id: 3, value: 3, evidence: 'Most on task' }],
    notes: 'Theirs', next_steps: null, private_notes: 'Mine only', look_fors: { seen: 1, applicable: 1 }, ...patch,
  };
}

describe('the conflict panel\'s fields of an observation', () => {
  it('every field the observer can edit in the capture\'s order, each item\'s answer by its item, the differing ones marked', () => {
    const server = obsView({ duration_minutes: 20, answers: [{ item_id: 1, value: 'no', evidence: null }, { item_id: 3, value: 3, evidence: 'Most on task' }] });
    const mine = obsView({ answers: [{ item_id: 1, value: 'yes', evidence: null }, { item_id: 3, value: 3, evidence: 'Most on task' }, { item_id: 4, value: 'Why pairs? ', evidence: null }], notes: 'Mine' });
    const rows = observationConflictRows(mine, server);
    expect(rows.map((r) => r.key)).toEqual(['educator', 'form', 'observed_at', 'duration_minutes', 'status', 'item:1', 'item:3', 'item:4', 'notes', 'private_notes']);
    expect(rows.filter((r) => r.differs).map((r) => r.key)).toEqual(['duration_minutes', 'item:1', 'item:4', 'notes']);
    expect(rows.find((r) => r.key === 'item:1')).toMatchObject({ mine: { value: 'yes', evidence: null }, server: { value: 'no', evidence: null }, text: false });
    // A text item's answer is its words, merged as a text; unanswered on both sides (item 2) and next steps empty on both are left out.
    expect(rows.find((r) => r.key === 'item:4')).toMatchObject({ mine: 'Why pairs?', server: null, text: true });
    expect(rows.find((r) => r.key === 'notes')).toMatchObject({ text: true });
  });

  it('with another form on one side: each side\'s items, the server\'s after the person\'s', () => {
    const other = [obsItem(21, 'look_for', 'Objective shared'), obsItem(22, 'text', 'Notes on talk')];
    const server = obsView({ form: { id: 9, name: 'Math look-fors', version: 2 }, items: other, answers: [{ item_id: 21, value: 'yes', evidence: null }] });
    const rows = observationConflictRows(obsView(), server);
    expect(rows.map((r) => r.key)).toEqual(['educator', 'form', 'observed_at', 'duration_minutes', 'status', 'item:1', 'item:3', 'item:21', 'notes', 'private_notes']);
    expect(rows.find((r) => r.key === 'form')).toMatchObject({ mine: 3, server: 9, differs: true });
  });
});

describe('a merged observation', () => {
  const body = {
    form_id: 3, staff_id: 10, observed_at: '2026-11-24T15:05:00.000Z', duration_minutes: 15, status: 'completed', notes: 'Mine', next_steps: null, private_notes: 'Mine only',
    answers: [{ item_id: 1, value: 'yes', evidence: null }, { item_id: 3, value: 3, evidence: 'Most on task' }, { item_id: 4, value: 'Why pairs?', evidence: null }],
  };
  const mine = obsView({ answers: body.answers, notes: 'Mine' });
  const server = obsView({ duration_minutes: 20, answers: [{ item_id: 1, value: 'no', evidence: null }, { item_id: 2, value: 'yes', evidence: 'Pairs' }, { item_id: 3, value: 3, evidence: 'Most on task' }] });

  it('takes the server\'s answer of each item chosen so, the merged texts and the person\'s for the rest, answers in the form\'s order', () => {
    const merged = mergeObservation(body, mine, server, {
      duration_minutes: 'server', 'item:1': 'server', 'item:2': 'server', 'item:4': { text: 'Why pairs? And why now?' }, notes: { text: 'Theirs\n\nMine' },
    });
    expect(merged.body).toEqual({
      ...body, duration_minutes: 20, notes: 'Theirs\n\nMine',
      answers: [
        { item_id: 1, value: 'no', evidence: null }, { item_id: 2, value: 'yes', evidence: 'Pairs' }, { item_id: 3, value: 3, evidence: 'Most on task' },
        { item_id: 4, value: 'Why pairs? And why now?', evidence: null },
      ],
    });
    expect(merged.preview).toMatchObject({ duration_minutes: 20, notes: 'Theirs\n\nMine', look_fors: { seen: 1, applicable: 2 }, form: { id: 3 } });
    expect(merged.preview.answers).toEqual(merged.body.answers);
  });

  it('an answer chosen from a side without one is removed; an emptied text answer too', () => {
    const merged = mergeObservation(body, mine, server, { 'item:4': { text: '  ' }, 'item:1': 'mine' });
    expect((merged.body.answers as { item_id: number }[]).map((a) => a.item_id)).toEqual([1, 3]);
  });

  it('the server\'s form brings its own answers', () => {
    const other = [obsItem(21, 'look_for', 'Objective shared')];
    const theirs = obsView({ form: { id: 9, name: 'Math look-fors', version: 2 }, items: other, answers: [{ item_id: 21, value: 'yes', evidence: null }] });
    const merged = mergeObservation(body, mine, theirs, { form: 'server', 'item:1': 'mine' });
    expect(merged.body).toMatchObject({ form_id: 9, answers: [{ item_id: 21, value: 'yes', evidence: null }] });
    expect(merged.preview).toMatchObject({ form: { id: 9, name: 'Math look-fors' }, items: other, look_fors: { seen: 1, applicable: 1 } });
  });
});

describe('an observation shown as its observer edited it (asQueued)', () => {
  it('lays the queued edit\'s preview over the server\'s version, marked by that write; another observation\'s stays as it is', () => {
    const server = { id: 40, ...obsView(), updated_at: '2026-11-24T16:00:00.000Z' };
    const edit = write({ kind: 'observation.update', target: 40, summary: { title: 'Classroom walkthrough', detail: '', staffIds: [10], extra: { preview: { notes: 'Edited offline', status: 'completed', duration_minutes: 25 } } } });
    const shown = asQueued(server, [edit], { update: 'observation.update' });
    expect(shown.record).toMatchObject({ id: 40, notes: 'Edited offline', duration_minutes: 25, updated_at: server.updated_at, educator: { id: 10 } });
    expect(shown.write?.id).toBe(edit.id);
    expect(asQueued({ ...server, id: 41 }, [edit], { update: 'observation.update' })).toEqual({ record: { ...server, id: 41 }, write: null });
  });
});

describe('a write\'s version and the server\'s, field for field (sameAsServer)', () => {
  const withPreview = (kind: OutboxRecord['kind'], preview: object) => ({ kind, summary: { extra: { preview } } });

  it('an interaction edit: the same when every field the panel compares is, texts trimmed and instants however written', () => {
    const server = { ...view(), updated_at: '2026-11-24T16:00:00.000Z' } as unknown as Record<string, unknown>;
    // What the form's preview holds: the same fields, a note with a trailing space, the start without milliseconds.
    const same = { ...view(), notes: 'First notes ', starts_at: '2026-11-24T15:00:00Z', needs_completing: false, ends_at: 'ignored' };
    expect(sameAsServer(withPreview('interaction.update', same), server)).toBe(true);
    expect(sameAsServer(withPreview('interaction.update', { ...same, notes: 'First notes, and more' }), server)).toBe(false);
    expect(sameAsServer(withPreview('interaction.update', { ...same, duration_minutes: 30 }), server)).toBe(false);
    expect(sameAsServer(withPreview('interaction.update', { ...same, participants: [{ id: 12, name: 'Ana Ruiz', group_id: null }] }), server)).toBe(false);
    expect(sameAsServer(withPreview('interaction.update', { ...same, field_values: [] }), server)).toBe(false);
    expect(sameAsServer(withPreview('interaction.update', { ...same, private_notes: 'Mine' }), server)).toBe(false);
  });

  it('an observation edit: the same answers (evidence blank or none alike) and texts; another answer, evidence or status is not', () => {
    const server = { ...obsView(), updated_at: '2026-11-24T16:00:00.000Z' } as unknown as Record<string, unknown>;
    const same = { ...obsView(), answers: [{ item_id: 1, value: 'yes', evidence: '' }, { item_id: 3, value: 3, evidence: 'Most on task ' }] };
    expect(sameAsServer(withPreview('observation.update', same), server)).toBe(true);
    expect(sameAsServer(withPreview('observation.update', { ...same, answers: [{ item_id: 1, value: 'no', evidence: null }, same.answers[1]] }), server)).toBe(false);
    expect(sameAsServer(withPreview('observation.update', { ...same, answers: [same.answers[0], { item_id: 3, value: 3, evidence: 'All on task' }] }), server)).toBe(false);
    expect(sameAsServer(withPreview('observation.update', { ...same, status: 'draft' }), server)).toBe(false);
    expect(sameAsServer(withPreview('observation.update', { ...same, notes: 'Mine' }), server)).toBe(false);
  });

  it('no preview, or a write that is not an edit: never the same (nothing to compare field by field)', () => {
    const server = { ...obsView() } as unknown as Record<string, unknown>;
    expect(sameAsServer({ kind: 'observation.update', summary: {} }, server)).toBe(false);
    expect(sameAsServer(withPreview('observation.create', obsView()), server)).toBe(false);
    expect(sameAsServer(withPreview('interaction.complete', view()), { ...view() } as unknown as Record<string, unknown>)).toBe(false);
  });
});

describe('the merges\' texts and "keep mine" (one step for both kinds)', () => {
  it('a text merged by hand goes in as written, shown trimmed (empty as none); "mine" leaves the person\'s value', () => {
    const ibody = { notes: 'Mine', next_steps: 'Old', duration_minutes: 30 };
    const i = mergeInteraction(ibody, view({ notes: 'Mine', duration_minutes: 30 }), view({ notes: 'Theirs' }), { notes: { text: ' Both ' }, next_steps: { text: '  ' }, duration_minutes: 'mine' });
    expect(i.body).toEqual({ notes: ' Both ', next_steps: '  ', duration_minutes: 30 });
    expect(i.preview).toMatchObject({ notes: 'Both', next_steps: null, duration_minutes: 30 });
    const obody = { notes: 'Mine', next_steps: 'Old', duration_minutes: 15, answers: [] };
    const o = mergeObservation(obody, obsView({ notes: 'Mine', answers: [] }), obsView({ duration_minutes: 20 }), { notes: { text: ' Both ' }, next_steps: { text: '  ' }, duration_minutes: 'mine' });
    expect(o.body).toMatchObject({ notes: ' Both ', next_steps: '  ', duration_minutes: 15 });
    expect(o.preview).toMatchObject({ notes: 'Both', next_steps: null, duration_minutes: 15 });
  });
});

describe('the observation a create was answered, and what the create sent (observationHolds)', () => {
  const body = {
    form_id: 3, staff_id: 2, observed_at: '2026-11-30T14:05:00.000Z', duration_minutes: 15, status: 'draft', notes: 'Table groups.', next_steps: null, private_notes: '',
    answers: [{ item_id: 9, value: 'yes', evidence: null }, { item_id: 8, value: null, evidence: '' }, { item_id: 7, value: 3, evidence: ' At the carpet ' }],
  };
  const answer = {
    id: 41, form: { id: 3 }, educator: { id: 2 }, observed_at: '2026-11-30T14:05:00Z', duration_minutes: 15, status: 'draft', notes: 'Table groups.', next_steps: null, private_notes: null,
    answers: [{ item_id: 7, value: 3, evidence: 'At the carpet' }, { item_id: 9, value: 'yes', evidence: null }], updated_at: '2026-11-30T14:06:00.000Z',
  };
  it('holds it when every field and answer is the same (the same instant spelt otherwise, empty answers and texts as none, in any order)', () => {
    expect(observationHolds(body, answer)).toBe(true);
  });
  it('holds less when a text, an answer, the minutes or the status differ (made by an earlier save of it)', () => {
    expect(observationHolds({ ...body, notes: 'Table groups. And the words typed after.' }, answer)).toBe(false);
    expect(observationHolds({ ...body, answers: [...body.answers, { item_id: 10, value: 'no', evidence: null }] }, answer)).toBe(false);
    expect(observationHolds({ ...body, answers: body.answers.map((a) => (a.item_id === 7 ? { ...a, evidence: 'Elsewhere' } : a)) }, answer)).toBe(false);
    expect(observationHolds({ ...body, duration_minutes: 20 }, answer)).toBe(false);
    expect(observationHolds({ ...body, status: 'completed' }, answer)).toBe(false);
  });
});
