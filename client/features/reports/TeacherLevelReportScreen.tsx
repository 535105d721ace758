// /app/reports/teacher-level (plan feature advanced-reports) — one row per educator: interactions,
// hours, days since the last contact, cycles active and completed, skill growth per domain (first →
// latest rating in the range), below target; the "Not yet coached this year" view; sorted and paged
// by the API (sort and page in the URL). Without the plan feature: what the plan adds.
import { Link } from 'react-router-dom';
import type { TeacherLevelReport, TeacherLevelRow } from '../../../common/schemas/reports';
import type { ScreenProps } from '../../app/routeTable';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { useTeacherLevelReport } from './api';
import { ReportLayout } from './components/ReportLayout';
import {
  AdvancedPlanNote, type Column, DrillCell, Headline, ReportAnswer, ReportTable, TargetsPanel,
} from './components/ReportParts';
import { decimal, hours, int, signed } from './format';
import { csvHref, EMPTY_FILTERS, hasFilters, stateToSearch } from './reportQuery';
import { type ReportPage, useReportPage } from './useReportPage';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  drill: { id: 'reports.teacher.drill', defaultMessage: 'Interactions with {name}' },
  educator: { id: 'reports.teacher.educator', defaultMessage: 'Educator' },
  school: { id: 'reports.teacher.school', defaultMessage: 'School' },
  interactions: { id: 'reports.teacher.interactions', defaultMessage: 'Interactions' },
  interactionsWith: { id: 'reports.teacher.interactionsWith', defaultMessage: 'interactions with {name}' },
  hours: { id: 'reports.teacher.hours', defaultMessage: 'Hours' },
  daysSince: { id: 'reports.teacher.daysSince', defaultMessage: 'Days since last contact' },
  never: { id: 'reports.teacher.never', defaultMessage: 'Never' },
  cyclesActive: { id: 'reports.teacher.cyclesActive', defaultMessage: 'Cycles active' },
  cyclesCompleted: { id: 'reports.teacher.cyclesCompleted', defaultMessage: 'Cycles completed' },
  target: { id: 'reports.teacher.target', defaultMessage: 'Target' },
  below: { id: 'reports.teacher.below', defaultMessage: 'Below target' },
  on: { id: 'reports.teacher.on', defaultMessage: 'On target' },
  all: { id: 'reports.teacher.all', defaultMessage: 'All educators' },
  notCoached: { id: 'reports.teacher.notCoached', defaultMessage: 'Not yet coached this year' },
  educators: { id: 'reports.teacher.educators', defaultMessage: 'Educators' },
  coached: { id: 'reports.teacher.coached', defaultMessage: 'Coached in the range' },
  average: { id: 'reports.teacher.average', defaultMessage: 'Average interactions per educator' },
  which: { id: 'reports.teacher.which', defaultMessage: 'Which educators' },
  allCoached: { id: 'reports.teacher.allCoached', defaultMessage: 'Every educator has been coached this year' },
  noMatch: { id: 'reports.teacher.noMatch', defaultMessage: 'No educators match' },
  clear: { id: 'reports.teacher.clear', defaultMessage: 'Clear filters' },
  noneWaiting: { id: 'reports.teacher.noneWaiting', defaultMessage: 'No educator in this view is waiting for a first interaction.' },
  fewer: { id: 'reports.teacher.fewer', defaultMessage: 'Try fewer filters.' },
  caption: { id: 'reports.teacher.caption', defaultMessage: 'Educators, page {page} of {last}' },
});

function Growth({ g }: { g: TeacherLevelRow['skill_growth'][number] | undefined }) {
  if (!g || (g.first === null && g.latest === null)) return <span className="muted">–</span>;
  const d = signed(g.change);
  return (
    <span className="growth">
      {decimal(g.first)} → {decimal(g.latest)}
      {g.change !== null && g.change !== 0 && <span className={g.change > 0 ? 'growth__up' : 'growth__down'}> <span aria-hidden="true">{d.arrow}</span>{d.text}</span>}
      <span className="sr-only"> ({d.words})</span>
    </span>
  );
}

