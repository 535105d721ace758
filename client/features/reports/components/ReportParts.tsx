// The pieces every report screen is made of: headline cards, a sortable table with its CSV link,
// loading skeletons, the empty state, errors, the plan note of the advanced reports and the targets.
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TargetProgress } from '../../../../common/schemas/reports';
import { Alert } from '../../../components/Alert';
import { ButtonLink } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { PlanFeatureCard } from '../../../components/PlanUpgradeNotice';
import type { ApiError } from '../../../lib/api';
import { useAuthUser } from '../../../lib/session';
import { countOf, int } from '../format';
import { defineMessages, t, tRich } from '../../../lib/i18n';
import { sortRows } from '../reportQuery';

const m = defineMessages({
  headline: { id: 'reports.parts.headline', defaultMessage: 'Headline figures' },
  showThem: { id: 'reports.parts.showThem', defaultMessage: ' {label}: show them' },
  loading: { id: 'reports.parts.loading', defaultMessage: 'Loading the report…' },
  loadFailed: { id: 'reports.parts.loadFailed', defaultMessage: 'This report could not load' },
  emptyTitle: { id: 'reports.parts.emptyTitle', defaultMessage: 'No completed interactions in this range' },
  clear: { id: 'reports.parts.clear', defaultMessage: 'Clear filters' },
  goActivity: { id: 'reports.parts.goActivity', defaultMessage: 'Go to Activity' },
  emptyFiltered: { id: 'reports.parts.emptyFiltered', defaultMessage: 'Nothing matches these filters. Choose a longer date range or fewer filters.' },
  emptyText: { id: 'reports.parts.emptyText', defaultMessage: 'Reports count interactions that are completed. Log and complete interactions on the Activity screen, or choose a longer date range.' },
  csv: { id: 'reports.parts.csv', defaultMessage: 'Download CSV<sr>: {title}</sr>' },
  sortedAsc: { id: 'reports.parts.sortedAsc', defaultMessage: '{caption}, sorted by {column}, ascending' },
  sortedDesc: { id: 'reports.parts.sortedDesc', defaultMessage: '{caption}, sorted by {column}, descending' },
  nothing: { id: 'reports.parts.nothing', defaultMessage: 'Nothing to show.' },
  tlTitle: { id: 'reports.parts.tlTitle', defaultMessage: 'Teacher level report' },
  tl1: { id: 'reports.parts.tl1', defaultMessage: 'one row per educator: interactions, minutes, days since the last contact, coaching cycles active and completed;' },
  tl2: { id: 'reports.parts.tl2', defaultMessage: 'skill growth per domain: the first and the latest rating in the range;' },
  tl3: { id: 'reports.parts.tl3', defaultMessage: 'a "Not yet coached this year" view, to see who no coach has reached yet, and who is below your coaching target.' },
  cmpTitle: { id: 'reports.parts.cmpTitle', defaultMessage: 'Comparison report' },
  cmp1: { id: 'reports.parts.cmp1', defaultMessage: 'two schools, groups, coaches or periods side by side;' },
  cmp2: { id: 'reports.parts.cmp2', defaultMessage: 'the same measures for each (interactions, minutes, educators reached and their share of the roster, cycles);' },
  cmp3: { id: 'reports.parts.cmp3', defaultMessage: 'the differences, up or down, in numbers.' },
  targets: { id: 'reports.parts.targets', defaultMessage: 'Coaching targets' },
  interactionTarget: { id: 'reports.parts.interactionTarget', defaultMessage: 'At least {count, plural, one {# interaction} other {# interactions}} per educator a month:' },
  notMeasuredRange: { id: 'reports.parts.notMeasuredRange', defaultMessage: 'not measured for this range.' },
  everyEducator: { id: 'reports.parts.everyEducator', defaultMessage: 'every educator is on target.' },
  belowOf: { id: 'reports.parts.belowOf', defaultMessage: '{below} of {of} {count, plural, one {educator is} other {educators are}} below target.' },
  below: { id: 'reports.parts.below', defaultMessage: '{below} {count, plural, one {educator is} other {educators are}} below target.' },
  seeBelow: { id: 'reports.parts.seeBelow', defaultMessage: 'See who is below target' },
  cycleTarget: { id: 'reports.parts.cycleTarget', defaultMessage: 'At least {count, plural, one {# coaching cycle} other {# coaching cycles}} per new teacher a semester:' },
  notMeasured: { id: 'reports.parts.notMeasured', defaultMessage: 'not measured.' },
  everyNew: { id: 'reports.parts.everyNew', defaultMessage: 'every new teacher is on target.' },
  newBelow: { id: 'reports.parts.newBelow', defaultMessage: '{count, plural, one {# new teacher is} other {# new teachers are}} below target.' },
});

