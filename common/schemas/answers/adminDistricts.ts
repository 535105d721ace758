// The provider's district answers (Admin → Districts): server/features/adminDistricts/presenter.ts.
import * as z from 'zod/mini';
import { type AdminDistrictDetail, type AdminDistrictRow, DISTRICT_STATUSES } from '../adminDistricts';
import { districtDeletionScheduleAnswer, districtPurgeProgressAnswer } from './districtDeletions';
import { id, instant, ref, type SameShape } from './shapes';

const planOption = z.strictObject({ id, key: z.string(), name: z.string() });

export const adminDistrictRowAnswer = z.strictObject({
  id,
  name: z.string(),
  slug: z.string(),
  state: z.string(),
  status: z.enum(DISTRICT_STATUSES),
  plan: planOption,
  seats: z.number(),
  trial_ends_at: z.nullable(instant),
  created_at: instant,
  /** Logins not deactivated (active and invited). */
  users: z.number(),
  /** Schools not archived. */
  schools: z.number(),
  /** Active educators. */
  educators: z.number(),
  /** The latest sign-in of any of its people. */
  last_activity_at: z.nullable(instant),
  /** When its scheduled deletion is due (null: not scheduled). */
  deletion_due_at: z.nullable(instant),
});
export type AdminDistrictRowAnswer = z.infer<typeof adminDistrictRowAnswer>;
export const adminDistrictRowAnswerMatches: SameShape<AdminDistrictRowAnswer, AdminDistrictRow> = true;

export const adminDistrictAnswer = z.strictObject({
  id,
  name: z.string(),
  slug: z.string(),
  state: z.string(),
  timezone: z.string(),
  school_year_start_month: z.number(),
  status: z.enum(DISTRICT_STATUSES),
  plan: planOption,
  seats: z.number(),
  /** Active logins holding the coach role (seats are priced per coach). */
  seats_used: z.number(),
  trial_ends_at: z.nullable(instant),
  suspended_at: z.nullable(instant),
  suspension_reason: z.nullable(z.string()),
  /** Its scheduled deletion (null: not scheduled). */
  deletion: districtDeletionScheduleAnswer,
  /** Its purge under way (null: not purging): the page polls it until the district is gone. */
  purge: districtPurgeProgressAnswer,
  created_at: instant,
  users: z.strictObject({
    data: z.array(z.strictObject({
      id,
      name: z.string(),
      email: z.string(),
      roles: z.array(z.strictObject({ name: z.string(), label: z.string() })),
      status: z.enum(['invited', 'active', 'disabled']),
      last_login_at: z.nullable(instant),
    })),
    total: z.number(),
  }),
  schools: z.array(z.strictObject({ id, name: z.string(), code: z.nullable(z.string()), grade_band: z.nullable(z.string()), educators: z.number() })),
  usage: z.strictObject({
    interactions_last_30_days: z.number(),
    active_users_last_30_days: z.number(),
    educators: z.number(),
    last_activity_at: z.nullable(instant),
  }),
  imports: z.array(z.strictObject({
    id,
    kind: z.enum(['staff', 'users']),
    file_name: z.string(),
    status: z.enum(['pending', 'running', 'completed', 'failed', 'interrupted']),
    total_rows: z.number(),
    created_count: z.number(),
    updated_count: z.number(),
    error_count: z.number(),
    created_by: z.nullable(ref),
    created_at: instant,
    finished_at: z.nullable(instant),
  })),
  plans: z.array(planOption),
  /** The caller may change plan, seats and status (provider administrators). */
  can_manage: z.boolean(),
});
export type AdminDistrictAnswer = z.infer<typeof adminDistrictAnswer>;
export const adminDistrictAnswerMatches: SameShape<AdminDistrictAnswer, AdminDistrictDetail> = true;
