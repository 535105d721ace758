// The scheduled report email: subject with the report and its range, the headline figures, a compact
// table (the report's first table, top 10 rows), a link back to the report view with its filters and
// the one-click unsubscribe link; a text and an HTML part. Every interpolated value is escaped in the
// HTML part, and names people typed (schools, coaches, groups) are defanged in both parts, so nothing
// in a report can become a link or markup.
import {
  type CoachingTeamReport, type ComparisonReport, type CyclesReport, type InteractionsReport, REPORT_TABLES, REPORT_TITLES,
  type ReportKind, type SubscriptionFrequency, type TeacherLevelReport, type WalkthroughsReport,
} from '../../../common/schemas/reports';
import { defang, escapeHtml, type Mail } from '../../lib/mailer';
import { type ReportOf, reportTable } from './csv';
import type { Locale } from '../../../common/locales';
import { defineServerMessages, formatServer, formatServerDate, type MessageDescriptor } from '../../i18n/messages';
import { translate } from '../../i18n/translate';

// Issue 33: the email is in the subscriber's language; the figures' labels and the fixed sentences are messages here,
// the table's column names go through the shared texts (common/i18n), names people typed stay as typed.
const m = defineServerMessages({
  subjectWeekly: { id: 'reports.email.subjectWeekly', defaultMessage: 'Weekly report: {title}, {range}' },
  subjectMonthly: { id: 'reports.email.subjectMonthly', defaultMessage: 'Monthly report: {title}, {range}' },
  heading: { id: 'reports.email.heading', defaultMessage: '{title} report' },
  headingRange: { id: 'reports.email.headingRange', defaultMessage: '{title} report, {range}' },
  top: { id: 'reports.email.top', defaultMessage: '{table} (top {count})' },
  nothingText: { id: 'reports.email.nothingText', defaultMessage: '{table}: nothing in this range.' },
  nothing: { id: 'reports.email.nothing', defaultMessage: 'Nothing in this range.' },
  more: { id: 'reports.email.more', defaultMessage: '{count, plural, one {# more row} other {# more rows}} in the report.' },
  whyWeekly: { id: 'reports.email.whyWeekly', defaultMessage: 'You get this email every Monday because you subscribed to this report view in Coachwell.' },
  whyMonthly: { id: 'reports.email.whyMonthly', defaultMessage: 'You get this email on the 1st of every month because you subscribed to this report view in Coachwell.' },
  open: { id: 'reports.email.open', defaultMessage: 'Open the report' },
  unsubscribe: { id: 'reports.email.unsubscribe', defaultMessage: 'Unsubscribe' },
  oneClick: { id: 'reports.email.oneClick', defaultMessage: '(one click)' },
  ofTotal: { id: 'reports.email.ofTotal', defaultMessage: '{part} of {total} ({share})' },
});

