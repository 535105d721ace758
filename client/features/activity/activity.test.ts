import { describe, expect, it } from 'vitest';
import type { InteractionType } from '../../../common/schemas/interactionTypes';
import type { Interaction } from '../../../common/schemas/interactions';
import {
  activityListFilter, clearFilters, interactionListQuery, pageCount, pageFromSearch, pageRange, periodOfToday, shiftPeriod, stateFromSearch,
  stateToSearch, withView,
} from './activityQuery';
import { recentParticipants } from '../../lib/interactions';
import { byDay, dayMinutes, moveFocus, toEntries } from './entries';
import {
  blankValues, checkValues, fieldValue, hiddenFromCaller, previewOfEdit, schoolHint, statusFor, toPayload, valuesFromInteraction, withDefaultSchool,
  withType, withWhen,
} from './logForm';

const TODAY = '2026-11-25'; // a Wednesday
const ZONE = 'America/Chicago';

const type = (id: number, minutes: number, fields: InteractionType['fields'] = []): InteractionType => ({
  id, name: `Type ${id}`, colour: 'blue', default_minutes: minutes, counts_as_coaching: true, sort_order: id, archived_at: null, fields,
});

function interaction(patch: Partial<Interaction> = {}): Interaction {
  return {
    id: 1,
    interaction_type: { id: 7, name: 'Co-teaching', colour: 'purple', counts_as_coaching: true },
    coach: { id: 3, name: 'Priya Raman' },
    starts_at: '2026-11-24T15:00:00.000Z',
    ends_at: '2026-11-24T15:45:00.000Z',
    duration_minutes: 45,
    status: 'completed',
    needs_completing: false,
    building: { id: 2, name: 'Lincoln Middle School' },
    participants: [{ id: 10, name: 'Jordan Ellis', group_id: null }, { id: 11, name: 'Sam Park', group_id: 4 }],
    groups: [{ id: 4, name: 'Math PLC' }],
    notes: 'Shared',
    next_steps: null,
    notes_hidden: false,
    private_notes: 'Mine',
    field_values: [{ field_id: 30, label: 'Focus', kind: 'multiple_choice', value: ['A', 'B'], archived: false }],
    coaching_cycle: null,
    focus_skills: [],
    can_edit: true,
    created_by: null,
    updated_by: null,
    created_at: '2026-11-24T16:00:00.000Z',
    updated_at: '2026-11-24T16:00:00.000Z',
    client_id: null,
    ...patch,
  };
}

