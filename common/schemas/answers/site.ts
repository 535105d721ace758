// The district profile and school answers (Site settings): server/features/buildings/presenter.ts.
import * as z from 'zod/mini';
import type { Building, DistrictProfile } from '../site';
import { day, id, instant, type SameShape } from './shapes';
import { LOCALES } from '../../locales';

export const buildingAnswer = z.strictObject({
  id,
  name: z.string(),
  code: z.nullable(z.string()),
  grade_band: z.nullable(z.string()),
  archived_at: z.nullable(instant),
  educator_count: z.number(),
});
export type BuildingAnswer = z.infer<typeof buildingAnswer>;
export const buildingAnswerMatches: SameShape<BuildingAnswer, Building> = true;

export const districtProfileAnswer = z.strictObject({
  id,
  name: z.string(),
  state: z.string(),
  timezone: z.string(),
  school_year_start_month: z.number(),
  plan: z.strictObject({ key: z.string(), name: z.string() }),
  status: z.enum(['trial', 'active', 'suspended']),
  trial_ends_at: z.nullable(instant),
  shared_notes_visible_to_admins: z.boolean(),
  educator_read_log_visible: z.boolean(),
  data_retention_years: z.nullable(z.number()),
  language: z.enum(LOCALES),
  retained_from: z.nullable(day),
  coaching_targets: z.strictObject({
    interactions_per_educator_per_month: z.nullable(z.number()),
    cycles_per_new_teacher_per_semester: z.nullable(z.number()),
  }),
});
export type DistrictProfileAnswer = z.infer<typeof districtProfileAnswer>;
export const districtProfileAnswerMatches: SameShape<DistrictProfileAnswer, DistrictProfile> = true;
