// The educators (staff) contract: request schemas and answer shapes shared by server and client.
import * as z from 'zod/mini';
import { text } from './auth';

export const GRADE_LEVELS = ['PK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const POSITIONS = [
  'Classroom Teacher', 'Special Education Teacher', 'Interventionist', 'English Learner Teacher', 'Instructional Aide',
  'Counselor', 'Librarian / Media Specialist', 'Assistant Principal', 'Other',
] as const;
export const SUBJECTS = [
  'Elementary (all subjects)', 'English Language Arts', 'Mathematics', 'Science', 'Social Studies', 'World Languages',
  'Special Education', 'English Learners', 'Fine Arts', 'Physical Education', 'Career and Technical Education',
] as const;
export const STAFF_SORTS = ['last_name', '-last_name', 'first_name', '-first_name', 'hire_date', '-hire_date', 'building', '-building', 'created_at', '-created_at'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isoDate = (label: string) =>
  z.string({ error: `${label} is required.` }).check(
    z.refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} must be a date (YYYY-MM-DD).`),
  );

const optionalText = (label: string, max = 120) =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: `${label} must be text.` }))),
    z.transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
  ).check(z.refine((v) => v === null || v.length <= max, `${label} must be at most ${max} characters.`));

const optionalEmail = z.pipe(
  optionalText('Email', 254),
  z.nullable(z.email('Enter a valid email address.')),
);

export const staffFields = {
  first_name: text('First name', 80),
  last_name: text('Last name', 80),
  email: optionalEmail,
  employee_id: optionalText('Employee ID', 40),
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
  staff: z.array(newStaffSchema).check(
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
}

export interface Paginated<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}
