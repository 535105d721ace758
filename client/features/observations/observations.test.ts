import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import type { Observation, ObservationItem as FormItem } from './api';
import {
  answersOf, blankCapture, bodyOf, captureErrors, captureFromObservation, captureOfWrite, defaultFormId, type ObservationItem, previewOfCapture, sectionsOf, stampNote,
  tallyOf, tallyText,
} from './capture';
import { activeFilterCount, apiFilter, presetRange, stateFromSearch } from './observationQuery';
import type { ObservationForm } from '../../../common/schemas/observationForms';

const item = (id: number, kind: ObservationItem['kind'], extra: Partial<ObservationItem> = {}): ObservationItem => ({
  id, position: id, section: null, label: `Item ${id}`, kind, required: false, options: null, multiple: null, scale: null, ...extra,
});
const ZONE = 'America/Chicago';

describe('the capture body', () => {
  const items = [item(1, 'look_for'), item(2, 'text'), item(3, 'rating', { scale: 4 }), item(4, 'look_for')];
  it('is null until the educator and the form are chosen', () => {
    expect(bodyOf(blankCapture({ day: '2026-11-25', time: '10:42' }), items, ZONE, 'draft')).toBeNull();
  });
  it('sends the answered items in the form\'s order, the time on the profile clock, empty notes as null', () => {
    const c = {
      ...blankCapture({ day: '2026-11-25', time: '10:42' }, { staff: { id: 7, name: 'Jordan' }, formId: 3 }),
      answers: { 4: { value: 'na', evidence: '' }, 2: { value: '  ', evidence: '' }, 1: { value: 'yes', evidence: '10:42 Pairs ' }, 3: { value: 3, evidence: '' } },
      notes: '  ',
    };
    const built = bodyOf(c, items, ZONE, 'completed')!;
    expect(built.body).toMatchObject({ form_id: 3, staff_id: 7, observed_at: '2026-11-25T16:42:00.000Z', duration_minutes: 15, status: 'completed', notes: null });
    expect(built.body.answers).toEqual([
      { item_id: 1, value: 'yes', evidence: '10:42 Pairs' },
      { item_id: 3, value: 3, evidence: null },
      { item_id: 4, value: 'na', evidence: null },
    ]);
    expect(built.itemAt).toEqual([1, 3, 4]);
  });
  it('keeps an answer that has only evidence', () => {
    expect(answersOf(items, { 1: { value: null, evidence: 'x' } }).answers).toEqual([{ item_id: 1, value: null, evidence: 'x' }]);
  });
});

describe('a 422 mapped to the items', () => {
  const items = [item(1, 'look_for', { label: 'Goals', required: true }), item(2, 'rating', { scale: 4 }), item(3, 'text', { label: 'Evidence', required: true })];
  it('answers.N.value goes to the Nth answer sent; answers to each required item left unanswered; fields to their field', () => {
    const err = new ApiError(422, 'The given data was invalid.', 'validation_error', {
      'answers.0.value': ['Choose a whole number from 1 to 4.'],
      answers: ['Goals is required.', 'Evidence is required.'],
      staff_id: ['Choose an educator you can see.'],
    });
    const out = captureErrors(err, items, [2], { 2: { value: 9, evidence: '' } });
    expect(out.items).toEqual({ 2: 'Choose a whole number from 1 to 4.', 1: 'Goals is required.', 3: 'Evidence is required.' });
    expect(out.fields).toEqual({ staff_id: 'Choose an educator you can see.' });
    expect(out.form).toBeNull();
  });
  it('another failure is the form\'s message', () => {
    expect(captureErrors(new ApiError(409, 'This observation does not exist.', 'conflict'), items, [], {}).form).toBe('This observation does not exist.');
  });
});

describe('the capture helpers', () => {
  it('"+ note" puts the minute on a line of its own', () => {
    expect(stampNote('', '10:42')).toBe('10:42 ');
    expect(stampNote('Pairs talk', '10:43')).toBe('Pairs talk\n10:43 ');
    expect(stampNote('Pairs talk\n', '10:43')).toBe('Pairs talk\n10:43 ');
  });
  it('groups consecutive items of a section, in position order', () => {
    const groups = sectionsOf([item(2, 'text', { section: 'B' }), item(1, 'text', { section: 'A' }), item(3, 'text', { section: 'B' })]);
    expect(groups.map((g) => [g.section, g.items.map((i) => i.id)])).toEqual([['A', [1]], ['B', [2, 3]]]);
  });
  it('tallies seen of applicable look-fors', () => {
    const items = [item(1, 'look_for'), item(2, 'look_for'), item(3, 'look_for'), item(4, 'text')];
    const t = tallyOf(items, { 1: { value: 'yes', evidence: '' }, 2: { value: 'na', evidence: '' }, 3: { value: 'no', evidence: '' } });
    expect(t).toEqual({ seen: 1, applicable: 2, answered: 3, total: 3 });
    expect(tallyText(t)).toBe('1 of 2 seen');
    expect(tallyText({ seen: 0, applicable: 0 })).toBeNull();
  });
  it('starts with the form asked for, else the built-in walkthrough', () => {
    const forms = [{ id: 4, builtin: false }, { id: 9, builtin: true }] as ObservationForm[];
    expect(defaultFormId(forms, 4)).toBe(4);
    expect(defaultFormId(forms, 77)).toBe(9);
    expect(defaultFormId([], null)).toBeNull();
  });
});