/** The reports' titles, the figures' labels and the tables' titles (English as headlineOf and TABLE_TITLES write them). */
const LABELS = defineServerMessages({
  interactions: { id: 'reports.label.interactions', defaultMessage: 'Interactions' },
  coachingCycles: { id: 'reports.label.coachingCycles', defaultMessage: 'Coaching cycles' },
  teacherLevel: { id: 'reports.label.teacherLevel', defaultMessage: 'Teacher level' },
  coachingTeam: { id: 'reports.label.coachingTeam', defaultMessage: 'Coaching team' },
  comparison: { id: 'reports.label.comparison', defaultMessage: 'Comparison' },
  walkthroughs: { id: 'reports.label.walkthroughs', defaultMessage: 'Walkthroughs' },
  hours: { id: 'reports.label.hours', defaultMessage: 'Hours' },
  educatorsReached: { id: 'reports.label.educatorsReached', defaultMessage: 'Educators reached' },
  cycles: { id: 'reports.label.cycles', defaultMessage: 'Cycles' },
  active: { id: 'reports.label.active', defaultMessage: 'Active' },
  completed: { id: 'reports.label.completed', defaultMessage: 'Completed' },
  overdue: { id: 'reports.label.overdue', defaultMessage: 'Overdue' },
  completionRate: { id: 'reports.label.completionRate', defaultMessage: 'Completion rate' },
  averageDays: { id: 'reports.label.averageDays', defaultMessage: 'Average days to complete' },
  educators: { id: 'reports.label.educators', defaultMessage: 'Educators' },
  coached: { id: 'reports.label.coached', defaultMessage: 'Coached' },
  notCoached: { id: 'reports.label.notCoached', defaultMessage: 'Not yet coached' },
  averageInteractions: { id: 'reports.label.averageInteractions', defaultMessage: 'Average interactions' },
  coaches: { id: 'reports.label.coaches', defaultMessage: 'Coaches' },
  coachingHours: { id: 'reports.label.coachingHours', defaultMessage: 'Coaching hours' },
  loggedTime: { id: 'reports.label.loggedTime', defaultMessage: 'Logged time' },
  form: { id: 'reports.label.form', defaultMessage: 'Form' },
  observations: { id: 'reports.label.observations', defaultMessage: 'Observations' },
  educatorsObserved: { id: 'reports.label.educatorsObserved', defaultMessage: 'Educators observed' },
  lookFors: { id: 'reports.label.lookFors', defaultMessage: 'Look-fors seen' },
  byCoach: { id: 'reports.label.byCoach', defaultMessage: 'By coach' },
  measures: { id: 'reports.label.measures', defaultMessage: 'Measures' },
  items: { id: 'reports.label.items', defaultMessage: 'Items' },
  // The first tables' column names (csv.ts), where they are not figures' labels already.
  coach: { id: 'reports.label.coach', defaultMessage: 'Coach' },
  school: { id: 'reports.label.school', defaultMessage: 'School' },
  educatorInitiated: { id: 'reports.label.educatorInitiated', defaultMessage: 'Educator-initiated' },
  goalMet: { id: 'reports.label.goalMet', defaultMessage: 'Goal met' },
  measure: { id: 'reports.label.measure', defaultMessage: 'Measure' },
  difference: { id: 'reports.label.difference', defaultMessage: 'Difference' },
  section: { id: 'reports.label.section', defaultMessage: 'Section' },
  item: { id: 'reports.label.item', defaultMessage: 'Item' },
  kind: { id: 'reports.label.kind', defaultMessage: 'Kind' },
  answers: { id: 'reports.label.answers', defaultMessage: 'Answers' },
  seen: { id: 'reports.label.seen', defaultMessage: 'Seen' },
  notSeen: { id: 'reports.label.notSeen', defaultMessage: 'Not seen' },
  notApplicable: { id: 'reports.label.notApplicable', defaultMessage: 'Not applicable' },
  seenOfApplicable: { id: 'reports.label.seenOfApplicable', defaultMessage: 'Seen (of applicable)' },
  average: { id: 'reports.label.average', defaultMessage: 'Average' },
  distribution: { id: 'reports.label.distribution', defaultMessage: 'Distribution' },
  // The date presets of the filters' summary (subscriptions.ts describeQueries).
  schoolYear: { id: 'reports.label.schoolYear', defaultMessage: 'This school year' },
  last30: { id: 'reports.label.last30', defaultMessage: 'Last 30 days' },
  thisMonth: { id: 'reports.label.thisMonth', defaultMessage: 'This month' },
  lastMonth: { id: 'reports.label.lastMonth', defaultMessage: 'Last month' },
});
const LABEL_BY_ENGLISH = new Map<string, MessageDescriptor>(Object.values(LABELS).map((d) => [d.defaultMessage, d]));

/** A title or label of this email in `locale` (a label it does not know, through the shared texts). */
function labelIn(locale: Locale, english: string): string {
  const message = LABEL_BY_ENGLISH.get(english);
  return message ? formatServer(locale, message) : translate(locale, english);
}

export const EMAIL_TABLE_ROWS = 10;
const EMAIL_TABLE_COLUMNS = 8;

type Figure = { label: string; value: string };

const int = (n: number) => n.toLocaleString('en-US');
const hours = (minutes: number) => `${(Math.round((minutes / 60) * 10) / 10).toLocaleString('en-US')} h`;
const pct = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const maybe = (n: number | null, unit = '') => (n === null ? '–' : `${n.toLocaleString('en-US')}${unit}`);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Aug 1, 2026" ("1 ago 2026"). */
export function readableDay(day: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return formatServerDate(locale, day, { month: 'short', day: 'numeric', year: 'numeric' });
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}
export const readableRange = (range: { from: string; to: string }, locale: Locale = 'en') => `${readableDay(range.from, locale)} – ${readableDay(range.to, locale)}`;

