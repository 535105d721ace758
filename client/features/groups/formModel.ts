// The group form's state and its two conversions: a stored Group → what the form shows (dates as days
// on the person's profile clock, issue 26), and the form → the API payload (dates as the UTC instants of
// those days' midnights, no end → null). The zone is always passed: never the browser's by default.
import type * as z from 'zod/mini';
import { type Group, type GroupPayloadInput, STAFF_GROUP_OF } from '../../../common/schemas/groups';
import { ApiError } from '../../lib/api';
import { messageOf } from '../../lib/formErrors';
import { localDateToUtc, utcToLocalDate } from '../../lib/dates';
import { defineMessages, t, tText } from '../../lib/i18n';

const m = defineMessages({
  educatorN: { id: 'groups.educatorN', defaultMessage: 'Educator #{id}' },
});

export interface MemberDraft {
  item_id: number;
  name: string;
  building: string | null;
  /** Local calendar dates "YYYY-MM-DD" as the date inputs hold them; end '' = no end date. */
  start: string;
  end: string;
}

export interface GroupDraft {
  name: string;
  description: string;
  members: MemberDraft[];
}

export const emptyDraft = (): GroupDraft => ({ name: '', description: '', members: [] });

export function draftFromGroup(group: Group, timeZone: string): GroupDraft {
  return {
    name: group.name,
    description: group.description ?? '',
    members: group.items.map((item) => ({
      item_id: item.item_id,
      name: item.staff?.name ?? t(m.educatorN, { id: item.item_id }),
      building: null,
      start: utcToLocalDate(item.start_date, timeZone),
      end: utcToLocalDate(item.end_date, timeZone),
    })),
  };
}

/** The POST/PUT body: each picked date converted to UTC before saving; a missing end date is null. */
export function payloadFromDraft(draft: GroupDraft, timeZone: string): GroupPayloadInput {
  return {
    name: draft.name,
    description: draft.description.trim() === '' ? null : draft.description,
    group_of: STAFF_GROUP_OF,
    items: draft.members.map((m) => ({
      item_id: m.item_id,
      start_date: localDateToUtc(m.start, timeZone) ?? '',
      end_date: localDateToUtc(m.end, timeZone),
    })),
  };
}

export type DraftErrors = Record<string, string>;

/** First message per field path ("name", "items.0.start_date") from the shared schema's check. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    errors[key] ??= tText(issue.message);
  }
  return errors;
}

/** A 422 answer's field errors in the same shape; any other failure is one form-level message. */
export function serverErrors(err: unknown): DraftErrors {
  if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length > 0) {
    const errors: DraftErrors = {};
    for (const key of Object.keys(err.errors)) {
      const message = err.field(key);
      if (message) errors[key] = message;
    }
    return errors;
  }
  return { _: messageOf(err) };
}

/** Keys that no visible control shows (e.g. group_of): shown together at the top of the form. */
export function formLevelErrors(errors: DraftErrors): string[] {
  return Object.entries(errors)
    .filter(([key]) => key !== 'name' && key !== 'description' && !/^items\.\d+\.(item_id|start_date|end_date)$/.test(key))
    .map(([, message]) => message);
}