export interface HeadlineFigure {
  key: string;
  label: string;
  value: string;
  /** A line under the value ("of 240 on the roster"). */
  sub?: string;
  onDrill?: () => void;
}

export function Headline({ figures, label }: { figures: HeadlineFigure[]; label?: string }) {
  return (
    <ul className="report-cards" aria-label={label ?? t(m.headline)}>
      {figures.map((f) => (
        <li key={f.key} className="report-card" data-figure={f.key}>
          <span className="report-card__label">{f.label}</span>
          {f.onDrill ? (
            <button type="button" className="report-card__value report-card__value--link" onClick={f.onDrill}>
              {f.value}<span className="sr-only">{t(m.showThem, { label: f.label.toLowerCase() })}</span>
            </button>
          ) : <span className="report-card__value">{f.value}</span>}
          {f.sub && <span className="report-card__sub">{f.sub}</span>}
        </li>
      ))}
    </ul>
  );
}

export function HeadlineSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div role="status" className="report-loading">
      <span className="sr-only">{t(m.loading)}</span>
      <ul className="report-cards" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => <li key={i} className="report-card report-card--skeleton"><span className="skeleton skeleton--text" /><span className="skeleton skeleton--figure" /></li>)}
      </ul>
      <div className="report-charts" aria-hidden="true">
        <div className="chart chart--skeleton"><span className="skeleton skeleton--chart" /></div>
        <div className="chart chart--skeleton"><span className="skeleton skeleton--chart" /></div>
      </div>
    </div>
  );
}

export function ReportError({ error }: { error: ApiError }) {
  return <Alert tone="danger" title={t(m.loadFailed)}>{error.message}{error.errors && Object.keys(error.errors).length > 0 && (
    <ul>{Object.entries(error.errors).map(([k, v]) => <li key={k}>{v[0]}</li>)}</ul>
  )}</Alert>;
}

/** A report's answer as it arrives: why it could not load, else the headline skeleton until it has, then the report. */
export function ReportAnswer<D>({ answer: { data, error }, headlines, children }: {
  answer: { data?: D; error?: ApiError };
  /** How many headline figures the skeleton holds. */
  headlines?: number;
  children: (data: D) => ReactNode;
}) {
  return (
    <>
      {error && <ReportError error={error} />}
      {data ? children(data) : !error && <HeadlineSkeleton count={headlines} />}
    </>
  );
}

export function NoInteractions({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyState title={t(m.emptyTitle)}
      action={filtered ? <button type="button" className="btn btn--secondary" onClick={onClear}><span className="btn__label">{t(m.clear)}</span></button> : <ButtonLink to="/app/activity" variant="secondary">{t(m.goActivity)}</ButtonLink>}>
      <p>{filtered
        ? t(m.emptyFiltered)
        : t(m.emptyText)}</p>
    </EmptyState>
  );
}

export interface Column<T> {
  key: string;
  label: string;
  numeric?: boolean;
  /** The value sorted by (null sorts last); absent = not sortable. */
  sortValue?: (row: T) => string | number | null;
  render: (row: T) => ReactNode;
}

/**
 * A report table: headers sort (aria-sort says how), a "Download CSV" link to the same table, numbers
 * right-aligned, the table scrolls sideways inside its own box on phones. `sort` may be controlled (a
 * server-sorted table keeps it in the URL) or left to the table.
 */
