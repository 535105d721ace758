// The reports' reads (contract: common/schemas/reports.ts): one SWR key, fetcher and hook per
// endpoint, keys ['report/{kind}', query]. Reports only read, so nothing here invalidates; an
// interaction or cycle written elsewhere shows at the next visit (SWR revalidates on focus too).
// Drill-downs read the interactions and cycles lists through client/lib (useInteractions, useCycles).
import useSWR from 'swr';
import type {
  ComparisonReport, CoachingTeamReport, CyclesReport, InteractionsReport, ReportKind, TeacherLevelReport, WalkthroughsReport,
} from '../../../common/schemas/reports';
import type { ApiError, Query } from '../../lib/api';
import { fetchByKey } from '../../lib/lookups';

export const reportKey = (kind: ReportKind, query: Query) => [`report/${kind}`, query] as const;

function useReport<T>(kind: ReportKind, query: Query | null) {
  return useSWR<T, ApiError>(query ? reportKey(kind, query) : null, fetchByKey<T>, { keepPreviousData: true, shouldRetryOnError: false });
}

/** GET /api/report/interactions. */
export const useInteractionsReport = (query: Query | null) => useReport<InteractionsReport>('interactions', query);
/** GET /api/report/coaching-cycles. */
export const useCyclesReport = (query: Query | null) => useReport<CyclesReport>('coaching-cycles', query);
/** GET /api/report/teacher-level (null query while the plan lacks advanced-reports). */
export const useTeacherLevelReport = (query: Query | null) => useReport<TeacherLevelReport>('teacher-level', query);
/** GET /api/report/coaching-team. */
export const useCoachingTeamReport = (query: Query | null) => useReport<CoachingTeamReport>('coaching-team', query);
/** GET /api/report/comparison (null query until both segments are chosen). */
export const useComparisonReport = (query: Query | null) => useReport<ComparisonReport>('comparison', query);

export const useWalkthroughsReport = (query: Query | null) => useReport<WalkthroughsReport>('walkthroughs', query);
