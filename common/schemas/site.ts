// The district profile and buildings (schools) contract: request schemas and answer shapes shared
// by server and client (Site settings).
import * as z from 'zod/mini';
import { optionalText, text, timeZoneField } from './fields';
import type { BuildingSummary } from './lookups';
import { type CoachingTargets, coachingTargetsSchema } from './reports';
import { RETENTION_MAX_YEARS, RETENTION_MIN_YEARS, retentionYearsOf } from '../retention';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_CHOICE, type Locale, LOCALES } from '../locales';

export const GRADE_BANDS = ['PK-5', 'K-5', 'K-8', '6-8', '9-12', 'K-12', 'Other'] as const;
export type GradeBand = (typeof GRADE_BANDS)[number];

export const BUILDING_STATUSES = ['active', 'archived', 'all'] as const;
export type BuildingStatus = (typeof BUILDING_STATUSES)[number];

export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;

export const BUILDING_NAME_TAKEN = 'A school with this name already exists.';
export const BUILDING_CODE_TAKEN = 'Another school already uses this code.';

const COACHING_TARGETS_SHAPE = 'Coaching targets must be an object with interactions_per_educator_per_month and cycles_per_new_teacher_per_semester.';
const MONTH_RANGE = 'School year start month must be a month from 1 to 12.';
/** PUT /api/district changing `data_retention_years` in an impersonated session: a setting that deletes records is the district's own act. */
export const RETENTION_WHILE_IMPERSONATING = 'Coachwell staff cannot change the data retention setting while signed in as someone. The district\'s administrators can.';
export const RETENTION_RANGE = `Data retention must be off or a whole number of school years from ${RETENTION_MIN_YEARS} to ${RETENTION_MAX_YEARS}.`;

export { LANGUAGE_CHOICE };

/** PUT /api/district (manage settings). */
export const districtProfileSchema = z.object({
  name: text('District name'),
  timezone: timeZoneField,
  school_year_start_month: z.number({
    error: (issue) => (issue.input == null ? 'School year start month is required.' : MONTH_RANGE),
  }).check(z.refine((m) => Number.isInteger(m) && m >= 1 && m <= 12, MONTH_RANGE)),
  /** Absent: unchanged. */
  shared_notes_visible_to_admins: z.optional(z.boolean({ error: 'Shared notes visible to administrators must be true or false.' })),
  /** Absent: unchanged. */
  educator_read_log_visible: z.optional(z.boolean({ error: 'Educators see who has read about them must be true or false.' })),
  /** Absent: unchanged; null: off; 1–10: delete coaching records older than that many school years (issue 32). */
  data_retention_years: z.optional(z.nullable(z.number({ error: RETENTION_RANGE })
    .check(z.refine((n) => retentionYearsOf(n) !== null, RETENTION_RANGE)))),
  /** Absent: unchanged. The language of the district's people who have not chosen their own (issue 33). */
  language: z.optional(z.enum(LOCALES, { error: LANGUAGE_CHOICE })),
  /** Absent: unchanged. Each target a positive number or null (not set). */
  coaching_targets: z.optional(z.pipe(
    z.custom<Record<string, unknown>>((v) => v !== null && typeof v === 'object' && !Array.isArray(v), COACHING_TARGETS_SHAPE),
    coachingTargetsSchema,
  )),
});

/**
 * The district's privacy settings (districts.settings JSON). `shared_notes_visible_to_admins` (default
 * on): off, an interaction's shared notes, next steps and text field values are answered only to its
 * author, its coach and its participating educators; everyone else gets null and `notes_hidden`.
 */
export interface DistrictSettings {
  shared_notes_visible_to_admins: boolean;
  /**
   * (default on) Educators see who has read about them (GET /api/me/read-log, issue 29); off, that answers 403.
   * The read log is written either way.
   */
  educator_read_log_visible: boolean;
  /**
   * (default off: null) Delete coaching records older than this many school years (1–10; issue 32): a nightly run
   * (server/features/retention) removes them.
   */
  data_retention_years: number | null;
  /** (default English) The language of the district's people who have not chosen their own (issue 33). */
  language: Locale;
}

