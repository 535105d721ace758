// The educators (staff) contract: request schemas and answer shapes shared by server and client.
import * as z from 'zod/mini';
import { filterParam, listOf, oneOf, positiveId, sortParam } from './query';
import { GRADE_LEVELS, POSITIONS, STAFF_EMAIL_MAX, STAFF_EMPLOYEE_ID_MAX, STAFF_NAME_MAX, STAFF_SEARCH_MAX, STAFF_SORTS, STAFF_STATUS_FILTERS, SUBJECTS } from '../staffValues';
import { dateField, optionalText, text } from './fields';

// The values lists live in a module without zod, so screens that only need them (the educators list's
// filters) do not load the schema library.
export { GRADE_LEVELS, POSITIONS, STAFF_EMAIL_MAX, STAFF_EMPLOYEE_ID_MAX, STAFF_NAME_MAX, STAFF_SEARCH_MAX, STAFF_SORTS, STAFF_STATUS_FILTERS, SUBJECTS } from '../staffValues';

/** A required date: missing reads "… is required." */
export const isoDate = (label: string) => dateField(label, `${label} is required.`);

const optionalEmail = z.pipe(
  optionalText('Email', STAFF_EMAIL_MAX),
  z.nullable(z.email('Enter a valid email address.')),
);

export const staffFields = {
  first_name: text('First name', STAFF_NAME_MAX),
  last_name: text('Last name', STAFF_NAME_MAX),
  email: optionalEmail,
  employee_id: optionalText('Employee ID', STAFF_EMPLOYEE_ID_MAX),
  position: z.nullable(z.optional(z.enum(POSITIONS, { error: 'Choose a position from the list.' }))),
  grade_levels: z._default(z.array(z.enum(GRADE_LEVELS, { error: 'Choose grade levels from PK, K and 1–12.' })), []),
  subjects: z._default(z.array(z.enum(SUBJECTS, { error: 'Choose subjects from the list.' })), []),
  hire_date: z.nullable(z.optional(isoDate('Hire date'))),
};

/** One educator of the Add Educators form: their school and the date they start there. */
export const newStaffSchema = z.object({
  ...staffFields,
  building_id: z.number({ error: 'School is required.' }).check(z.refine(Number.isInteger, 'School is required.')),
  start_date: isoDate('Start date'),
});

/** POST /api/staff: several educators at once; nothing is saved unless every row is valid. */
export const createStaffSchema = z.object({
  staff: z.array(newStaffSchema, { error: 'Add at least one educator.' }).check(
    z.minLength(1, 'Add at least one educator.'),
    z.maxLength(200, 'Add at most 200 educators at a time.'),
  ),
});

/** PUT /api/staff/{id}: every profile field (moving schools is its own call). */
export const updateStaffSchema = z.object(staffFields);

/** POST /api/staff/{id}/move: closes the current building history row and opens a new one. */
export const moveStaffSchema = z.object({
  building_id: z.number({ error: 'School is required.' }).check(z.refine(Number.isInteger, 'School is required.')),
  effective_date: isoDate('Effective date'),
});

export type NewStaffInput = z.input<typeof newStaffSchema>;
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

/**
 * GET /api/staff query: search (name, email, employee id), filter[building_id][], filter[position],
 * filter[grade_level], filter[subject], filter[status] (active | inactive | all; default active),
 * filter[group_id], filter[coach_id], sort (STAFF_SORTS; default last_name), page, per_page (≤ 100).
 * Answer: { data: StaffListItem[], meta: { page, per_page, total, last_page } }.
 */
export interface StaffListItem {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  email: string | null;
  employee_id: string | null;
  position: string | null;
  grade_levels: string[];
  subjects: string[];
  hire_date: string | null;
  status: 'active' | 'inactive';
  building: { id: number; name: string } | null;
  coach: { id: number; name: string } | null;
}

/** GET /api/staff/{id}: the profile with building history, groups and coaches (current and past). */
export interface StaffDetail extends StaffListItem {
  user_id: number | null;
  created_at: string;
  updated_at: string;
  building_history: { id: number; building: { id: number; name: string }; start_date: string; end_date: string | null }[];
  groups: { id: number; name: string; start_date: string; end_date: string | null; active: boolean }[];
  coaches: { id: number; coach: { id: number; name: string }; start_date: string; end_date: string | null }[];
  /** Added: the caller may edit, deactivate and reactivate this educator (PUT, deactivate, reactivate). */
  can_edit: boolean;
  /** Added: the caller may move this educator to another school (POST move; district administrators). */
  can_move: boolean;
}

export interface Paginated<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

// ---- Additions (server side of Educators) -------------------------------------------------------


/** Messages the staff endpoints answer with, word for word (422 field errors and 403/409 messages). */
export const STAFF_MESSAGES = {
  buildingNotInDistrict: 'Choose a school from your district.',
  buildingNotYours: 'You can add educators only to your own schools.',
  emailTaken: 'An educator with this email already exists in your district.',
  emailTwice: 'This email appears twice in this list.',
  employeeIdTaken: 'An educator with this employee ID already exists in your district.',
  employeeIdTwice: 'This employee ID appears twice in this list.',
  moveAskDistrict: 'Ask your district administrator to move educators between schools.',
  moveSameBuilding: 'This educator already works at this school. Choose another school.',
  moveDateTooEarly: (start: string) => `Effective date must be after ${start}, when the current school stay began.`,
  moveDateBeforeEnd: (end: string) => `Effective date must be after ${end}, when the last school stay ended.`,
  alreadyInactive: 'This educator is already inactive.',
  alreadyActive: 'This educator is already active.',
} as const;

/** GET /api/staff query (see the comment above StaffListItem). Unknown filters and sorts are refused. */
export const staffListQuerySchema = z.object({
  search: z.pipe(
    z.optional(z.string({ error: 'Search must be text.' }).check(z.maxLength(STAFF_SEARCH_MAX, `Search must be at most ${STAFF_SEARCH_MAX} characters.`))),
    z.transform((v) => (v ?? '').trim()),
  ),
  sort: sortParam(STAFF_SORTS, 'last_name'),
  filter: filterParam({
    building_id: listOf('School', positiveId, 'School must be a school ID.'),
    position: listOf('Position', oneOf(POSITIONS), 'Choose a position from the list.'),
    grade_level: listOf('Grade level', oneOf(GRADE_LEVELS), 'Choose grade levels from PK, K and 1–12.'),
    subject: listOf('Subject', oneOf(SUBJECTS), 'Choose subjects from the list.'),
    status: z.pipe(
      z.optional(z.string({ error: 'Status must be active, inactive or all.' })),
      z.transform((v) => (v === undefined || v === '' ? 'active' : v)),
    ).check(z.refine((v) => (STAFF_STATUS_FILTERS as readonly string[]).includes(v), 'Status must be active, inactive or all.')),
    group_id: listOf('Group', positiveId, 'Group must be a group ID.'),
    coach_id: listOf('Coach', positiveId, 'Coach must be a coach ID.'),
  }, 'building_id, position, grade_level, subject, status, group_id and coach_id'),
});
export type StaffListQuery = z.output<typeof staffListQuerySchema>;
export type StaffSort = (typeof STAFF_SORTS)[number];
export type StaffStatusFilter = (typeof STAFF_STATUS_FILTERS)[number];