describe('an edit kept on the device, as the screens show it until it syncs (issue 31)', () => {
  const full = (i: ObservationItem): FormItem => ({ ...i, lineage_id: i.id, skill: null });
  const items = [item(1, 'look_for', { label: 'Target posted' }), item(2, 'look_for', { label: 'Students talk' }), item(3, 'text', { label: 'Wonderings' })].map(full);
  const existing = {
    id: 40, status: 'draft', form: { id: 3, name: 'Classroom walkthrough', version: 2 }, educator: { id: 7, name: 'Jordan Ellis' }, observer: { id: 2, name: 'Priya Raman' },
    school: null, observed_at: '2026-11-25T16:40:00.000Z', duration_minutes: 15, interaction_id: null, calibration_id: null, shared: null, acknowledged_at: null,
    updated_at: '2026-11-25T16:41:00.000Z', client_id: null, look_fors: { seen: 0, applicable: 0 }, items, answers: [], notes: null, next_steps: null, private_notes: null,
    reflection: null, can_edit: true, calibration: null,
  } as Observation;

  it('holds the version the capture saved: status, time, minutes, answers and their tally, texts; the form and educator as the capture names them', () => {
    const c = {
      ...captureFromObservation(existing, ZONE), time: '10:45', duration: '20', notes: 'Pairs explained', privateNotes: 'Ask about seating',
      answers: { 1: { value: 'yes', evidence: '' }, 2: { value: 'no', evidence: 'Quiet' }, 3: { value: 'Why pairs?', evidence: '' } },
    };
    const { body } = bodyOf(c, items, ZONE, 'completed')!;
    const preview = previewOfCapture(existing, body, c, items, { id: 3, name: 'Classroom walkthrough', version: 3 });
    expect(preview).toEqual({
      status: 'completed', observed_at: '2026-11-25T16:45:00.000Z', duration_minutes: 20, educator: { id: 7, name: 'Jordan Ellis' },
      answers: [{ item_id: 1, value: 'yes', evidence: null }, { item_id: 2, value: 'no', evidence: 'Quiet' }, { item_id: 3, value: 'Why pairs?', evidence: null }],
      look_fors: { seen: 1, applicable: 2 }, notes: 'Pairs explained', next_steps: null, private_notes: 'Ask about seating', calibration_id: null,
      // The same form keeps the version the observation was made with.
      form: existing.form,
    });
  });

  it('another form brings its name and items, for its answers to show by their labels', () => {
    const other = [full(item(21, 'look_for', { label: 'Objective shared' }))];
    const c = { ...captureFromObservation(existing, ZONE), formId: 9, answers: { 21: { value: 'yes', evidence: '' } } };
    const { body } = bodyOf(c, other, ZONE, 'draft')!;
    const preview = previewOfCapture(existing, body, c, other, { id: 9, name: 'Math look-fors', version: 1 });
    expect(preview).toMatchObject({ form: { id: 9, name: 'Math look-fors', version: 1 }, items: other, look_fors: { seen: 1, applicable: 1 } });
  });

  it('the capture goes on from the preview (which a merge rewrites too), else from the form\'s own values', () => {
    const preview = { notes: 'Merged notes', duration_minutes: 25, answers: [{ item_id: 1, value: 'yes', evidence: 'Posted' }] };
    const draft = { ...captureFromObservation(existing, ZONE), notes: 'Before the merge' };
    expect(captureOfWrite({ draft, summary: { extra: { preview } } }, existing, ZONE))
      .toMatchObject({ notes: 'Merged notes', duration: '25', answers: { 1: { value: 'yes', evidence: 'Posted' } }, staff: { id: 7, name: 'Jordan Ellis' }, formId: 3 });
    expect(captureOfWrite({ draft, summary: {} }, existing, ZONE)).toBe(draft);
  });
});

describe('the list state in the URL', () => {
  it('reads filters, ignoring what is not valid', () => {
    const s = stateFromSearch(new URLSearchParams('form=3,x,4&educator=12&status=draft&shared=maybe&acknowledged=no&preset=custom&from=2026-09-01&to=bad&page=2'));
    expect(s).toMatchObject({ form: [3, 4], educator: 12, status: 'draft', shared: '', acknowledged: 'no', preset: 'custom', from: '2026-09-01', to: null, page: 2 });
    expect(activeFilterCount(s)).toBe(5);
  });
  it('resolves the date presets and builds the API filter', () => {
    expect(presetRange({ preset: 'last-month', from: null, to: null }, '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange({ preset: 'any', from: null, to: null }, '2026-11-25')).toEqual({ from: null, to: null });
    const f = apiFilter(stateFromSearch(new URLSearchParams('school=2&observer=5&shared=yes&preset=this-month')), '2026-11-25');
    expect(f).toMatchObject({ from: '2026-11-01', to: '2026-11-25', building_id: [2], observer_id: [5], staff_id: [], shared: 'yes', acknowledged: undefined });
  });
});
