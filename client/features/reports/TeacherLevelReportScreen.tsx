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
  const drillOf = (r: TeacherLevelRow) => () => setDrill({ kind: 'interactions', title: `Interactions with ${r.staff.name}`, filter: interactionFilter(range, { staff_id: [r.staff.id] }) });
  const columns: Column<TeacherLevelRow>[] = [
    { key: 'name', label: 'Educator', sortValue: () => null, render: (r) => <Link to={`/app/staff/${r.staff.id}`}>{r.staff.name}</Link> },
    { key: 'school', label: 'School', sortValue: () => null, render: (r) => r.school?.name ?? '–' },
    { key: 'interactions', label: 'Interactions', numeric: true, sortValue: () => null, render: (r) => <DrillCell value={int(r.interactions)} label={`interactions with ${r.staff.name}`} onDrill={drillOf(r)} /> },
    { key: 'minutes', label: 'Hours', numeric: true, sortValue: () => null, render: (r) => hours(r.minutes) },
    { key: 'days_since_last_contact', label: 'Days since last contact', numeric: true, sortValue: () => null, render: (r) => (r.days_since_last_contact === null ? 'Never' : int(r.days_since_last_contact)) },
    { key: 'cycles_active', label: 'Cycles active', numeric: true, sortValue: () => null, render: (r) => int(r.cycles_active) },
    { key: 'cycles_completed', label: 'Cycles completed', numeric: true, sortValue: () => null, render: (r) => int(r.cycles_completed) },
    ...data.domains.map((d): Column<TeacherLevelRow> => ({ key: `domain_${d.id}`, label: d.name, render: (r) => <Growth g={r.skill_growth.find((g) => g.domain_id === d.id)} /> })),
    ...(data.targets ? [{ key: 'below', label: 'Target', render: (r: TeacherLevelRow) => (r.below_target ? <span className="badge badge--warning">Below target</span> : <span className="muted">On target</span>) }] : []),
  ];
  const views = [
    { key: 'all' as const, label: 'All educators', count: h.educators },
    { key: 'not-coached' as const, label: 'Not yet coached this year', count: h.not_coached },
  ];
  return (
    <>
      <Headline figures={[
        { key: 'educators', label: 'Educators', value: int(h.educators) },
        { key: 'coached', label: 'Coached in the range', value: int(h.coached) },
        { key: 'not_coached', label: 'Not yet coached this year', value: int(h.not_coached) },
        { key: 'average', label: 'Average interactions per educator', value: decimal(h.average_interactions) },
      ]} />
      <TargetsPanel progress={data.targets} educators={h.educators} advanced teacherLevelHref={stateToSearch({ ...state, view: 'all', sort: 'interactions', page: 1 })} />
      <div className="report-views" role="group" aria-label="Which educators">
        {views.map((v) => (
          <button key={v.key} type="button" className="report-view" aria-pressed={state.view === v.key} onClick={() => page.change({ view: v.key })}>
            {v.label} <span className="report-view__count">{int(v.count)}</span>
          </button>
        ))}
      </div>
      {data.data.length === 0 ? (
        <EmptyState title={state.view === 'not-coached' ? 'Every educator has been coached this year' : 'No educators match'}
          action={hasFilters(state.filters) ? <button type="button" className="btn btn--secondary" onClick={() => page.change({ filters: EMPTY_FILTERS })}><span className="btn__label">Clear filters</span></button> : undefined}>
          <p>{state.view === 'not-coached' ? 'No educator in this view is waiting for a first interaction.' : 'Try fewer filters.'}</p>
        </EmptyState>
      ) : (
        <ReportTable title={state.view === 'not-coached' ? 'Not yet coached this year' : 'Educators'} caption={`Educators, page ${data.meta.page} of ${data.meta.last_page}`}
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