describe('the Activity URL', () => {
  it('defaults to the agenda of the current week', () => {
    const state = stateFromSearch(new URLSearchParams(''), TODAY);
    expect(state).toMatchObject({ view: 'agenda', from: '2026-11-22', to: '2026-11-28', coach: null, status: '' });
  });

  it('reads filters, ignores malformed ones and keeps a week view on whole weeks', () => {
    const state = stateFromSearch(new URLSearchParams('view=week&from=2026-11-26&coach=4&type=x&status=needs&educator=0&school=9'), TODAY, 1);
    expect(state).toMatchObject({ view: 'week', from: '2026-11-23', to: '2026-11-29', coach: 4, type: null, status: 'needs', educator: null, school: 9 });
    expect(stateFromSearch(new URLSearchParams('from=2026-11-10&to=2026-11-01'), TODAY).to).toBe('2026-11-16');
    expect(stateFromSearch(new URLSearchParams('status=lost'), TODAY).status).toBe('');
  });

  it('writes the state back, keeping unrelated params', () => {
    const state = stateFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-30&type=3'), TODAY);
    expect(stateToSearch(state, new URLSearchParams('log=1&staff_id=5&type=9'))).toBe('?log=1&staff_id=5&from=2026-11-01&to=2026-11-30&type=3');
    expect(stateToSearch(clearFilters(state))).toBe('?from=2026-11-01&to=2026-11-30');
  });

  it('moves by the length of the range, back to today, and between views', () => {
    const month = stateFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-30'), TODAY);
    expect(shiftPeriod(month, 1)).toMatchObject({ from: '2026-12-01', to: '2026-12-30' });
    expect(periodOfToday(month, TODAY)).toMatchObject({ from: TODAY, to: '2026-12-24' });
    const week = stateFromSearch(new URLSearchParams(''), '2026-12-30');
    expect(periodOfToday(week, TODAY)).toMatchObject({ from: '2026-11-22', to: '2026-11-28' });
    expect(withView(month, 'week')).toMatchObject({ view: 'week', from: '2026-11-01', to: '2026-11-07' });
  });

  it('asks the API for the range and filters; logged time only without interaction-only filters', () => {
    const state = stateFromSearch(new URLSearchParams('coach=3&status=needs&school=2'), TODAY);
    expect(interactionListQuery(state, 1, 'America/New_York')).toEqual({
      filter: { from: '2026-11-22', to: '2026-11-28', timezone: 'America/New_York', coach_id: [3], interaction_type_id: undefined, status: undefined, needs_completing: true, staff_id: undefined, building_id: [2] },
      sort: 'starts_at', page: 1, per_page: 100,
    });
    // Without "needs completing": a page's days whole, up to 1000.
    expect(interactionListQuery(stateFromSearch(new URLSearchParams('coach=3'), TODAY), 1).per_page).toBe(1000);
    expect(activityListFilter(state)).toBeNull();
    expect(activityListFilter(stateFromSearch(new URLSearchParams('coach=3'), TODAY), 'America/New_York')).toEqual({ from: '2026-11-22', to: '2026-11-28', timezone: 'America/New_York', user_id: [3] });
  });

  it('pages a long range by whole weeks (interactions and logged time alike); the page is in the URL and a new range drops it', () => {
    const month = stateFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-30'), TODAY);
    expect(pageCount(month)).toBe(5);
    expect(pageRange(month, 1)).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    expect(pageRange(month, 5)).toEqual({ from: '2026-11-29', to: '2026-11-30' });
    expect(interactionListQuery(month, 2).filter).toMatchObject({ from: '2026-11-08', to: '2026-11-14' });
    expect(activityListFilter(month, undefined, 2)).toMatchObject({ from: '2026-11-08', to: '2026-11-14' });
    // The whole range, one row: the totals.
    expect(interactionListQuery(month, null)).toMatchObject({ filter: { from: '2026-11-01', to: '2026-11-30' }, per_page: 1 });
    expect(pageFromSearch(new URLSearchParams('page=3'), month)).toBe(3);
    for (const bad of ['page=6', 'page=0', 'page=x', '']) expect(pageFromSearch(new URLSearchParams(bad), month)).toBe(1);
    const week = stateFromSearch(new URLSearchParams('view=week&from=2026-11-22'), TODAY);
    expect(pageCount(week)).toBe(1);
    expect(stateToSearch(shiftPeriod(month, 1), new URLSearchParams('page=3&open=4'))).toBe('?open=4&from=2026-12-01&to=2026-12-30');
    // The needs-completing list: the whole range, 100 interactions a page.
    const needs = stateFromSearch(new URLSearchParams('status=needs&from=2026-09-01&to=2026-11-29'), TODAY);
    expect(pageCount(needs)).toBe(1);
    expect(pageFromSearch(new URLSearchParams('page=4'), needs)).toBe(4);
    expect(interactionListQuery(needs, 4)).toMatchObject({ filter: { from: '2026-09-01', to: '2026-11-29', needs_completing: true }, page: 4, per_page: 100 });
  });
});

