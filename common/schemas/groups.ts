// The staff groups contract (spec §3, §5, §7): request schemas and answer shapes shared by server
// and client. Member dates travel as UTC instants: the client converts the picked local date.
import * as z from 'zod/mini';
import { idField, optionalText, text, utcTimestamp } from './fields';
import type { GroupSummary } from './lookups';

/** The value of group_of that marks a staff group (kept on the wire for compatibility). */
export const STAFF_GROUP_OF = 'App\\Models\\Staff';
export const GROUP_NAME_MAX = 120;
export const GROUP_DESCRIPTION_MAX = 500;
export const GROUP_MEMBERS_MAX = 500;

export const GROUP_MESSAGES = {
  nameTaken: 'A group with this name already exists.',
  itemNotInDistrict: 'Choose an educator from your district.',
  itemDuplicate: 'This educator is already in the group.',
  endBeforeStart: 'End date must be on or after the start date.',
  alreadyDeactivated: 'This group is already deactivated.',
  alreadyActive: 'This group is already active.',
} as const;

export const groupItemSchema = z.object({
  item_id: idField(GROUP_MESSAGES.itemNotInDistrict),
  start_date: utcTimestamp('Start date'),
  end_date: z.pipe(
    z.optional(z.nullable(utcTimestamp('End date'))),
    z.transform((v) => v ?? null),
  ),
}).check(
  z.refine((item) => item.end_date === null || item.end_date >= item.start_date, {
    message: GROUP_MESSAGES.endBeforeStart,
    path: ['end_date'],
  }),
);

/** POST /api/group and PUT /api/group/{id} (PUT replaces the member list). */
export const groupPayloadSchema = z.object({
  name: text('Name', GROUP_NAME_MAX),
  description: optionalText('Description', GROUP_DESCRIPTION_MAX),
  group_of: z._default(
    z.string({ error: `Group of must be ${STAFF_GROUP_OF}.` }).check(
      z.refine((v) => v === STAFF_GROUP_OF, `Group of must be ${STAFF_GROUP_OF}.`),
    ),
    STAFF_GROUP_OF,
  ),
  items: z._default(
    z.array(groupItemSchema, { error: 'Members must be a list.' }).check(
      z.maxLength(GROUP_MEMBERS_MAX, `A group can have at most ${GROUP_MEMBERS_MAX} members.`),
      z.superRefine((items, ctx) => {
        const seen = new Set<number>();
        items.forEach((item, i) => {
          if (seen.has(item.item_id)) {
            ctx.issues.push({ code: 'custom', message: GROUP_MESSAGES.itemDuplicate, path: [i, 'item_id'], input: item.item_id });
          }
          seen.add(item.item_id);
        });
      }),
    ),
    [],
  ),
});

export type GroupPayloadInput = z.input<typeof groupPayloadSchema>;
export type GroupPayload = z.output<typeof groupPayloadSchema>;

export const GROUP_STATUSES = ['active', 'all'] as const;

/** GET /api/group query: search (name), status active (default) | all, staff_id (a member). */
export const groupListQuerySchema = z.object({
  search: z.pipe(
    z.optional(z.string({ error: 'Search must be text.' }).check(z.maxLength(100, 'Search must be at most 100 characters.'))),
    z.transform((v) => (v ?? '').trim()),
  ),
  status: z._default(z.enum(GROUP_STATUSES, { error: 'Status must be active or all.' }), 'active'),
  // Plain digits only (`1e20`, `0x10`, `-1` are refused), within the safe integer range.
  staff_id: z.optional(
    z.pipe(
      z.string({ error: 'Educator must be a whole number.' }).check(
        z.refine((v) => /^\d{1,15}$/.test(v.trim()) && Number(v) > 0, 'Educator must be a whole number.'),
      ),
      z.transform((v) => Number(v)),
    ),
  ),
});

/** One member of a group: a staff row of the district (null only if the row has gone). */
export interface GroupItem {
  item_id: number;
  start_date: string;
  end_date: string | null;
  staff: { id: number; name: string } | null;
}

/** A group as every group call answers it (a superset of GroupSummary). */
export interface Group extends GroupSummary {
  items: GroupItem[];
  created_at: string;
  updated_at: string;
}

/** GET /api/group answer: the spec's data array, ordered by name, no meta. */
export interface GroupList {
  data: Group[];
}
