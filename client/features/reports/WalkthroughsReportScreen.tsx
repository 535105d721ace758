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
import { chartDay, countOf, decimal, int, percent } from './format';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { csvHref, EMPTY_FILTERS, hasFilters } from './reportQuery';
import { type ReportPage, useReportPage } from './useReportPage';
import { AfterFirstPaint } from '../../lib/paintFirst';

/** A month ("2025-09") as the axis names it ("Sep") and as read out ("September 2025"), in the person's language. */
const monthShort = (month: string) => chartDay(`${month.slice(0, 7)}-01`, 'month');
const monthName = (month: string) => chartDay(`${month.slice(0, 7)}-01`, 'monthYear');

const m = defineMessages({
  notSeenYet: { id: 'reports.walk.notSeenYet', defaultMessage: 'Not seen applicable yet' },
  seenIn: { id: 'reports.walk.seenIn', defaultMessage: 'Seen in {rate} ({seen} of {of})' },
  seenInNa: { id: 'reports.walk.seenInNa', defaultMessage: 'Seen in {rate} ({seen} of {of}; {na} not applicable)' },
  noRatings: { id: 'reports.walk.noRatings', defaultMessage: 'No ratings' },
  ratingAvg: { id: 'reports.walk.ratingAvg', defaultMessage: 'Average {average} of {scale} ({count, plural, one {# rating} other {# ratings}})' },
  noAnswers: { id: 'reports.walk.noAnswers', defaultMessage: 'No answers' },
  numberAvg: { id: 'reports.walk.numberAvg', defaultMessage: 'Average {average} ({count, plural, one {# answer} other {# answers}})' },
  mostOften: { id: 'reports.walk.mostOften', defaultMessage: 'Most often “{value}” ({top} of {count, plural, one {# answer} other {# answers}})' },
  notes: { id: 'reports.walk.notes', defaultMessage: '{count, plural, one {# note written} other {# notes written}}' },
  form: { id: 'reports.walk.form', defaultMessage: 'Observation form' },
  versions: { id: 'reports.walk.versions', defaultMessage: 'All {count} versions of this form count, item by item where they match.' },
  archivedForm: { id: 'reports.walk.archivedForm', defaultMessage: '{name} (archived)' },
  emptyTitle: { id: 'reports.walk.emptyTitle', defaultMessage: 'No observations on this form in this range' },
  clear: { id: 'reports.walk.clear', defaultMessage: 'Clear filters' },
  goObservations: { id: 'reports.walk.goObservations', defaultMessage: 'Go to observations' },
  emptyFiltered: { id: 'reports.walk.emptyFiltered', defaultMessage: 'Nothing matches these filters. Choose a longer date range or fewer filters.' },
  emptyText: { id: 'reports.walk.emptyText', defaultMessage: 'Completed observations on this form show here. Drafts never count.' },
  item: { id: 'reports.walk.item', defaultMessage: 'Item' },
  answers: { id: 'reports.walk.answers', defaultMessage: 'Answers' },
  seen: { id: 'reports.walk.seen', defaultMessage: 'Seen' },
  avg: { id: 'reports.walk.avg', defaultMessage: 'avg {value}' },
  inWords: { id: 'reports.walk.inWords', defaultMessage: 'In words' },
  school: { id: 'reports.walk.school', defaultMessage: 'School' },
  observations: { id: 'reports.walk.observations', defaultMessage: 'Observations' },
  educators: { id: 'reports.walk.educators', defaultMessage: 'Educators' },
  lookForsSeen: { id: 'reports.walk.lookForsSeen', defaultMessage: 'Look-fors seen' },
  observationsSub: { id: 'reports.walk.observationsSub', defaultMessage: 'Completed in the range; drafts never count' },
  educatorsObserved: { id: 'reports.walk.educatorsObserved', defaultMessage: 'Educators observed' },
  educatorsSub: { id: 'reports.walk.educatorsSub', defaultMessage: 'Different educators, any school' },
  classrooms: { id: 'reports.walk.classrooms', defaultMessage: 'Classrooms' },
  classroomsSub: { id: 'reports.walk.classroomsSub', defaultMessage: 'An educator at a school' },
  rateSub: { id: 'reports.walk.rateSub', defaultMessage: 'Seen, of the look-fors that applied' },
  byMonth: { id: 'reports.walk.byMonth', defaultMessage: 'Look-fors seen by month' },
  fromTo: { id: 'reports.walk.fromTo', defaultMessage: 'From {first} in {firstMonth} to {last} in {lastMonth}.' },
  seenInRange: { id: 'reports.walk.seenInRange', defaultMessage: '{rate} seen in the range.' },
  month: { id: 'reports.walk.month', defaultMessage: 'Month' },
  byMonthPercent: { id: 'reports.walk.byMonthPercent', defaultMessage: 'Look-fors seen by month, in percent' },
  percentSeen: { id: 'reports.walk.percentSeen', defaultMessage: '% seen' },
  bySchool: { id: 'reports.walk.bySchool', defaultMessage: 'Look-fors seen by school' },
  schoolsSummary: { id: 'reports.walk.schoolsSummary', defaultMessage: '{count, plural, one {# school} other {# schools}}; {rate} seen across them.' },
  eachLookFor: { id: 'reports.walk.eachLookFor', defaultMessage: 'Each look-for' },
  lookForsSummary: { id: 'reports.walk.lookForsSummary', defaultMessage: '{count, plural, one {# look-for} other {# look-fors}}; the most often seen first in the table.' },
  eachCaption: { id: 'reports.walk.eachCaption', defaultMessage: 'Each look-for, seen of applicable' },
  lookFor: { id: 'reports.walk.lookFor', defaultMessage: 'Look-for' },
  notSeen: { id: 'reports.walk.notSeen', defaultMessage: 'Not seen' },
  notApplicable: { id: 'reports.walk.notApplicable', defaultMessage: 'Not applicable' },
  seenOfApplicable: { id: 'reports.walk.seenOfApplicable', defaultMessage: 'Seen (of applicable)' },
  items: { id: 'reports.walk.items', defaultMessage: 'Items' },
  everyItem: { id: 'reports.walk.everyItem', defaultMessage: 'Every item of {form}' },
  howItems: { id: 'reports.walk.howItems', defaultMessage: '<b>How this is counted:</b> Completed observations on this form in the date range, by educators and schools you can see, leaving out observations made in a calibration session (several observers seeing one lesson). A look-for’s rate is Seen ÷ (Seen + Not seen); not applicable is left out.' },
  bySchoolTable: { id: 'reports.walk.bySchoolTable', defaultMessage: 'By school' },
  bySchoolCaption: { id: 'reports.walk.bySchoolCaption', defaultMessage: 'Observations by school' },
  howSchools: { id: 'reports.walk.howSchools', defaultMessage: '<b>How this is counted:</b> The school the observation took place at.' },
  seeThese: { id: 'reports.walk.seeThese', defaultMessage: 'See these observations' },
  planTitle: { id: 'reports.walk.planTitle', defaultMessage: 'Walkthrough report' },
  plan1: { id: 'reports.walk.plan1', defaultMessage: 'each look-for of a walkthrough form, seen how often, month by month;' },
  plan2: { id: 'reports.walk.plan2', defaultMessage: 'schools side by side, and each item’s answers across every version of the form;' },
  plan3: { id: 'reports.walk.plan3', defaultMessage: 'your own observation forms, beside the built-in walkthrough.' },
});
const bold = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;

