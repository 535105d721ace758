// The frame of every report screen: the title (the route table's), the header actions (Print, and the
// place where the scheduled-email control of client/features/reports/subscriptions/ mounts: the
// `actions` slot), the tab bar between the five reports (it keeps the filters), the filter bar, a
// line naming the range and filters in words (the only part of the filters a printout shows), then
// the report, and the drill-down dialog.
import { type ComponentType, type ReactNode, useId } from 'react';
import { useLocation } from 'react-router-dom';
import { REPORT_KINDS, REPORT_TITLES, type ReportKind } from '../../../../common/reportValues';
import type { ReportRange } from '../../../../common/schemas/reports';
import type { ScreenProps } from '../../../app/routeTable';
import { Button } from '../../../components/Button';
import { NavTabs } from '../../../components/NavTabs';
import { PageHeader } from '../../../components/PageHeader';
import { formatDay } from '../../../lib/dates';
import type { ApiError, Query } from '../../../lib/api';
import { useDateLocale } from '../../../lib/session';
import { presetRange } from '../../../../common/reportValues';
import { filtersOnlySearch, presetLabel, type ReportFilters } from '../reportQuery';
import { type ReportPage, useReportPage } from '../useReportPage';
import { EmailReportControl } from '../subscriptions/EmailReportControl';
import { ReportAnswer } from './ReportParts';
import { chosenNames, FILTER_KEYS, filterLabel, type FilterOptions, ReportFilterBar, useFilterOptions } from './ReportFilterBar';
import { lazyPart } from '../../../lib/lazyPart';
import { useDistrictProfile } from '../../../lib/lookups';
import { defineMessages, type MessageDescriptor, t, tText } from '../../../lib/i18n';

// Below the fold or opened on demand: not part of a report's first paint (issue 35).
const SubscriptionsList = lazyPart('SubscriptionsList', () => import('../subscriptions/SubscriptionsList').then((mod) => mod.SubscriptionsList));
const DrillDownDialog = lazyPart('DrillDownDialog', () => import('./DrillDown').then((mod) => mod.DrillDownDialog));

export const REPORT_PATHS: Record<ReportKind, string> = {
  interactions: '/app/reports',
  'coaching-cycles': '/app/reports/coaching-cycles',
  'teacher-level': '/app/reports/teacher-level',
  'coaching-team': '/app/reports/coaching-team',
  comparison: '/app/reports/comparison',
  walkthroughs: '/app/reports/walkthroughs',
};

const m = defineMessages({
  interactions: { id: 'reports.desc.interactions', defaultMessage: 'How much coaching happens: completed interactions, hours and the educators they reach.' },
  cycles: { id: 'reports.desc.cycles', defaultMessage: 'Coaching cycles by status and stage, time in each stage, completion and goals met.' },
  teacherLevel: { id: 'reports.desc.teacherLevel', defaultMessage: 'One row per educator: interactions, minutes, last contact, cycles and skill growth.' },
  team: { id: 'reports.desc.team', defaultMessage: 'One row per coach: caseload, interactions, coaching time against other logged time.' },
  comparison: { id: 'reports.desc.comparison', defaultMessage: 'Two schools, groups, coaches or periods side by side, with the differences.' },
  walkthroughs: { id: 'reports.desc.walkthroughs', defaultMessage: 'What observers saw in classrooms: each look-for seen how often, by school and month, on one observation form.' },
  filterWords: { id: 'reports.layout.filterWords', defaultMessage: '{filter}: {names}' },
  presetRange: { id: 'reports.layout.presetRange', defaultMessage: '{preset} ({range})' },
  print: { id: 'reports.layout.print', defaultMessage: 'Print' },
  tabs: { id: 'reports.layout.tabs', defaultMessage: 'Reports' },
  showing: { id: 'reports.layout.showing', defaultMessage: 'Showing: ' },
  retention: { id: 'reports.layout.retention', defaultMessage: 'Records before {date} are deleted under the district’s retention setting.' },
});

const DESCRIPTIONS: Record<ReportKind, MessageDescriptor> = {
  interactions: m.interactions,
  'coaching-cycles': m.cycles,
  'teacher-level': m.teacherLevel,
  'coaching-team': m.team,
  comparison: m.comparison,
  walkthroughs: m.walkthroughs,
};

/** "Aug 1, 2025 – Nov 23, 2025". */
export function rangeWords(range: { from: string; to: string } | null, locale?: Parameters<typeof formatDay>[1]): string | null {
  return range ? `${formatDay(range.from, locale)} – ${formatDay(range.to, locale)}` : null;
}