describe('the log form', () => {
  const now = Date.parse('2026-11-25T18:00:00Z'); // noon in Chicago

  it('defaults the status from the date: completed in the past, scheduled ahead, until the user picks one', () => {
    expect(statusFor('2026-11-25', '11:55', ZONE, now)).toBe('completed');
    expect(statusFor('2026-11-25', '12:05', ZONE, now)).toBe('scheduled');
    const values = blankValues({ day: '2026-11-25', time: '12:00' }, ZONE, {}, now);
    expect(values.status).toBe('completed');
    expect(withWhen(values, { day: '2026-11-26' }, ZONE, now).status).toBe('scheduled');
    expect(withWhen({ ...values, status: 'no-show', statusTouched: true }, { day: '2026-11-26' }, ZONE, now).status).toBe('no-show');
  });

  it('takes the type’s default duration unless the user typed another', () => {
    const a = type(1, 30);
    const b = type(2, 45);
    const v1 = withType(blankValues({ day: TODAY, time: '09:00' }, ZONE), a, undefined);
    expect(v1.duration).toBe('30');
    expect(withType(v1, b, a).duration).toBe('45');
    expect(withType({ ...v1, duration: '20' }, b, a).duration).toBe('20');
  });

  it('checks the type, the date and the duration before sending', () => {
    const values = { ...blankValues({ day: TODAY, time: '9:00' }, ZONE), duration: '0' };
    expect(checkValues(values, ZONE)).toEqual({
      interaction_type_id: 'Choose an interaction type.',
      starts_at: 'Enter a date and a time.',
      duration_minutes: 'Duration must be from 1 to 720 minutes.',
    });
  });

  it('the school follows the default school (participants, else the coach) until the user picks one; without one it is asked for', () => {
    const lincoln = { building: { id: 2, name: 'Lincoln Middle School' }, source: 'participants' as const };
    const blank = { ...blankValues({ day: TODAY, time: '09:00' }, ZONE, { buildingId: 9 }), staff: [{ id: 10, name: 'Lucas Williams' }] };
    const filled = withDefaultSchool(blank, lincoln);
    expect(filled.buildingId).toBe(2);
    expect(schoolHint(filled, lincoln, false)).toBe('The educator’s school.');
    expect(schoolHint(filled, { building: { id: 5, name: 'Oak' }, source: 'coach' }, false)).toBe('Your school.');
    // Participants at two schools and a coach without exactly one: no school, and the form says why.
    const none = withDefaultSchool(filled, { building: null, source: null });
    expect(none.buildingId).toBeNull();
    expect(schoolHint(none, { building: null, source: null }, false)).toBe('These educators are at different schools: choose where it took place.');
    expect(checkValues({ ...none, typeId: 1, duration: '30' }, ZONE, { schoolRequired: true })).toEqual({ building_id: 'Choose the school where this interaction took place.' });
    expect(checkValues({ ...none, typeId: 1, duration: '30' }, ZONE, { schoolRequired: false })).toEqual({});
    // A school the user picked, or an edited interaction's, stays.
    expect(withDefaultSchool({ ...blank, buildingId: 7, schoolChosen: true }, lincoln).buildingId).toBe(7);
    expect(valuesFromInteraction(interaction(), ZONE).schoolChosen).toBe(true);
    expect(valuesFromInteraction(interaction({ building: null }), ZONE).schoolChosen).toBe(false);
  });

  it('sends custom field values in the kind’s type, leaving out empty answers', () => {
    expect(fieldValue({ kind: 'number' }, '4.5')).toBe(4.5);
    expect(fieldValue({ kind: 'rating' }, '')).toBeNull();
    expect(fieldValue({ kind: 'yes_no' }, false)).toBe(false);
    expect(fieldValue({ kind: 'multiple_choice' }, [])).toBeNull();
    expect(fieldValue({ kind: 'short_text' }, '  hi ')).toBe('hi');
    const t = type(1, 30, [
      { id: 5, interaction_type_id: 1, label: 'Score', help_text: null, kind: 'rating', required: false, options: null, min: null, max: null, scale: 4, labels: null, sort_order: 1, archived_at: null },
      { id: 6, interaction_type_id: 1, label: 'Note', help_text: null, kind: 'short_text', required: false, options: null, min: null, max: null, scale: null, labels: null, sort_order: 2, archived_at: null },
    ]);
    const values = { ...withType(blankValues({ day: '2026-11-25', time: '08:30' }, ZONE), t, undefined), staff: [{ id: 10, name: 'J' }], fields: { 5: '3', 6: '' } };
    expect(toPayload(values, t, ZONE)).toMatchObject({
      interaction_type_id: 1, starts_at: '2026-11-25T14:30:00.000Z', duration_minutes: 30, staff_ids: [10], field_values: { 5: 3 },
    });
  });

  it('edits keep everything; a duplicate takes a new time, drops private notes and sends group members as the group', () => {
    const edit = valuesFromInteraction(interaction(), ZONE);
    expect(edit).toMatchObject({ day: '2026-11-24', time: '09:00', status: 'completed', privateNotes: 'Mine', groupIds: [4], staff: [{ id: 10, name: 'Jordan Ellis' }], fields: { 30: ['A', 'B'] } });
    const copy = valuesFromInteraction(interaction(), ZONE, { day: '2026-12-01', time: '09:00' }, now);
    expect(copy).toMatchObject({ day: '2026-12-01', status: 'scheduled', privateNotes: '', statusTouched: false });
  });

  it('editing, leaves out what the server hides from the caller (kept as stored there); duplicating, says the hidden texts are not copied', () => {
    const hiddenNotes = interaction({ notes: null, next_steps: null, notes_hidden: true });
    delete hiddenNotes.private_notes; // another's: the key is absent
    const edit = hiddenFromCaller('edit', hiddenNotes);
    expect(edit).toMatchObject({ sharedTexts: true, privateNotes: true, notCopied: false });
    expect(['short_text', 'long_text', 'rating'].map(edit.textField)).toEqual([true, true, false]);
    expect(hiddenFromCaller('duplicate', hiddenNotes)).toMatchObject({ sharedTexts: false, privateNotes: false, notCopied: true });
    expect(hiddenFromCaller('duplicate', hiddenNotes).textField('long_text')).toBe(false);
    // The author (private notes present, shared notes visible) edits everything.
    const own = hiddenFromCaller('edit', interaction());
    expect(own).toMatchObject({ sharedTexts: false, privateNotes: false, notCopied: false });
    expect(own.textField('long_text')).toBe(false);
    expect(hiddenFromCaller('new', null)).toMatchObject({ sharedTexts: false, privateNotes: false, notCopied: false });
  });

  it('lists recent participants newest first without repeats', () => {
    const list = [interaction({ participants: [{ id: 2, name: 'B', group_id: null }] }), interaction()];
    expect(recentParticipants(list).map((p) => p.id)).toEqual([2, 10, 11]);
    expect(recentParticipants(list, 2).map((p) => p.id)).toEqual([2, 10]);
  });
});