/** One key of the districts.settings JSON as stored: undefined when it is missing or the JSON is unreadable. */
function settingOf(json: string | null | undefined, key: string): unknown {
  let raw: unknown = {};
  try {
    raw = JSON.parse(json ?? '{}');
  } catch {
    raw = {};
  }
  return raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[key] : undefined;
}

function languageOf(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The settings JSON as stored (anything missing or unreadable takes its default). */
export function districtSettingsOf(json: string | null | undefined): DistrictSettings {
  const value = settingOf(json, 'shared_notes_visible_to_admins');
  const readLog = settingOf(json, 'educator_read_log_visible');
  return {
    shared_notes_visible_to_admins: typeof value === 'boolean' ? value : true,
    educator_read_log_visible: typeof readLog === 'boolean' ? readLog : true,
    data_retention_years: retentionYearsOf(settingOf(json, 'data_retention_years')),
    language: languageOf(settingOf(json, 'language')),
  };
}

/**
 * The district's coaching targets (districts.settings JSON key `coaching_targets`, set in Site
 * settings); anything missing or unreadable is null (not set). Reports and the dashboard pulse read it.
 */
export function coachingTargetsOf(json: string | null | undefined): CoachingTargets {
  const targets = settingOf(json, 'coaching_targets');
  const read = (key: keyof CoachingTargets): number | null => {
    const v = targets && typeof targets === 'object' ? (targets as Record<string, unknown>)[key] : undefined;
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
  };
  return {
    interactions_per_educator_per_month: read('interactions_per_educator_per_month'),
    cycles_per_new_teacher_per_semester: read('cycles_per_new_teacher_per_semester'),
  };
}

const optionalGradeBand = z.pipe(
  z.optional(z.nullable(z.string({ error: 'Grade band must be text.' }))),
  z.transform((v) => (v == null || v === '' ? null : v)),
).check(z.refine((v) => v === null || (GRADE_BANDS as readonly string[]).includes(v), `Grade band must be one of ${GRADE_BANDS.join(', ')}.`));

/** POST /api/building and PUT /api/building/{id} (manage settings). */
export const buildingSchema = z.object({
  name: text('School name'),
  code: optionalText('Code', 20),
  grade_band: optionalGradeBand,
});

/** GET /api/building query. */
export const buildingListQuerySchema = z.object({
  status: z._default(z.enum(BUILDING_STATUSES, { error: 'Status must be active, archived or all.' }), 'active'),
});

export type DistrictProfileInput = z.input<typeof districtProfileSchema>;
export type BuildingInput = z.input<typeof buildingSchema>;

/** GET /api/district → DistrictProfile. */
export interface DistrictProfile {
  id: number;
  name: string;
  state: string;
  timezone: string;
  school_year_start_month: number;
  plan: { key: string; name: string };
  status: 'trial' | 'active' | 'suspended';
  trial_ends_at: string | null;
  /** See DistrictSettings. */
  shared_notes_visible_to_admins: boolean;
  /** See DistrictSettings. */
  educator_read_log_visible: boolean;
  /** See DistrictSettings. */
  data_retention_years: number | null;
  /** See DistrictSettings. */
  language: Locale;
  /** With retention on: the day (YYYY-MM-DD, the district's calendar) before which coaching records are deleted; else null. */
  retained_from: string | null;
  /** See coachingTargetsOf (every district user reads them; `manage settings` changes them). */
  coaching_targets: CoachingTargets;
}

/** One row of GET /api/building → { data: Building[] }, and the answer of each building write. */
export interface Building extends BuildingSummary {
  /** Educators at the school now (or starting there soon). */
  educator_count: number;
}
