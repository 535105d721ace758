// Who may read the reports (issue 11): `see engagement`, whose suffix is the reach of every figure —
// district-wide; `.building` the caller's schools (interactions held there, educators currently there,
// the coaches of those schools); `.self` a coach's own interactions, cycles and caseload. Teacher level
// and comparison also need the plan feature `advanced-reports` (403 with its planFeatureMessage).
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { ADVANCED_REPORT_KINDS, type ReportKind } from '../../../common/schemas/reports';
import { requireDistrict, requireFeature, type Scope, scopeOf } from '../../access/guards';
import { forbidden } from '../../http/errors';
import { today } from '../../lib/dates';
import { todayIn } from '../../lib/zone';

/**
 * What a report is computed for: the district (its timezone), the caller's scope and the
 * plan's features. Built from a request here, or by the scheduled emails from a subscriber's context.
 */
export interface ReportReader {
  district: { id: number; timezone: string };
  scope: Scope;
  features: readonly string[];
}

/** 403 with the plan message when the report needs `advanced-reports` and the plan lacks it. */
export function requireReportPlan(reader: Pick<ReportReader, 'features'>, kind: ReportKind): void {
  if (ADVANCED_REPORT_KINDS.includes(kind)) requireFeature(reader, 'advanced-reports');
  // The walkthrough report comes with observation forms (issue 28).
  if (kind === 'walkthroughs') requireFeature(reader, 'observation-forms');
}

/** 401 for guests, 403 without `see engagement` (and for an advanced report on a plan without it). */
export function reportReader(req: Request, kind: ReportKind): ReportReader {
  const auth = requireDistrict(req);
  const scope = scopeOf(auth, PERMISSIONS.seeEngagement);
  if (!scope) throw forbidden();
  const reader: ReportReader = {
    district: { id: auth.district.id, timezone: auth.district.timezone },
    scope,
    features: auth.features,
  };
  requireReportPlan(reader, kind);
  return reader;
}

/**
 * The days a kept report or pulse (lib/keptAnswers.ts) depends on: the district's today (the default
 * range, "overdue") and the UTC day of history rows (a principal's or coach's roster).
 */
export const reportDays = (reader: ReportReader): string[] => [todayIn(reader.district.timezone), today()];
