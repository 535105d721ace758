// The dashboard's pulse (GET /api/report/pulse, issue 11): this month against the district's coaching
// targets, overdue coaching cycles and educators not yet reached this school year. Counts only, within
// the caller's `see engagement` scope (district; `.building` their schools; `.self` a coach's own
// interactions, cycles and caseload). The counting rules are those of common/schemas/reports.ts.
import type { CoachingTargets } from './reports';

export interface ReportPulse {
  /** The scope the figures cover. */
  scope: 'district' | 'building' | 'self';
  /** Today in the district's timezone. */
  today: string;
  timezone: string;
  /** This month so far: the 1st … today. */
  month: { from: string; to: string };
  /** This school year so far: the 1st of the district's school-year start month … today. */
  school_year: { from: string; to: string };
  targets: CoachingTargets;
  /** Active educators in scope (a coach: their current caseload). */
  roster_size: number;
  this_month: {
    /** Completed interactions in scope that started this month. */
    interactions: number;
    minutes: number;
    /** Roster educators who took part in at least one of them. */
    educators_reached: number;
    /** Interactions roster educators took part in, per roster educator (1 decimal); null for an empty roster. */
    interactions_per_educator: number | null;
    /** Roster educators with at least the monthly target so far; null without a target. */
    educators_at_target: number | null;
    /** Roster educators below it; null without a target. */
    educators_below_target: number | null;
  };
  /** Open cycles in scope whose current stage is past its expected days; null when the plan has no coaching cycles. */
  overdue_cycles: number | null;
  /**
   * New teachers in scope (hired within the past year) with fewer cycles this semester than the
   * district's target; null without a cycle target or without the coaching-cycles plan feature.
   */
  new_teachers_below_cycle_target: number | null;
  /** Roster educators without a completed interaction since the school year began. */
  not_reached_this_year: number;
}