/** The report's headline figures, as its screen shows them first. */
export function headlineOf<K extends ReportKind>(kind: K, report: ReportOf[K]): Figure[] {
  switch (kind) {
    case 'interactions': {
      const h = (report as InteractionsReport).headline;
      return [
        { label: 'Interactions', value: int(h.interactions) },
        { label: 'Hours', value: hours(h.minutes) },
        { label: 'Educators reached', value: `${int(h.educators_reached)} of ${int(h.roster_size)} (${pct(h.reached_share)})` },
      ];
    }
    case 'coaching-cycles': {
      const h = (report as CyclesReport).headline;
      return [
        { label: 'Cycles', value: int(h.cycles) },
        { label: 'Active', value: int(h.active) },
        { label: 'Completed', value: int(h.completed) },
        { label: 'Overdue', value: int(h.overdue) },
        { label: 'Completion rate', value: pct(h.completion_rate) },
        { label: 'Average days to complete', value: maybe(h.average_days_to_complete) },
      ];
    }
    case 'teacher-level': {
      const h = (report as TeacherLevelReport).headline;
      return [
        { label: 'Educators', value: int(h.educators) },
        { label: 'Coached', value: int(h.coached) },
        { label: 'Not yet coached', value: int(h.not_coached) },
        { label: 'Average interactions', value: maybe(h.average_interactions) },
      ];
    }
    case 'coaching-team': {
      const h = (report as CoachingTeamReport).headline;
      return [
        { label: 'Coaches', value: int(h.coaches) },
        { label: 'Interactions', value: int(h.interactions) },
        { label: 'Coaching hours', value: hours(h.coaching_minutes) },
        { label: 'Logged time', value: hours(h.activity_minutes) },
        { label: 'Educators reached', value: int(h.educators_reached) },
      ];
    }
    case 'walkthroughs': {
      const r = report as WalkthroughsReport;
      return [
        { label: 'Form', value: defang(r.form.name) },
        { label: 'Observations', value: int(r.headline.observations) },
        { label: 'Educators observed', value: int(r.headline.educators) },
        { label: 'Look-fors seen', value: pct(r.headline.look_for_rate) },
      ];
    }
    default: {
      const r = report as ComparisonReport;
      return [
        { label: 'A', value: `${defang(r.segments.a.label)} (${readableRange(r.segments.a)})` },
        { label: 'B', value: `${defang(r.segments.b.label)} (${readableRange(r.segments.b)})` },
      ];
    }
  }
}

/** The first table of the report, at most 10 rows and 8 columns, every cell as text. */
export function compactTable<K extends ReportKind>(kind: K, report: ReportOf[K]): { header: string[]; rows: string[][]; more: number } {
  const table = reportTable(kind, report, REPORT_TABLES[kind][0]!);
  const cell = (v: string | number | null) => (v === null ? '–' : typeof v === 'number' ? v.toLocaleString('en-US') : defang(v));
  return {
    header: table.header.slice(0, EMAIL_TABLE_COLUMNS),
    rows: table.rows.slice(0, EMAIL_TABLE_ROWS).map((row) => row.slice(0, EMAIL_TABLE_COLUMNS).map(cell)),
    more: Math.max(0, table.rows.length - EMAIL_TABLE_ROWS),
  };
}

const TABLE_TITLES: Record<ReportKind, string> = {
  interactions: 'By coach',
  'coaching-cycles': 'By coach',
  'teacher-level': 'Educators',
  'coaching-team': 'Coaches',
  comparison: 'Measures',
  walkthroughs: 'Items',
};

export interface ReportEmailInput<K extends ReportKind> {
  to: string;
  kind: K;
  frequency: SubscriptionFrequency;
  report: ReportOf[K];
  /** The filters in words (the subscription's description). */
  description: string;
  /** The report view's address, with its filters. */
  viewUrl: string;
  unsubscribeUrl: string;
  /** The subscriber's language (English when left out). */
  locale?: Locale;
}

/** A figure's value in `locale`: "12 of 40 (30%)" reads "12 de 40 (30%)"; the comparison's ranges in the language. */
function localizedValue(locale: Locale, value: string): string {
  if (locale === 'en') return value;
  const ofTotal = /^(\S+) of (\S+) \((.+)\)$/.exec(value);
  if (ofTotal) return formatServer(locale, m.ofTotal, { part: ofTotal[1]!, total: ofTotal[2]!, share: ofTotal[3]! });
  return value.replace(/([A-Z][a-z]{2}) (\d{1,2}), (\d{4})/g, (whole, mon: string, d: string, y: string) => {
    const month = MONTHS.indexOf(mon);
    return month < 0 ? whole : readableDay(`${y}-${String(month + 1).padStart(2, '0')}-${d.padStart(2, '0')}`, locale);
  });
}