function Report({ page, data }: { page: ReportPage; data: TeacherLevelReport }) {
  const { state, setDrill, interactionFilter } = page;
  const h = data.headline;
  const range = data.range;
  const drillOf = (r: TeacherLevelRow) => () => setDrill({ kind: 'interactions', title: t(m.drill, { name: r.staff.name }), filter: interactionFilter(range, { staff_id: [r.staff.id] }) });
  const columns: Column<TeacherLevelRow>[] = [
    { key: 'name', label: t(m.educator), sortValue: () => null, render: (r) => <Link to={`/app/staff/${r.staff.id}`}>{r.staff.name}</Link> },
    { key: 'school', label: t(m.school), sortValue: () => null, render: (r) => r.school?.name ?? '–' },
    { key: 'interactions', label: t(m.interactions), numeric: true, sortValue: () => null, render: (r) => <DrillCell value={int(r.interactions)} label={t(m.interactionsWith, { name: r.staff.name })} onDrill={drillOf(r)} /> },
    { key: 'minutes', label: t(m.hours), numeric: true, sortValue: () => null, render: (r) => hours(r.minutes) },
    { key: 'days_since_last_contact', label: t(m.daysSince), numeric: true, sortValue: () => null, render: (r) => (r.days_since_last_contact === null ? t(m.never) : int(r.days_since_last_contact)) },
    { key: 'cycles_active', label: t(m.cyclesActive), numeric: true, sortValue: () => null, render: (r) => int(r.cycles_active) },
    { key: 'cycles_completed', label: t(m.cyclesCompleted), numeric: true, sortValue: () => null, render: (r) => int(r.cycles_completed) },
    ...data.domains.map((d): Column<TeacherLevelRow> => ({ key: `domain_${d.id}`, label: d.name, render: (r) => <Growth g={r.skill_growth.find((g) => g.domain_id === d.id)} /> })),
    ...(data.targets ? [{ key: 'below', label: t(m.target), render: (r: TeacherLevelRow) => (r.below_target ? <span className="badge badge--warning">{t(m.below)}</span> : <span className="muted">{t(m.on)}</span>) }] : []),
  ];
  const views = [
    { key: 'all' as const, label: t(m.all), count: h.educators },
    { key: 'not-coached' as const, label: t(m.notCoached), count: h.not_coached },
  ];
  return (
    <>
      <Headline figures={[
        { key: 'educators', label: t(m.educators), value: int(h.educators) },
        { key: 'coached', label: t(m.coached), value: int(h.coached) },
        { key: 'not_coached', label: t(m.notCoached), value: int(h.not_coached) },
        { key: 'average', label: t(m.average), value: decimal(h.average_interactions) },
      ]} />
      <TargetsPanel progress={data.targets} educators={h.educators} advanced teacherLevelHref={stateToSearch({ ...state, view: 'all', sort: 'interactions', page: 1 })} />
      <div className="report-views" role="group" aria-label={t(m.which)}>
        {views.map((v) => (
          <button key={v.key} type="button" className="report-view" aria-pressed={state.view === v.key} onClick={() => page.change({ view: v.key })}>
            {v.label} <span className="report-view__count">{int(v.count)}</span>
          </button>
        ))}
      </div>
      {data.data.length === 0 ? (
        <EmptyState title={state.view === 'not-coached' ? t(m.allCoached) : t(m.noMatch)}
          action={hasFilters(state.filters) ? <button type="button" className="btn btn--secondary" onClick={() => page.change({ filters: EMPTY_FILTERS })}><span className="btn__label">{t(m.clear)}</span></button> : undefined}>
          <p>{state.view === 'not-coached' ? t(m.noneWaiting) : t(m.fewer)}</p>
        </EmptyState>
      ) : (
        <ReportTable title={state.view === 'not-coached' ? t(m.notCoached) : t(m.educators)} caption={t(m.caption, { page: data.meta.page, last: data.meta.last_page })}
          columns={columns} rows={data.data} rowKey={(r) => r.staff.id} csv={csvHref('teacher-level', page.query, 'educators')}
          sort={state.sort ?? 'name'} onSort={(sort) => page.change({ sort: sort === 'name' ? null : sort })}
          footer={<Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(p) => page.change({ page: p })} />} />
      )}
    </>
  );
}

export default function TeacherLevelReportScreen({ route }: ScreenProps) {
  const page = useReportPage('teacher-level');
  const answer = useTeacherLevelReport(page.allowed ? page.query : null);
  return (
    <ReportLayout page={page} title={route.title} range={answer.data?.range} showFilters={page.allowed}>
      {!page.allowed ? <AdvancedPlanNote report="teacher-level" /> : (
        <ReportAnswer answer={answer}>{(data) => <Report page={page} data={data} />}</ReportAnswer>
      )}
    </ReportLayout>
  );
}