export function ReportTable<T>({ title, caption, columns, rows, rowKey, csv, sort: controlled, onSort, empty, footer }: {
  title: string;
  caption?: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  csv?: string;
  sort?: string | null;
  onSort?: (sort: string) => void;
  empty?: ReactNode;
  footer?: ReactNode;
}) {
  const [local, setLocal] = useState<string | null>(null);
  const sort = onSort ? controlled ?? null : local;
  const headingId = useId();
  const sorted = onSort ? rows : sortRows(rows, sort, (row, key) => columns.find((c) => c.key === key)?.sortValue?.(row) ?? null);
  const setSort = (key: string, numeric: boolean) => {
    // Numbers start with the largest, names from A.
    const next = sort === key ? `-${key}` : sort === `-${key}` ? key : numeric ? `-${key}` : key;
    if (onSort) onSort(next);
    else setLocal(next);
  };
  return (
    <div className="report-table-section">
      <div className="report-table-section__head">
        <h2 id={headingId} className="report-table-section__title">{title}</h2>
        {csv && <a className="btn btn--secondary btn--sm report-csv" href={csv} download><span className="btn__label">{tRich(m.csv, { title, sr: (chunks) => <span className="sr-only">{chunks}</span> })}</span></a>}
      </div>
      <div className="table-wrap report-table-wrap" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className="table report-table">
          <caption className="sr-only">{sort ? t(sort.startsWith('-') ? m.sortedDesc : m.sortedAsc, { caption: caption ?? title, column: columns.find((c) => c.key === sort.replace(/^-/, ''))?.label ?? sort }) : caption ?? title}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const dir = sort === c.key ? 'ascending' : sort === `-${c.key}` ? 'descending' : undefined;
                return (
                  <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined} aria-sort={dir}>
                    {c.sortValue ? (
                      <button type="button" className="report-sort" onClick={() => setSort(c.key, !!c.numeric)}>
                        {c.label}
                        <span className="report-sort__icon" aria-hidden="true">{dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : '↕'}</span>
                      </button>
                    ) : c.label}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 ? (
              <tr><td colSpan={columns.length} className="table__empty">{empty ?? t(m.nothing)}</td></tr>
            ) : sorted.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) => (i === 0
                  ? <th key={c.key} scope="row">{c.render(row)}</th>
                  : <td key={c.key} className={c.numeric ? 'num' : undefined}>{c.render(row)}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}

/** A number in a table cell that opens the records behind it. */
export function DrillCell({ value, label, onDrill }: { value: string; label: string; onDrill?: () => void }) {
  if (!onDrill || value === '0' || value === '–') return <>{value}</>;
  return <button type="button" className="report-drill" onClick={onDrill}>{value}<span className="sr-only">{t(m.showThem, { label })}</span></button>;
}

/** What Teacher level and Comparison add, for a district without the plan feature. */
export function AdvancedPlanNote({ report }: { report: 'teacher-level' | 'comparison' }) {
  const { user } = useAuthUser();
  return report === 'teacher-level' ? (
    <PlanFeatureCard feature="advanced-reports" title={t(m.tlTitle)} planName={user?.district?.plan.name} tail=":" items={[
      t(m.tl1),
      t(m.tl2),
      t(m.tl3),
    ]} />
  ) : (
    <PlanFeatureCard feature="advanced-reports" title={t(m.cmpTitle)} planName={user?.district?.plan.name} tail=":" items={[
      t(m.cmp1),
      t(m.cmp2),
      t(m.cmp3),
    ]} />
  );
}

/** Progress against the district's coaching targets, and who is below them (a link to Teacher level). */
export function TargetsPanel({ progress, educators, teacherLevelHref, advanced }: { progress: TargetProgress | null; educators?: number; teacherLevelHref: string; advanced: boolean }) {
  if (!progress) return null;
  const targets = progress.targets;
  if (targets.interactions_per_educator_per_month === null && targets.cycles_per_new_teacher_per_semester === null) return null;
  return (
    <section className="card report-targets" aria-labelledby="report-targets-title">
      <h2 id="report-targets-title" className="card__title">{t(m.targets)}</h2>
      <ul className="report-targets__list">
        {targets.interactions_per_educator_per_month !== null && (
          <li>
            <strong>{t(m.interactionTarget, { count: countOf(targets.interactions_per_educator_per_month) })}</strong>{' '}
            {progress.educators_below_interaction_target === null ? t(m.notMeasuredRange) : progress.educators_below_interaction_target === 0
              ? t(m.everyEducator)
              : <>{educators
                ? t(m.belowOf, { below: int(progress.educators_below_interaction_target), of: int(educators), count: progress.educators_below_interaction_target })
                : t(m.below, { below: int(progress.educators_below_interaction_target), count: progress.educators_below_interaction_target })}{' '}
                {advanced && <Link to={teacherLevelHref}>{t(m.seeBelow)}</Link>}</>}
          </li>
        )}
        {targets.cycles_per_new_teacher_per_semester !== null && (
          <li>
            <strong>{t(m.cycleTarget, { count: countOf(targets.cycles_per_new_teacher_per_semester) })}</strong>{' '}
            {progress.new_teachers_below_cycle_target === null ? t(m.notMeasured) : progress.new_teachers_below_cycle_target === 0
              ? t(m.everyNew)
              : t(m.newBelow, { count: progress.new_teachers_below_cycle_target })}
          </li>
        )}
      </ul>
    </section>
  );
}