export function reportEmail<K extends ReportKind>(input: ReportEmailInput<K>): Mail {
  const locale = input.locale ?? 'en';
  const f = (message: MessageDescriptor, values?: Record<string, string | number>) => formatServer(locale, message, values);
  const title = labelIn(locale, REPORT_TITLES[input.kind]);
  const range = readableRange(input.report.range, locale);
  const subject = f(input.frequency === 'weekly' ? m.subjectWeekly : m.subjectMonthly, { title, range });
  const figures = headlineOf(input.kind, input.report).map((fig) => ({ label: labelIn(locale, fig.label), value: localizedValue(locale, fig.value) }));
  const table = compactTable(input.kind, input.report);
  table.header = table.header.map((h) => labelIn(locale, h));
  // The filters' summary: its date preset in the language; names stay as typed.
  const description = defang(locale === 'en' ? input.description
    : input.description.split(' · ').map((part) => (LABEL_BY_ENGLISH.has(part) ? labelIn(locale, part) : part)).join(' · '));
  const tableTitle = labelIn(locale, TABLE_TITLES[input.kind]);
  const moreLine = table.more > 0 ? f(m.more, { count: table.more }) : '';
  const why = f(input.frequency === 'weekly' ? m.whyWeekly : m.whyMonthly);
  const top = Math.min(EMAIL_TABLE_ROWS, table.rows.length);

  const text = [
    f(m.headingRange, { title, range }),
    description,
    '',
    ...figures.map((fig) => `${fig.label}: ${fig.value}`),
    '',
    table.rows.length === 0 ? f(m.nothingText, { table: tableTitle }) : f(m.top, { table: tableTitle, count: top }),
    ...(table.rows.length ? [table.header.join(' | '), ...table.rows.map((r) => r.join(' | '))] : []),
    ...(moreLine ? [moreLine] : []),
    '',
    `${f(m.open)}: ${input.viewUrl}`,
    '',
    why,
    `${f(m.unsubscribe)} ${f(m.oneClick)}: ${input.unsubscribeUrl}`,
    '',
    '— Coachwell',
  ].join('\n');

  const e = escapeHtml;
  const cellStyle = 'padding:6px 10px;border-bottom:1px solid #d5dede;text-align:left;vertical-align:top';
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1c2b2b;line-height:1.5;margin:0;padding:16px">
<h1 style="font-size:20px;margin:0 0 4px">${e(f(m.heading, { title }))}</h1>
<p style="margin:0 0 16px;color:#4a5a5a">${e(range)} · ${e(description)}</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px"><tbody>
${figures.map((f) => `<tr><th scope="row" style="${cellStyle};font-weight:600">${e(f.label)}</th><td style="${cellStyle}">${e(f.value)}</td></tr>`).join('\n')}
</tbody></table>
<h2 style="font-size:16px;margin:0 0 8px">${e(table.rows.length ? f(m.top, { table: tableTitle, count: top }) : tableTitle)}</h2>
${table.rows.length === 0 ? `<p>${e(f(m.nothing))}</p>` : `<table style="border-collapse:collapse;margin:0 0 8px;font-size:14px">
<thead><tr>${table.header.map((h) => `<th scope="col" style="${cellStyle};background:#eef4f4">${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${table.rows.map((r) => `<tr>${r.map((c) => `<td style="${cellStyle}">${e(c)}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>`}
${moreLine ? `<p style="font-size:14px;color:#4a5a5a">${e(moreLine)}</p>` : ''}
<p><a href="${e(input.viewUrl)}" style="display:inline-block;background:#0f6e6e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${e(f(m.open))}</a></p>
<p style="font-size:13px;color:#4a5a5a">${e(why)} <a href="${e(input.unsubscribeUrl)}" style="color:#0f6e6e">${e(f(m.unsubscribe))}</a> ${e(f(m.oneClick))}.</p>
<p>— Coachwell</p></body></html>`;

  return {
    to: input.to,
    subject,
    text,
    html,
    link: input.viewUrl,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
