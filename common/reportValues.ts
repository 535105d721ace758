// The reports' kinds, titles and the value lists their screens show, without zod, so a report's first
// paint does not load the schema library (issue 35): common/schemas/reports.ts builds its schemas from
// these and re-exports them.

export const REPORT_KINDS = ['interactions', 'coaching-cycles', 'teacher-level', 'coaching-team', 'comparison', 'walkthroughs'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** Reports that need the plan feature `advanced-reports`. */
export const ADVANCED_REPORT_KINDS: readonly ReportKind[] = ['teacher-level', 'comparison'];

export const REPORT_TITLES: Record<ReportKind, string> = {
  interactions: 'Interactions',
  'coaching-cycles': 'Coaching cycles',
  'teacher-level': 'Teacher level',
  'coaching-team': 'Coaching team',
  comparison: 'Comparison',
  walkthroughs: 'Walkthroughs',
};

/** The date-range presets of the filter bar; `custom` uses from/to as given. */
export const DATE_PRESETS = ['school-year', 'last-30-days', 'this-month', 'last-month', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** A calendar day (YYYY-MM-DD) moved by whole days. */
function dayPlus(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/**
 * The dates a preset stands for on `today` (the report screens and the scheduled report emails alike);
 * null for the school year (the API's default range), and for `custom` without dates.
 */
export function presetRange(preset: DatePreset, today: string, custom: { from: string | null; to: string | null } = { from: null, to: null }): { from: string; to: string } | null {
  switch (preset) {
    case 'last-30-days':
      return { from: dayPlus(today, -29), to: today };
    case 'this-month':
      return { from: firstOfMonth(today), to: today };
    case 'last-month': {
      const end = dayPlus(firstOfMonth(today), -1);
      return { from: firstOfMonth(end), to: end };
    }
    case 'custom': {
      const from = custom.from ?? custom.to;
      const to = custom.to ?? today;
      return from ? { from, to: to < from ? from : to } : null;
    }
    default:
      return null;
  }
}

export const TREND_INTERVALS = ['week', 'month'] as const;
export type TrendInterval = (typeof TREND_INTERVALS)[number];

export const TEACHER_VIEWS = ['all', 'not-coached'] as const;

export const COMPARE_BY = ['building', 'group', 'coach', 'period'] as const;
export type CompareBy = (typeof COMPARE_BY)[number];
