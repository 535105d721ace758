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
import { plural } from '../../../common/plural';

export const EMAIL_TABLE_ROWS = 10;
const EMAIL_TABLE_COLUMNS = 8;

type Figure = { label: string; value: string };

const int = (n: number) => n.toLocaleString('en-US');
const hours = (minutes: number) => `${(Math.round((minutes / 60) * 10) / 10).toLocaleString('en-US')} h`;
const pct = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const maybe = (n: number | null, unit = '') => (n === null ? '–' : `${n.toLocaleString('en-US')}${unit}`);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Aug 1, 2026" */
export function readableDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}
export const readableRange = (range: { from: string; to: string }) => `${readableDay(range.from)} – ${readableDay(range.to)}`;

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
}

export function reportEmail<K extends ReportKind>(input: ReportEmailInput<K>): Mail {
  const title = REPORT_TITLES[input.kind];
  const range = readableRange(input.report.range);
  const every = input.frequency === 'weekly' ? 'Weekly' : 'Monthly';
  const subject = `${every} report: ${title}, ${range}`;
  const figures = headlineOf(input.kind, input.report);
  const table = compactTable(input.kind, input.report);
  const description = defang(input.description);
  const tableTitle = TABLE_TITLES[input.kind];
  const moreLine = table.more > 0 ? `${plural(table.more, 'more row', 'more rows')} in the report.` : '';
  const why = `You get this email ${input.frequency === 'weekly' ? 'every Monday' : 'on the 1st of every month'} because you subscribed to this report view in Coachwell.`;

  const text = [
    `${title} report, ${range}`,
    description,
    '',
    ...figures.map((f) => `${f.label}: ${f.value}`),
    '',
    `${tableTitle}${table.rows.length === 0 ? ': nothing in this range.' : ` (top ${Math.min(EMAIL_TABLE_ROWS, table.rows.length)})`}`,
    ...(table.rows.length ? [table.header.join(' | '), ...table.rows.map((r) => r.join(' | '))] : []),
    ...(moreLine ? [moreLine] : []),
    '',
    `Open the report: ${input.viewUrl}`,
    '',
    why,
    `Unsubscribe (one click): ${input.unsubscribeUrl}`,
    '',
    '— Coachwell',
  ].join('\n');

  const e = escapeHtml;
  const cellStyle = 'padding:6px 10px;border-bottom:1px solid #d5dede;text-align:left;vertical-align:top';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1c2b2b;line-height:1.5;margin:0;padding:16px">
<h1 style="font-size:20px;margin:0 0 4px">${e(title)} report</h1>
<p style="margin:0 0 16px;color:#4a5a5a">${e(range)} · ${e(description)}</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px"><tbody>
${figures.map((f) => `<tr><th scope="row" style="${cellStyle};font-weight:600">${e(f.label)}</th><td style="${cellStyle}">${e(f.value)}</td></tr>`).join('\n')}
</tbody></table>
<h2 style="font-size:16px;margin:0 0 8px">${e(tableTitle)}${table.rows.length ? ` (top ${Math.min(EMAIL_TABLE_ROWS, table.rows.length)})` : ''}</h2>
${table.rows.length === 0 ? '<p>Nothing in this range.</p>' : `<table style="border-collapse:collapse;margin:0 0 8px;font-size:14px">
<thead><tr>${table.header.map((h) => `<th scope="col" style="${cellStyle};background:#eef4f4">${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${table.rows.map((r) => `<tr>${r.map((c) => `<td style="${cellStyle}">${e(c)}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>`}
${moreLine ? `<p style="font-size:14px;color:#4a5a5a">${e(moreLine)}</p>` : ''}
<p><a href="${e(input.viewUrl)}" style="display:inline-block;background:#0f6e6e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open the report</a></p>
<p style="font-size:13px;color:#4a5a5a">${e(why)} <a href="${e(input.unsubscribeUrl)}" style="color:#0f6e6e">Unsubscribe</a> (one click).</p>
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
