// Sending a "Contact support" message: limited per person and per district, emailed to the provider's
// support address (SUPPORT_EMAIL) with who wrote it, their district and the page they came from, the
// reply going to the person; then its audit row (after the mail left, so a message that could not be
// sent leaves none). The person's own words go into the email as typed (it is read by Coachwell's staff,
// never sent to anyone else), escaped in its HTML part.
import { SUPPORT_LIMITS, SUPPORT_MESSAGES, type SupportRequest } from '../../../common/schemas/support';
import { ROLE_LABELS, type DistrictRole } from '../../../common/schemas/users';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { escapeHtml, type Mail } from '../../lib/mailer';
import type { SupportWriter } from './policies';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 429 with the support form's own message (the limiter's says "a minute"), keeping Retry-After. */
async function limit(deps: Deps, key: string, max: number, windowMs: number): Promise<void> {
  try {
    await deps.limiter.hit(key, max, windowMs);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) throw new HttpError(429, SUPPORT_MESSAGES.tooMany, 'rate_limited', undefined, err.headers);
    throw err;
  }
}

/** One line of a header: control characters and line breaks become spaces. */
const oneLine = (value: string, max = 200) => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim().slice(0, max);

export function supportMail(deps: Deps, writer: SupportWriter, input: SupportRequest, sentAt: Date): Mail {
  const { user, district, roles } = writer.auth;
  const roleText = roles.map((r) => ROLE_LABELS[r as DistrictRole] ?? r).join(', ') || 'No role';
  const pageUrl = input.page ? `${deps.config.appUrl}${input.page}` : 'not known';
  const facts: [string, string][] = [
    ['From', `${user.name} <${user.email}>`],
    ['Role', roleText],
    ['District', `${district.name} (id ${district.id}, ${district.state}), ${district.plan_name} plan, ${district.status}`],
    ['Page', pageUrl],
    ['Sent', sentAt.toISOString()],
  ];
  const text = [
    `${user.name} of ${district.name} wrote to support:`,
    '',
    `Subject: ${input.subject}`,
    '',
    input.message,
    '',
    '---',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `Reply to this email to answer ${user.name}.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c2b2b;line-height:1.5">
<p>${escapeHtml(user.name)} of ${escapeHtml(district.name)} wrote to support:</p>
<p><strong>${escapeHtml(input.subject)}</strong></p>
<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>
<hr><table style="font-size:14px;color:#4a5a5a">${facts.map(([label, value]) => `<tr><th style="text-align:left;padding-right:12px">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p style="font-size:14px;color:#4a5a5a">Reply to this email to answer ${escapeHtml(user.name)}.</p></body></html>`;
  return {
    to: deps.config.supportEmail,
    replyTo: user.email,
    subject: oneLine(`Support request from ${district.name}: ${input.subject}`),
    text,
    html,
  };
}

/** Counts, sends and audits one message; answers the address it went to. */
export async function sendSupportRequest(deps: Deps, writer: SupportWriter, input: SupportRequest): Promise<string> {
  await limit(deps, `support-request|user|${writer.auth.user.id}`, SUPPORT_LIMITS.perUserPerHour, HOUR_MS);
  await limit(deps, `support-request|district|${writer.auth.district.id}`, SUPPORT_LIMITS.perDistrictPerDay, DAY_MS);
  const mail = supportMail(deps, writer, input, new Date());
  await deps.mailer.send(mail);
  await recordAudit(deps.db, writer.actor, {
    action: 'support_request_sent',
    subjectType: 'user',
    subjectId: writer.auth.user.id,
    details: { subject: input.subject, page: input.page || null, to: mail.to },
  });
  return mail.to;
}
