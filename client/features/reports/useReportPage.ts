// The state every report screen shares: the URL's state, how to change it (a new history entry, so
// the back button walks back through filter changes), today in the district's timezone (presets),
// the API query of the report, and the drill-down dialog.
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasFeature } from '../../../common/permissions';
import { ADVANCED_REPORT_KINDS, type ReportKind } from '../../../common/reportValues';
import { browserTimeZone, todayIn } from '../../lib/dates';
import type { InteractionFilter } from '../../lib/interactions';
import type { CycleFilter } from '../../lib/cycles';
import { useAuthUser } from '../../lib/session';
import type { Drill } from './components/DrillDown';
import { apiFilter, apiQuery, type ReportState, stateFromSearch, stateToSearch } from './reportQuery';

export function useReportPage(kind: ReportKind) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuthUser();
  const timeZone = user?.district?.timezone || user?.timezone || browserTimeZone();
  const today = todayIn(timeZone);
  const state = useMemo(() => stateFromSearch(new URLSearchParams(location.search)), [location.search]);
  const query = useMemo(() => apiQuery(kind, state, today), [kind, state, today]);
  const features = user?.district?.features ?? [];
  const allowed = (!ADVANCED_REPORT_KINDS.includes(kind) || hasFeature(features, 'advanced-reports'))
    && (kind !== 'walkthroughs' || hasFeature(features, 'observation-forms'));
  const [drill, setDrill] = useState<Drill | null>(null);

  const go = useCallback((next: ReportState, options: { replace?: boolean } = {}) => {
    navigate({ pathname: location.pathname, search: stateToSearch(next) }, { replace: options.replace, flushSync: true });
  }, [navigate, location.pathname]);
  /** Changes part of the state; any change but the page itself goes back to page 1. */
  const change = useCallback((patch: Partial<ReportState>, options?: { replace?: boolean }) => {
    go({ ...state, ...patch, page: 'page' in patch ? patch.page! : 1 }, options);
  }, [go, state]);

  /** The report's shared filters as an interactions-list filter (completed ones, as the reports count). */
  const interactionFilter = useCallback((range: { from: string; to: string } | undefined, extra: InteractionFilter = {}): InteractionFilter => {
    const f = apiFilter(state.filters, today);
    return {
      from: (f.from as string | undefined) ?? range?.from,
      to: (f.to as string | undefined) ?? range?.to,
      building_id: f.building_id as number[] | undefined,
      coach_id: f.coach_id as number[] | undefined,
      interaction_type_id: f.interaction_type_id as number[] | undefined,
      group_id: f.group_id as number[] | undefined,
      grade_level: f.grade_level as string[] | undefined,
      subject: f.subject as string[] | undefined,
      status: ['completed'],
      ...extra,
    };
  }, [state.filters, today]);

  /** The report's filters as a cycles-list filter (cycles overlapping the range). */
  const cycleFilter = useCallback((range: { from: string; to: string } | undefined, extra: CycleFilter = {}): CycleFilter => {
    const f = apiFilter(state.filters, today);
    const out: CycleFilter = {
      from: (f.from as string | undefined) ?? range?.from,
      to: (f.to as string | undefined) ?? range?.to,
      building_id: f.building_id as number[] | undefined,
      coach_id: f.coach_id as number[] | undefined,
      ...extra,
    };
    for (const key of Object.keys(out) as (keyof CycleFilter)[]) if (out[key] === undefined) delete out[key];
    return out;
  }, [state.filters, today]);

  return { kind, user, state, query, today, timeZone, allowed, change, go, drill, setDrill, interactionFilter, cycleFilter, search: location.search };
}
export type ReportPage = ReturnType<typeof useReportPage>;