/** The filters in words, after the range: "School: Lincoln Middle · Coach: …" ("Observer: …" with `observers`). */
export function filtersInWords(filters: ReportFilters, options: FilterOptions, hide: string[] = [], observers = false): string[] {
  const parts: string[] = [];
  for (const key of FILTER_KEYS) {
    if (hide.includes(key)) continue;
    const names = chosenNames(filters, key, options);
    if (names.length) parts.push(t(m.filterWords, { filter: filterLabel(key, observers).one, names: names.join(', ') }));
  }
  return parts;
}

/** The range and filters in one line of text: "This school year (Aug 1, 2025 – Nov 23, 2025) · School: Lincoln Middle". */
export function scopeText(filters: ReportFilters, options: FilterOptions, range: string | null, hide: string[] = [], observers = false): string {
  return [range ? t(m.presetRange, { preset: presetLabel(filters), range }) : presetLabel(filters), ...filtersInWords(filters, options, hide, observers)].join(' · ');
}

export function ReportLayout({ page, title, range, actions, children, hideFilters = [], showFilters = true, observers = false }: {
  page: ReportPage;
  title: string;
  /** The answer's resolved range, once loaded. */
  range?: ReportRange;
  /** More header actions (reports-schedule mounts "Email me this report" here). */
  actions?: ReactNode;
  children: ReactNode;
  hideFilters?: ('building_id' | 'coach_id' | 'interaction_type_id' | 'group_id' | 'grade_level' | 'subject')[];
  showFilters?: boolean;
  /** The coach filter is the observer: labelled so and offering everyone who may observe (the walkthrough report). */
  observers?: boolean;
}) {
  const location = useLocation();
  const locale = useDateLocale();
  const options = useFilterOptions(observers);
  const { state, kind } = page;
  const resolved = range ?? presetRange(state.filters.preset, page.today, state.filters);
  const rangeText = rangeWords(resolved ?? null, locale);
  const tabSearch = filtersOnlySearch(state.filters);
  const words = scopeText(state.filters, options, rangeText, hideFilters, observers);
  const filterWords = filtersInWords(state.filters, options, hideFilters, observers);
  const rangeId = useId();
  const district = page.user?.district?.name;
  // Issue 32: with the district's retention setting on, the reports hold nothing before its cut-off.
  const retainedFrom = useDistrictProfile(showFilters && Boolean(page.user?.district)).data?.retained_from ?? null;
  return (
    <div className="stack report-page" data-report={kind}>
      <PageHeader title={title} description={t(DESCRIPTIONS[kind])}
        actions={(
          <div className="report-actions">
            {actions}
            {page.allowed && <EmailReportControl kind={kind} description={words} />}
            <Button variant="secondary" size="sm" onClick={() => window.print()}>{t(m.print)}</Button>
          </div>
        )} />
      <NavTabs
        label={t(m.tabs)}
        tabs={REPORT_KINDS.map((k) => ({ key: k, label: tText(REPORT_TITLES[k]), to: `${REPORT_PATHS[k]}${tabSearch}`, current: location.pathname === REPORT_PATHS[k] }))}
      />
      {showFilters && (
        <ReportFilterBar filters={state.filters} options={options} hide={hideFilters} rangeId={rangeText ? rangeId : undefined} observers={observers}
          onChange={(filters) => page.change({ filters })} />
      )}
      {showFilters && (
        // The one place the range's dates are written (on one line), then the filters set.
        <p className="report-scope" data-testid="report-scope">
          <span className="report-scope__print">{district ? `${district} · ` : ''}{title} · </span>
          <span className="sr-only">{t(m.showing)}</span>
          <span className="report-scope__range">
            {presetLabel(state.filters)}
            {rangeText && <> <span className="report-scope__dates" id={rangeId}>{`(${rangeText})`}</span></>}
          </span>
          {filterWords.map((w) => <span key={w}> · {w}</span>)}
        </p>
      )}
      {showFilters && retainedFrom && (
        <p className="report-retention muted" data-testid="report-retention">
          {t(m.retention, { date: formatDay(retainedFrom, locale) })}
        </p>
      )}
      {children}
      <SubscriptionsList />
      {page.drill && <DrillDownDialog drill={page.drill} onClose={() => page.setDrill(null)} />}
    </div>
  );
}

/**
 * The screen of a report without a plan gate (interactions, coaching cycles, coaching team): the frame
 * above, and the answer `useAnswer` reads, as it arrives, laid out by `Report`.
 */
export function reportScreen<D extends { range: ReportRange }>(
  kind: ReportKind,
  useAnswer: (query: Query) => { data?: D; error?: ApiError },
  Report: ComponentType<{ page: ReportPage; data: D }>,
  headlines?: number,
) {
  return function ReportScreen({ route }: ScreenProps) {
    const page = useReportPage(kind);
    const answer = useAnswer(page.query);
    return (
      <ReportLayout page={page} title={route.title} range={answer.data?.range}>
        <ReportAnswer answer={answer} headlines={headlines}>{(data) => <Report page={page} data={data} />}</ReportAnswer>
      </ReportLayout>
    );
  };
}
