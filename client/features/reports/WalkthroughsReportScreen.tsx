// /app/reports/walkthroughs — what observers saw in classrooms on one observation form (issue 28): the
// headline (observations, educators, classrooms, look-fors seen), each item (look-fors as seen of applicable,
// ratings as their average and spread, choices as counts), the monthly trend of look-fors seen and the schools
// side by side. Every version of the form counts, item by item where they match. Needs `observation-forms`.
import type { WalkthroughItem, WalkthroughsReport } from '../../../common/schemas/reports';
import { EmptyState } from '../../components/EmptyState';
import { ButtonLink } from '../../components/Button';
import { PlanFeatureCard } from '../../components/PlanUpgradeNotice';
import { SelectField } from '../../components/Field';
import type { ScreenProps } from '../../app/routeTable';
import { useAuthUser } from '../../lib/session';
import { useWalkthroughsReport } from './api';
import { BarChart } from './charts/BarChart';
import { ChartFrame } from './charts/ChartFrame';
import { TrendChart } from './charts/TrendChart';
import { ReportLayout } from './components/ReportLayout';
import { type Column, Headline, ReportAnswer, ReportTable } from './components/ReportParts';
import { counted, decimal, int, percent } from './format';
import { csvHref, EMPTY_FILTERS, hasFilters } from './reportQuery';
import { type ReportPage, useReportPage } from './useReportPage';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** What an item's answers add up to, in words. */
function itemSummary(i: WalkthroughItem): string {
  if (i.kind === 'look_for') {
    return i.rate === null ? 'Not seen applicable yet' : `Seen in ${percent(i.rate)} (${int(i.seen)} of ${int((i.seen ?? 0) + (i.not_seen ?? 0))}${i.not_applicable ? `; ${int(i.not_applicable)} not applicable` : ''})`;
  }
  if (i.kind === 'rating') return i.average === null ? 'No ratings' : `Average ${decimal(i.average)} of ${i.scale} (${counted(i.answered, 'rating', 'ratings')})`;
  if (i.kind === 'number') return i.average === null ? 'No answers' : `Average ${decimal(i.average)} (${counted(i.answered, 'answer', 'answers')})`;
  if (i.kind === 'choice') {
    const top = [...i.distribution].sort((a, b) => b.count - a.count)[0];
    return top && top.count ? `Most often “${top.value}” (${int(top.count)} of ${counted(i.answered, 'answer', 'answers')})` : 'No answers';
  }
  return counted(i.answered, 'note written', 'notes written');
}

function FormChoice({ page, data }: { page: ReportPage; data: WalkthroughsReport }) {
  return (
    <div className="report-form-choice">
      <SelectField name="form_id" label="Observation form" value={String(data.form.id)} onChange={(v) => page.change({ form_id: Number(v) })}
        hint={data.form.versions > 1 ? `All ${data.form.versions} versions of this form count, item by item where they match.` : undefined}
        options={data.forms.map((f) => ({ value: String(f.id), label: `${f.name}${f.archived ? ' (archived)' : ''}` }))} />
    </div>
  );
}