describe('entries by day', () => {
  it('places interactions and logged time on the days of the zone and counts their minutes', () => {
    const late = interaction({ id: 2, starts_at: '2026-11-25T04:30:00.000Z', status: 'cancelled' }); // Nov 24, 22:30 in Chicago
    const entries = toEntries([interaction(), late], [{
      id: 9, user: { id: 3, name: 'P' }, category: 'planning', starts_at: '2026-11-24T15:00:00.000Z', ends_at: '', minutes: 20, notes: null, can_edit: true, created_at: '', updated_at: '',
    }], ZONE);
    expect(entries.map((e) => e.key)).toEqual(['i1', 'a9', 'i2']);
    const days = byDay(entries, ['2026-11-24', '2026-11-25']);
    expect(days.get('2026-11-24')!.map((e) => e.key)).toEqual(['i1', 'a9', 'i2']);
    expect(dayMinutes(days.get('2026-11-24')!)).toBe(65);
  });

  it('moves focus with the arrow keys across days that have events', () => {
    const counts = [2, 0, 3];
    expect(moveFocus(counts, { day: 0, event: 0 }, 'ArrowDown')).toEqual({ day: 0, event: 1 });
    expect(moveFocus(counts, { day: 0, event: 1 }, 'ArrowDown')).toBeNull();
    expect(moveFocus(counts, { day: 0, event: 1 }, 'ArrowRight')).toEqual({ day: 2, event: 1 });
    expect(moveFocus(counts, { day: 2, event: 2 }, 'ArrowLeft')).toEqual({ day: 0, event: 1 });
    expect(moveFocus(counts, { day: 2, event: 1 }, 'End')).toEqual({ day: 2, event: 2 });
  });
});

describe('the log form: coaching cycle and focus skills (issue 10)', () => {
  it('starts with none, keeps them on edit and duplicate, and sends them', () => {
    const blank = blankValues({ day: TODAY, time: '09:00' }, ZONE);
    expect(blank).toMatchObject({ cycleId: null, skillIds: [] });
    const linked = interaction({ coaching_cycle: { id: 5, title: 'Wait time' }, focus_skills: [{ id: 8, name: 'Questioning' }, { id: 9, name: 'Feedback' }] });
    const edit = valuesFromInteraction(linked, ZONE);
    expect(edit).toMatchObject({ cycleId: 5, skillIds: [8, 9] });
    expect(valuesFromInteraction(linked, ZONE, { day: TODAY, time: '10:00' })).toMatchObject({ cycleId: 5, skillIds: [8, 9] });
    expect(toPayload(edit, type(7, 45), ZONE)).toMatchObject({ coaching_cycle_id: 5, skill_ids: [8, 9] });
    expect(toPayload(blank, type(7, 45), ZONE)).toMatchObject({ coaching_cycle_id: null, skill_ids: [] });
  });
});

