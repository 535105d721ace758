// The educator answers (spec §5, Educators): server/features/staff/presenter.ts.
import * as z from 'zod/mini';
import type { StaffDetail, StaffListItem } from '../staff';
import { day, id, instant, ref, type SameShape } from './shapes';

const staffListItemFields = {
  id,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  employee_id: z.nullable(z.string()),
  position: z.nullable(z.string()),
  grade_levels: z.array(z.string()),
  subjects: z.array(z.string()),
  hire_date: z.nullable(day),
  status: z.enum(['active', 'inactive']),
  building: z.nullable(ref),
  coach: z.nullable(ref),
};
export const staffListItemAnswer = z.strictObject(staffListItemFields);
export type StaffListItemAnswer = z.infer<typeof staffListItemAnswer>;
export const staffListItemAnswerMatches: SameShape<StaffListItemAnswer, StaffListItem> = true;

export const staffDetailAnswer = z.strictObject({
  ...staffListItemFields,
  user_id: z.nullable(id),
  created_at: instant,
  updated_at: instant,
  building_history: z.array(z.strictObject({ id, building: ref, start_date: day, end_date: z.nullable(day) })),
  groups: z.array(z.strictObject({ id, name: z.string(), start_date: instant, end_date: z.nullable(instant), active: z.boolean() })),
  coaches: z.array(z.strictObject({ id, coach: ref, start_date: day, end_date: z.nullable(day) })),
  can_edit: z.boolean(),
  can_move: z.boolean(),
});
export type StaffDetailAnswer = z.infer<typeof staffDetailAnswer>;
export const staffDetailAnswerMatches: SameShape<StaffDetailAnswer, StaffDetail> = true;
