import { describe, expect, it } from 'vitest';
import { groupPayloadSchema, STAFF_GROUP_OF, type Group } from '../../../common/schemas/groups';
import { ApiError } from '../../lib/api';
import { draftFromGroup, formLevelErrors, issuesToErrors, payloadFromDraft, serverErrors } from './formModel';
import { GROUP_ALERTS } from './messages';

const LA = 'America/Los_Angeles';

describe('payloadFromDraft', () => {
  it('converts the picked local dates to UTC and sends a missing end date as null', () => {
    const payload = payloadFromDraft({
      name: 'Induction', description: '  ',
      members: [
        { item_id: 4, name: 'Ana', building: null, start: '2026-09-01', end: '' },
        { item_id: 9, name: 'Ben', building: 'Lincoln', start: '2026-09-01', end: '2027-01-15' },
      ],
    }, LA);
    expect(payload).toEqual({
      name: 'Induction', description: null, group_of: STAFF_GROUP_OF,
      items: [
        { item_id: 4, start_date: '2026-09-01T07:00:00.000Z', end_date: null },
        { item_id: 9, start_date: '2026-09-01T07:00:00.000Z', end_date: '2027-01-15T08:00:00.000Z' },
      ],
    });
    expect(groupPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('a missing start date fails the shared check at its row', () => {
    const payload = payloadFromDraft({ name: 'X', description: '', members: [{ item_id: 4, name: 'Ana', building: null, start: '', end: '' }] }, LA);
    const result = groupPayloadSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(issuesToErrors(result.error!.issues)).toEqual({ 'items.0.start_date': 'Start date is required.' });
  });

  it('an end before the start fails at the end date', () => {
    const payload = payloadFromDraft({ name: 'X', description: '', members: [{ item_id: 4, name: 'Ana', building: null, start: '2026-09-02', end: '2026-09-01' }] }, LA);
    const result = groupPayloadSchema.safeParse(payload);
    expect(issuesToErrors(result.error!.issues)).toEqual({ 'items.0.end_date': 'End date must be on or after the start date.' });
  });
});

describe('draftFromGroup', () => {
  it('shows stored instants as the local dates that were picked', () => {
    const group: Group = {
      id: 1, name: 'PLC', description: null, group_of: STAFF_GROUP_OF, deleted_at: null, created_at: '', updated_at: '',
      items: [
        { item_id: 4, start_date: '2026-09-01T07:00:00.000Z', end_date: null, staff: { id: 4, name: 'Ana Alvarez' } },
        { item_id: 5, start_date: '2026-09-01T07:00:00.000Z', end_date: '2027-06-12T07:00:00.000Z', staff: null },
      ],
    };
    expect(draftFromGroup(group, LA)).toEqual({
      name: 'PLC', description: '',
      members: [
        { item_id: 4, name: 'Ana Alvarez', building: null, start: '2026-09-01', end: '' },
        { item_id: 5, name: 'Educator #5', building: null, start: '2026-09-01', end: '2027-06-12' },
      ],
    });
  });
});

describe('errors', () => {
  it('maps a 422 to field paths and other failures to one form message', () => {
    const err = new ApiError(422, 'Choose an educator from your district.', 'validation_failed', {
      'items.1.item_id': ['Choose an educator from your district.'], name: ['A group with this name already exists.'], group_of: ['Group of must be App\\Models\\Staff.'],
    });
    const errors = serverErrors(err);
    expect(errors).toEqual({ 'items.1.item_id': 'Choose an educator from your district.', name: 'A group with this name already exists.', group_of: 'Group of must be App\\Models\\Staff.' });
    expect(formLevelErrors(errors)).toEqual(['Group of must be App\\Models\\Staff.']);
    expect(serverErrors(new ApiError(500, 'Something went wrong on our side. Please try again.', 'server_error'))).toEqual({ _: 'Something went wrong on our side. Please try again.' });
  });
});

describe('alert messages (spec §8, word for word)', () => {
  it('match the catalogue', () => {
    expect(GROUP_ALERTS).toEqual({
      fetch: 'An error occurred while fetching groups. Please try again later',
      delete: 'An error occurred while deleting this group. Please try again later',
      deactivate: 'An error occurred while deactivate this group. Please try again later',
    });
  });
});