/** What an item's answers add up to, in words. */
function itemSummary(i: WalkthroughItem): string {
  if (i.kind === 'look_for') {
    if (i.rate === null) return t(m.notSeenYet);
    const values = { rate: percent(i.rate), seen: int(i.seen), of: int((i.seen ?? 0) + (i.not_seen ?? 0)) };
    return i.not_applicable ? t(m.seenInNa, { ...values, na: int(i.not_applicable) }) : t(m.seenIn, values);
  }
  if (i.kind === 'rating') return i.average === null ? t(m.noRatings) : t(m.ratingAvg, { average: decimal(i.average), scale: i.scale, count: countOf(i.answered) });
  if (i.kind === 'number') return i.average === null ? t(m.noAnswers) : t(m.numberAvg, { average: decimal(i.average), count: countOf(i.answered) });
  if (i.kind === 'choice') {
    const top = [...i.distribution].sort((a, b) => b.count - a.count)[0];
    return top && top.count ? t(m.mostOften, { value: top.value, top: int(top.count), count: countOf(i.answered) }) : t(m.noAnswers);
  }
  return t(m.notes, { count: countOf(i.answered) });
}

function FormChoice({ page, data }: { page: ReportPage; data: WalkthroughsReport }) {
  return (
    <div className="report-form-choice">
      <SelectField name="form_id" label={t(m.form)} value={String(data.form.id)} onChange={(v) => page.change({ form_id: Number(v) })}
        hint={data.form.versions > 1 ? t(m.versions, { count: data.form.versions }) : undefined}
        options={data.forms.map((f) => ({ value: String(f.id), label: f.archived ? t(m.archivedForm, { name: f.name }) : f.name }))} />
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
        <EmptyState title={t(m.emptyTitle)}
          action={filtered ? <button type="button" className="btn btn--secondary" onClick={() => page.change({ filters: EMPTY_FILTERS })}><span className="btn__label">{t(m.clear)}</span></button>
            : <ButtonLink to="/app/observations" variant="secondary">{t(m.goObservations)}</ButtonLink>}>
          <p>{t(filtered ? m.emptyFiltered : m.emptyText)}</p>
        </EmptyState>
      </>
    );
  }
  const itemColumns: Column<WalkthroughItem>[] = [
    { key: 'label', label: t(m.item), sortValue: (i) => i.label, render: (i) => (i.section ? <><span className="muted text-sm">{i.section}</span><br />{i.label}</> : i.label) },
    { key: 'answered', label: t(m.answers), numeric: true, sortValue: (i) => i.answered, render: (i) => int(i.answered) },
    { key: 'rate', label: t(m.seen), numeric: true, sortValue: (i) => i.rate ?? i.average ?? -1, render: (i) => (i.kind === 'look_for' ? percent(i.rate) : i.average !== null ? t(m.avg, { value: decimal(i.average) }) : '–') },
    { key: 'summary', label: t(m.inWords), render: itemSummary },
  ];
  type School = WalkthroughsReport['schools'][number];
  const schoolColumns: Column<School>[] = [
    { key: 'name', label: t(m.school), sortValue: (s) => s.name, render: (s) => s.name },
    { key: 'observations', label: t(m.observations), numeric: true, sortValue: (s) => s.observations, render: (s) => int(s.observations) },
    { key: 'educators', label: t(m.educators), numeric: true, sortValue: (s) => s.educators, render: (s) => int(s.educators) },
    { key: 'rate', label: t(m.lookForsSeen), numeric: true, sortValue: (s) => s.look_for_rate ?? -1, render: (s) => percent(s.look_for_rate) },
  ];
  const [first, last] = [data.months.find((x) => x.look_for_rate !== null), [...data.months].reverse().find((x) => x.look_for_rate !== null)];
  return (
    <>
      <FormChoice page={page} data={data} />
      <Headline figures={[
        { key: 'observations', label: t(m.observations), value: int(h.observations), sub: t(m.observationsSub) },
        { key: 'educators', label: t(m.educatorsObserved), value: int(h.educators), sub: t(m.educatorsSub) },
        { key: 'classrooms', label: t(m.classrooms), value: int(h.classrooms), sub: t(m.classroomsSub) },
        { key: 'rate', label: t(m.lookForsSeen), value: percent(h.look_for_rate), sub: t(m.rateSub) },
      ]} />
      {/* Under the headline figures: rendered a frame after it, so a phone paints the top first (issue 35). */}
      <AfterFirstPaint render={() => (
        <>
          <div className="report-charts">
            <ChartFrame title={t(m.byMonth)} csv={csv('months')}
              summary={first && last && first !== last ? t(m.fromTo, { first: percent(first.look_for_rate), firstMonth: monthName(first.month), last: percent(last.look_for_rate), lastMonth: monthName(last.month) }) : t(m.seenInRange, { rate: percent(h.look_for_rate) })}
              table={{
                caption: t(m.byMonth),
                columns: [{ key: 'm', label: t(m.month) }, { key: 'o', label: t(m.observations), numeric: true }, { key: 'r', label: t(m.seen), numeric: true }],
                rows: data.months.map((x) => ({ key: x.month, cells: [monthName(x.month), int(x.observations), percent(x.look_for_rate)] })),
              }}>
              {(id) => <TrendChart label={t(m.byMonthPercent)} describedBy={id} unit={t(m.percentSeen)}
                points={data.months.map((x) => ({ key: x.month, label: monthShort(x.month), longLabel: monthName(x.month), value: Math.round((x.look_for_rate ?? 0) * 100) }))} />}
            </ChartFrame>
            <ChartFrame title={t(m.bySchool)} csv={csv('schools')}
              summary={t(m.schoolsSummary, { count: data.schools.length, rate: percent(h.look_for_rate) })}
              table={{
                caption: t(m.bySchool),
                columns: [{ key: 's', label: t(m.school) }, { key: 'o', label: t(m.observations), numeric: true }, { key: 'r', label: t(m.seen), numeric: true }],
                rows: data.schools.map((s) => ({ key: s.id ?? 'none', cells: [s.name, int(s.observations), percent(s.look_for_rate)] })),
              }}>
              {(id) => <BarChart label={t(m.bySchool)} describedBy={id} series={[t(m.seen)]} max={100} format={(n) => `${n}%`}
                rows={data.schools.map((s) => ({ key: s.id ?? 'none', label: s.name, values: [Math.round((s.look_for_rate ?? 0) * 100)] }))} />}
            </ChartFrame>
          </div>
          {lookFors.length > 0 && (
            <ChartFrame title={t(m.eachLookFor)} csv={csv('items')}
              summary={t(m.lookForsSummary, { count: lookFors.length })}
              table={{
                caption: t(m.eachCaption),
                columns: [{ key: 'l', label: t(m.lookFor) }, { key: 's', label: t(m.seen), numeric: true }, { key: 'n', label: t(m.notSeen), numeric: true }, { key: 'a', label: t(m.notApplicable), numeric: true }, { key: 'r', label: t(m.seenOfApplicable), numeric: true }],
                rows: lookFors.map((i) => ({ key: i.lineage_id, cells: [i.label, int(i.seen), int(i.not_seen), int(i.not_applicable), percent(i.rate)] })),
              }}>
              {(id) => <BarChart label={t(m.eachCaption)} describedBy={id} series={[t(m.seen)]} max={100} format={(n) => `${n}%`}
                rows={lookFors.map((i) => ({ key: i.lineage_id, label: i.label, values: [Math.round((i.rate ?? 0) * 100)] }))} />}
            </ChartFrame>
          )}
          {/* The tables a frame after the charts, a commit of their own (issue 35). */}
          <AfterFirstPaint render={() => (
            <>
              <ReportTable title={t(m.items)} caption={t(m.everyItem, { form: data.form.name })} columns={itemColumns} rows={data.items} rowKey={(i) => i.lineage_id} csv={csv('items')}
                footer={<p className="report-table__how text-sm muted">{tRich(m.howItems, { b: bold })}</p>} />
              <ReportTable title={t(m.bySchoolTable)} caption={t(m.bySchoolCaption)} columns={schoolColumns} rows={data.schools} rowKey={(s) => s.id ?? 'none'} csv={csv('schools')}
                footer={<p className="report-table__how text-sm muted">{tRich(m.howSchools, { b: bold })}</p>} />
              <p><ButtonLink to={`/app/observations?filter[form_id]=${data.form.id}`} variant="secondary">{t(m.seeThese)}</ButtonLink></p>
            </>
          )} />
        </>
      )} />
    </>
  );
}

function WalkthroughsPlanNote() {
  const { user } = useAuthUser();
  return (
    <PlanFeatureCard feature="observation-forms" title={t(m.planTitle)} planName={user?.district?.plan.name} tail=":" items={[
      t(m.plan1),
      t(m.plan2),
      t(m.plan3),
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
