// The educator's weekly action-step email (issue 29, item 2): "Your action steps this week", the login's own open
// steps that are overdue or due in the coming ACTION_STEP_DUE_SOON_DAYS days (title, due day, overdue / due soon),
// a link to /app/action-steps and where to turn the email off; a text and an HTML part. Titles are what people
// typed, so they are defanged in both parts (never a link) and every value is escaped in the HTML part.
// Issue 33: in the login's language (localeOfUser), English as it always was.
import { ACTION_STEP_DUE_LABELS, type ActionStepDue } from '../../../common/actionStepValues';
import type { Locale } from '../../../common/locales';
import { defineServerMessages, formatServer, formatServerDate } from '../../i18n/messages';
import { translate } from '../../i18n/translate';
import { defang, escapeHtml, type Mail } from '../../lib/mailer';

export const DIGEST_SUBJECT = 'Your action steps this week';

const m = defineServerMessages({
  subject: { id: 'actionSteps.digest.subject', defaultMessage: 'Your action steps this week' },
  overdue: { id: 'actionSteps.digest.overdue', defaultMessage: '{count, plural, one {# step} other {# steps}} overdue' },
  soon: { id: 'actionSteps.digest.soon', defaultMessage: '{count, plural, one {# step} other {# steps}} due in the next 7 days' },
  both: { id: 'actionSteps.digest.both', defaultMessage: '{overdue} and {soon}' },
  hello: { id: 'actionSteps.digest.hello', defaultMessage: 'Hello {name},' },
  youHave: { id: 'actionSteps.digest.youHave', defaultMessage: 'You have {counts}:' },
  helloHave: { id: 'actionSteps.digest.helloHave', defaultMessage: 'Hello {name}. You have {counts}:' },
  line: { id: 'actionSteps.digest.line', defaultMessage: '- {title} ({label}: due {day})' },
  open: { id: 'actionSteps.digest.open', defaultMessage: 'Open your action steps' },
  why: { id: 'actionSteps.digest.why', defaultMessage: 'You get this email on Mondays when one of your action steps is overdue or due in the coming week.' },
  off: { id: 'actionSteps.digest.off', defaultMessage: 'Turn it off under "Weekly email of my action steps" in Account Settings' },
  offLink: { id: 'actionSteps.digest.offLink', defaultMessage: 'Turn it off in Account Settings' },
  offAfter: { id: 'actionSteps.digest.offAfter', defaultMessage: '(Weekly email of my action steps).' },
  columnStep: { id: 'actionSteps.digest.columnStep', defaultMessage: 'Action step' },
  columnDue: { id: 'actionSteps.digest.columnDue', defaultMessage: 'Due' },
  columnState: { id: 'actionSteps.digest.columnState', defaultMessage: 'State' },
});

export interface DigestStep {
  title: string;
  due_on: string;
  due: ActionStepDue;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** "Wed, Dec 9, 2026" ("mié, 9 dic 2026"). */
export function digestDay(day: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return formatServerDate(locale, day, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

export interface DigestEmailInput {
  to: string;
  name: string;
  /** Overdue first, then due soon, each by due day. */
  steps: DigestStep[];
  appUrl: string;
  /** The login's language (English when left out). */
  locale?: Locale;
}

export function digestEmail(input: DigestEmailInput): Mail {
  const listUrl = `${input.appUrl}/app/action-steps`;
  const settingsUrl = `${input.appUrl}/app/settings`;
  const locale = input.locale ?? 'en';
  const f = (message: (typeof m)[keyof typeof m], values?: Record<string, string | number>) => formatServer(locale, message, values);
  const subject = f(m.subject);
  const overdue = input.steps.filter((s) => s.due === 'overdue').length;
  const soon = input.steps.length - overdue;
  const overdueText = overdue ? f(m.overdue, { count: overdue }) : '';
  const soonText = soon ? f(m.soon, { count: soon }) : '';
  const counts = overdueText && soonText ? f(m.both, { overdue: overdueText, soon: soonText }) : overdueText || soonText;
  const name = defang(input.name);
  const lines = input.steps.map((s) => ({ title: defang(s.title), day: digestDay(s.due_on, locale), label: translate(locale, ACTION_STEP_DUE_LABELS[s.due]) }));
  const why = f(m.why);
  const off = f(m.off);

  const text = [
    f(m.hello, { name }),
    '',
    f(m.youHave, { counts }),
    '',
    ...lines.map((l) => f(m.line, { title: l.title, label: l.label, day: l.day })),
    '',
    `${f(m.open)}: ${listUrl}`,
    '',
    why,
    `${off}: ${settingsUrl}`,
    '',
    '— Coachwell',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'padding:6px 10px;border-bottom:1px solid #d5dede;text-align:left;vertical-align:top';
  const badge = (due: ActionStepDue) => (due === 'overdue' ? 'color:#9b1c1c;font-weight:600' : 'color:#7a4b00;font-weight:600');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1c2b2b;line-height:1.5;margin:0;padding:16px">
<h1 style="font-size:20px;margin:0 0 4px">${e(subject)}</h1>
<p style="margin:0 0 16px">${e(f(m.helloHave, { name, counts }))}</p>
<table style="border-collapse:collapse;margin:0 0 16px;font-size:14px">
<thead><tr><th scope="col" style="${cell};background:#eef4f4">${e(f(m.columnStep))}</th><th scope="col" style="${cell};background:#eef4f4">${e(f(m.columnDue))}</th><th scope="col" style="${cell};background:#eef4f4">${e(f(m.columnState))}</th></tr></thead>
<tbody>
${input.steps.map((s, i) => `<tr><td style="${cell}">${e(lines[i]!.title)}</td><td style="${cell}">${e(lines[i]!.day)}</td><td style="${cell};${badge(s.due)}">${e(lines[i]!.label)}</td></tr>`).join('\n')}
</tbody></table>
<p><a href="${e(listUrl)}" style="display:inline-block;background:#0f6e6e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${e(f(m.open))}</a></p>
<p style="font-size:13px;color:#4a5a5a">${e(why)} <a href="${e(settingsUrl)}" style="color:#0f6e6e">${e(f(m.offLink))}</a> ${e(f(m.offAfter))}</p>
<p>— Coachwell</p></body></html>`;

  return { to: input.to, subject, text, html, link: listUrl };
}