function Report({ page, data }: { page: ReportPage; data: WalkthroughsReport }) {
  const h = data.headline;
  const csv = (table: string) => csvHref('walkthroughs', page.query, table);
  const lookFors = data.items.filter((i) => i.kind === 'look_for');
  if (h.observations === 0) {
    const filtered = hasFilters(page.state.filters);
    return (
      <>
        <FormChoice page={page} data={data} />
        <EmptyState title="No observations on this form in this range"
          action={filtered ? <button type="button" className="btn btn--secondary" onClick={() => page.change({ filters: EMPTY_FILTERS })}><span className="btn__label">Clear filters</span></button>
            : <ButtonLink to="/app/observations" variant="secondary">Go to observations</ButtonLink>}>
          <p>{filtered ? 'Nothing matches these filters. Choose a longer date range or fewer filters.' : 'Completed observations on this form show here. Drafts never count.'}</p>
        </EmptyState>
      </>
    );
  }
  const itemColumns: Column<WalkthroughItem>[] = [
    { key: 'label', label: 'Item', sortValue: (i) => i.label, render: (i) => (i.section ? <><span className="muted text-sm">{i.section}</span><br />{i.label}</> : i.label) },
    { key: 'answered', label: 'Answers', numeric: true, sortValue: (i) => i.answered, render: (i) => int(i.answered) },
    { key: 'rate', label: 'Seen', numeric: true, sortValue: (i) => i.rate ?? i.average ?? -1, render: (i) => (i.kind === 'look_for' ? percent(i.rate) : i.average !== null ? `avg ${decimal(i.average)}` : '–') },
    { key: 'summary', label: 'In words', render: itemSummary },
  ];
  type School = WalkthroughsReport['schools'][number];
  const schoolColumns: Column<School>[] = [
    { key: 'name', label: 'School', sortValue: (s) => s.name, render: (s) => s.name },
    { key: 'observations', label: 'Observations', numeric: true, sortValue: (s) => s.observations, render: (s) => int(s.observations) },
    { key: 'educators', label: 'Educators', numeric: true, sortValue: (s) => s.educators, render: (s) => int(s.educators) },
    { key: 'rate', label: 'Look-fors seen', numeric: true, sortValue: (s) => s.look_for_rate ?? -1, render: (s) => percent(s.look_for_rate) },
  ];
  const [first, last] = [data.months.find((m) => m.look_for_rate !== null), [...data.months].reverse().find((m) => m.look_for_rate !== null)];
  const monthName = (m: string) => `${LONG_MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
  return (
    <>
      <FormChoice page={page} data={data} />
      <Headline figures={[
        { key: 'observations', label: 'Observations', value: int(h.observations), sub: 'Completed in the range; drafts never count' },
        { key: 'educators', label: 'Educators observed', value: int(h.educators), sub: 'Different educators, any school' },
        { key: 'classrooms', label: 'Classrooms', value: int(h.classrooms), sub: 'An educator at a school' },
        { key: 'rate', label: 'Look-fors seen', value: percent(h.look_for_rate), sub: 'Seen, of the look-fors that applied' },
      ]} />
      <div className="report-charts">
        <ChartFrame title="Look-fors seen by month" csv={csv('months')}
          summary={first && last && first !== last ? `From ${percent(first.look_for_rate)} in ${monthName(first.month)} to ${percent(last.look_for_rate)} in ${monthName(last.month)}.` : `${percent(h.look_for_rate)} seen in the range.`}
          table={{
            caption: 'Look-fors seen by month',
            columns: [{ key: 'm', label: 'Month' }, { key: 'o', label: 'Observations', numeric: true }, { key: 'r', label: 'Seen', numeric: true }],
            rows: data.months.map((m) => ({ key: m.month, cells: [monthName(m.month), int(m.observations), percent(m.look_for_rate)] })),
          }}>
          {(id) => <TrendChart label="Look-fors seen by month, in percent" describedBy={id} unit="% seen"
            points={data.months.map((m) => ({ key: m.month, label: MONTHS[Number(m.month.slice(5, 7)) - 1]!, longLabel: monthName(m.month), value: Math.round((m.look_for_rate ?? 0) * 100) }))} />}
        </ChartFrame>
        <ChartFrame title="Look-fors seen by school" csv={csv('schools')}
          summary={`${counted(data.schools.length, 'school', 'schools')}; ${percent(h.look_for_rate)} seen across them.`}
          table={{
            caption: 'Look-fors seen by school',
            columns: [{ key: 's', label: 'School' }, { key: 'o', label: 'Observations', numeric: true }, { key: 'r', label: 'Seen', numeric: true }],
            rows: data.schools.map((s) => ({ key: s.id ?? 'none', cells: [s.name, int(s.observations), percent(s.look_for_rate)] })),
          }}>
          {(id) => <BarChart label="Look-fors seen by school" describedBy={id} series={['Seen']} max={100} format={(n) => `${n}%`}
            rows={data.schools.map((s) => ({ key: s.id ?? 'none', label: s.name, values: [Math.round((s.look_for_rate ?? 0) * 100)] }))} />}
        </ChartFrame>
      </div>
      {lookFors.length > 0 && (
        <ChartFrame title="Each look-for" csv={csv('items')}
          summary={`${counted(lookFors.length, 'look-for', 'look-fors')}; the most often seen first in the table.`}
          table={{
            caption: 'Each look-for, seen of applicable',
            columns: [{ key: 'l', label: 'Look-for' }, { key: 's', label: 'Seen', numeric: true }, { key: 'n', label: 'Not seen', numeric: true }, { key: 'a', label: 'Not applicable', numeric: true }, { key: 'r', label: 'Seen (of applicable)', numeric: true }],
            rows: lookFors.map((i) => ({ key: i.lineage_id, cells: [i.label, int(i.seen), int(i.not_seen), int(i.not_applicable), percent(i.rate)] })),
          }}>
          {(id) => <BarChart label="Each look-for, seen of applicable" describedBy={id} series={['Seen']} max={100} format={(n) => `${n}%`}
            rows={lookFors.map((i) => ({ key: i.lineage_id, label: i.label, values: [Math.round((i.rate ?? 0) * 100)] }))} />}
        </ChartFrame>
      )}
      <ReportTable title="Items" caption={`Every item of ${data.form.name}`} columns={itemColumns} rows={data.items} rowKey={(i) => i.lineage_id} csv={csv('items')}
        footer={<p className="report-table__how text-sm muted"><strong>How this is counted:</strong> Completed observations on this form in the date range, by educators and schools you can see, leaving out observations made in a calibration session (several observers seeing one lesson). A look-for’s rate is Seen ÷ (Seen + Not seen); not applicable is left out.</p>} />
      <ReportTable title="By school" caption="Observations by school" columns={schoolColumns} rows={data.schools} rowKey={(s) => s.id ?? 'none'} csv={csv('schools')}
        footer={<p className="report-table__how text-sm muted"><strong>How this is counted:</strong> The school the observation took place at.</p>} />
      <p><ButtonLink to={`/app/observations?filter[form_id]=${data.form.id}`} variant="secondary">See these observations</ButtonLink></p>
    </>
  );
}

function WalkthroughsPlanNote() {
  const { user } = useAuthUser();
  return (
    <PlanFeatureCard feature="observation-forms" title="Walkthrough report" planName={user?.district?.plan.name} tail=":" items={[
      'each look-for of a walkthrough form, seen how often, month by month;',
      'schools side by side, and each item’s answers across every version of the form;',
      'your own observation forms, beside the built-in walkthrough.',
    ]} />
  );
}

export default function WalkthroughsReportScreen({ route }: ScreenProps) {
  const page = useReportPage('walkthroughs');
  const answer = useWalkthroughsReport(page.allowed ? page.query : null);
  return (
    // The form decides the interaction type, so that filter is not offered.
    <ReportLayout page={page} title={route.title} range={answer.data?.range} showFilters={page.allowed} hideFilters={['interaction_type_id']} observers>
      {!page.allowed ? <WalkthroughsPlanNote /> : (
        <ReportAnswer answer={answer} headlines={4}>{(data) => <Report page={page} data={data} />}</ReportAnswer>
      )}
    </ReportLayout>
  );
}