describe('an edit saved without a signal, as the screens show it until it syncs (issue 31)', () => {
  const now = Date.parse('2026-11-25T18:00:00Z');
  const focus = { id: 30, label: 'Focus', kind: 'multiple_choice', options: ['A', 'B'], required: false, archived_at: null } as unknown as InteractionType['fields'][number];
  const modeling: InteractionType = { ...type(8, 30, [focus]), name: 'Modeling', colour: 'teal' };
  const names = { type: modeling, buildings: [{ id: 2, name: 'Lincoln Middle School' }, { id: 5, name: 'Oak Elementary' }], groups: [{ id: 4, name: 'Math PLC' }], coaches: [] };

  it('holds every field the form changed, with the names the screens show', () => {
    const i = interaction();
    const values = { ...valuesFromInteraction(i, ZONE), typeId: 8, duration: '30', buildingId: 5, staff: [{ id: 12, name: 'Ana Ruiz' }], groupIds: [], notes: 'New notes', nextSteps: 'Try it', fields: { 30: ['B'] } };
    const preview = previewOfEdit(i, values, toPayload(values, modeling, ZONE), names, now);
    expect(preview).toMatchObject({
      interaction_type: { id: 8, name: 'Modeling', colour: 'teal' },
      starts_at: i.starts_at,
      ends_at: '2026-11-24T15:30:00.000Z',
      duration_minutes: 30,
      status: 'completed',
      needs_completing: false,
      building: { id: 5, name: 'Oak Elementary' },
      participants: [{ id: 12, name: 'Ana Ruiz', group_id: null }],
      groups: [],
      notes: 'New notes',
      next_steps: 'Try it',
      private_notes: 'Mine',
      field_values: [{ field_id: 30, label: 'Focus', kind: 'multiple_choice', value: ['B'], archived: false }],
    });
  });

  it('keeps a group\'s members, marks a scheduled one past its end as needing completing, and leaves hidden texts as they were', () => {
    const i = interaction({ notes: null, notes_hidden: true, status: 'scheduled' });
    delete (i as Partial<Interaction>).private_notes;
    const values = { ...valuesFromInteraction(i, ZONE), notes: '' };
    const preview = previewOfEdit(i, values, toPayload(values, type(7, 45), ZONE), { ...names, type: type(7, 45) }, now);
    expect(preview.participants).toEqual(i.participants);
    expect(preview.groups).toEqual(i.groups);
    expect(preview.needs_completing).toBe(true);
    expect('notes' in preview || 'next_steps' in preview || 'private_notes' in preview).toBe(false);
  });

  it('names a cycle and focus skills chosen anew from the form\'s loaded options, skills in the framework\'s order', () => {
    const i = interaction({ coaching_cycle: null, focus_skills: [{ id: 9, name: 'Questioning' }] });
    const values = { ...valuesFromInteraction(i, ZONE), cycleId: 5, skillIds: [9, 3, 8] };
    const options = {
      cycles: [{ id: 4, title: 'Fall cycle' }, { id: 5, title: 'Math discourse' }],
      skills: [{ id: 8, name: 'Wait time' }, { id: 9, name: 'Questioning (renamed since)' }, { id: 3, name: 'Pacing' }],
    };
    const preview = previewOfEdit(i, values, toPayload(values, type(7, 45), ZONE), { ...names, type: type(7, 45), ...options }, now);
    expect(preview.coaching_cycle).toEqual({ id: 5, title: 'Math discourse' });
    // The interaction's own names stay as it showed them; the new ones come from the framework.
    expect(preview.focus_skills).toEqual([{ id: 8, name: 'Wait time' }, { id: 9, name: 'Questioning' }, { id: 3, name: 'Pacing' }]);
    // Not in the body the form sends: only ids go to the server.
    expect(toPayload(values, type(7, 45), ZONE)).toMatchObject({ coaching_cycle_id: 5, skill_ids: [9, 3, 8] });
  });

  it('without the options (a cycle no longer offered, a skill outside the framework): the cycle shows once synced, a kept skill keeps its name', () => {
    const i = interaction({ coaching_cycle: { id: 2, title: 'Old cycle' }, focus_skills: [{ id: 9, name: 'Questioning' }] });
    const values = { ...valuesFromInteraction(i, ZONE), cycleId: 6, skillIds: [9, 3] };
    const preview = previewOfEdit(i, values, toPayload(values, type(7, 45), ZONE), { ...names, type: type(7, 45) }, now);
    expect(preview.coaching_cycle).toBeNull();
    expect(preview.focus_skills).toEqual([{ id: 9, name: 'Questioning' }]);
  });
});
