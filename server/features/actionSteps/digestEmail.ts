// The educator's weekly action-step email (issue 29, item 2): "Your action steps this week", the login's own open
// steps that are overdue or due in the coming ACTION_STEP_DUE_SOON_DAYS days (title, due day, overdue / due soon),
// a link to /app/action-steps and where to turn the email off; a text and an HTML part. Titles are what people
// typed, so they are defanged in both parts (never a link) and every value is escaped in the HTML part.
import { ACTION_STEP_DUE_LABELS, type ActionStepDue } from '../../../common/actionStepValues';
import { plural } from '../../../common/plural';
import { defang, escapeHtml, type Mail } from '../../lib/mailer';

export const DIGEST_SUBJECT = 'Your action steps this week';

export interface DigestStep {
  title: string;
  due_on: string;
  due: ActionStepDue;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** "Wed, Dec 9, 2026" */
export function digestDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

export interface DigestEmailInput {
  to: string;
  name: string;
  /** Overdue first, then due soon, each by due day. */
  steps: DigestStep[];
  appUrl: string;
}

export function digestEmail(input: DigestEmailInput): Mail {
  const listUrl = `${input.appUrl}/app/action-steps`;
  const settingsUrl = `${input.appUrl}/app/settings`;
  const overdue = input.steps.filter((s) => s.due === 'overdue').length;
  const soon = input.steps.length - overdue;
  const counts = [overdue ? `${plural(overdue, 'step', 'steps')} overdue` : '', soon ? `${plural(soon, 'step', 'steps')} due in the next 7 days` : '']
    .filter(Boolean).join(' and ');
  const name = defang(input.name);
  const lines = input.steps.map((s) => ({ title: defang(s.title), day: digestDay(s.due_on), label: ACTION_STEP_DUE_LABELS[s.due] }));
  const why = 'You get this email on Mondays when one of your action steps is overdue or due in the coming week.';
  const off = 'Turn it off under "Weekly email of my action steps" in Account Settings';

  const text = [
    `Hello ${name},`,
    '',
    `You have ${counts}:`,
    '',
    ...lines.map((l) => `- ${l.title} (${l.label}: due ${l.day})`),
    '',
    `Open your action steps: ${listUrl}`,
    '',
    why,
    `${off}: ${settingsUrl}`,
    '',
    '— Coachwell',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'padding:6px 10px;border-bottom:1px solid #d5dede;text-align:left;vertical-align:top';
  const badge = (due: ActionStepDue) => (due === 'overdue' ? 'color:#9b1c1c;font-weight:600' : 'color:#7a4b00;font-weight:600');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(DIGEST_SUBJECT)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1c2b2b;line-height:1.5;margin:0;padding:16px">
<h1 style="font-size:20px;margin:0 0 4px">${e(DIGEST_SUBJECT)}</h1>
<p style="margin:0 0 16px">Hello ${e(name)}. You have ${e(counts)}:</p>
<table style="border-collapse:collapse;margin:0 0 16px;font-size:14px">
<thead><tr><th scope="col" style="${cell};background:#eef4f4">Action step</th><th scope="col" style="${cell};background:#eef4f4">Due</th><th scope="col" style="${cell};background:#eef4f4">State</th></tr></thead>
<tbody>
${input.steps.map((s, i) => `<tr><td style="${cell}">${e(lines[i]!.title)}</td><td style="${cell}">${e(lines[i]!.day)}</td><td style="${cell};${badge(s.due)}">${e(lines[i]!.label)}</td></tr>`).join('\n')}
</tbody></table>
<p><a href="${e(listUrl)}" style="display:inline-block;background:#0f6e6e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open your action steps</a></p>
<p style="font-size:13px;color:#4a5a5a">${e(why)} <a href="${e(settingsUrl)}" style="color:#0f6e6e">Turn it off in Account Settings</a> (Weekly email of my action steps).</p>
<p>— Coachwell</p></body></html>`;

  return { to: input.to, subject: DIGEST_SUBJECT, text, html, link: listUrl };
}
