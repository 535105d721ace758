// The invitation emails (issue 33: in the district's language, the invitee having no login yet): a district's own
// invitation (User settings), Coachwell's resend of it (admin Users), the one an import sends, and the offer to move a
// login from another district. Names are quoted() by the caller's values; the roles are listed in the language.
// Lives below the features because several of them send it (features never import each other).
import type { Locale } from '../../common/locales';
import { ROLE_LABELS, type DistrictRole } from '../../common/schemas/users';
import { defineServerMessages, formatServer } from '../i18n/messages';
import { translate } from '../i18n/translate';
import { actionEmail, type Mail } from './mailer';

const m = defineServerMessages({
  subject: { id: 'users.invite.subject', defaultMessage: 'Coachwell invitation: join {district}' },
  intro: {
    id: 'users.invite.intro',
    defaultMessage: 'Hi {name}, {sender} invited you to join the district {district} on Coachwell ({roles}). Coachwell is where your district plans, logs and follows up on instructional coaching.',
  },
  introImport: { id: 'users.invite.introImport', defaultMessage: 'Hi {name}, {sender} of Coachwell invited you to join the district {district} on Coachwell ({roles}).' },
  introAgain: {
    id: 'users.invite.introAgain',
    defaultMessage: 'Hi {name}, here is your invitation to join the district {district} on Coachwell again ({roles}). Coachwell is where your district plans, logs and follows up on instructional coaching.',
  },
  action: { id: 'users.invite.action', defaultMessage: 'Accept the invitation' },
  outro: { id: 'users.invite.outro', defaultMessage: 'The link works once and expires in {days} days. If you were not expecting this invitation, you can ignore this email.' },
  outroAgain: {
    id: 'users.invite.outroAgain',
    defaultMessage: 'The link works once and expires in {days} days. Earlier invitation links no longer work. If you were not expecting this invitation, you can ignore this email.',
  },
  moveSubject: { id: 'users.move.subject', defaultMessage: 'Coachwell: an invitation to move your login to {district}' },
  moveIntro: {
    id: 'users.move.intro',
    defaultMessage: 'Hi {name}, {sender} invited you to join the district {district} on Coachwell ({roles}). You already sign in to Coachwell with {email} in another district, so you can move your login there. Your password stays the same, and your former district keeps its records.',
  },
  moveAction: { id: 'users.move.action', defaultMessage: 'Review and move my login' },
  moveOutro: { id: 'users.move.outro', defaultMessage: 'The link works once and expires in {days} days. If you were not expecting this, ignore this email and your login stays where it is.' },
  oneRole: { id: 'users.invite.oneRole', defaultMessage: 'your role: {role}' },
  manyRoles: { id: 'users.invite.manyRoles', defaultMessage: 'your roles: {roles}' },
});

/** "A, B and C" ("A, B y C"). English keeps the emails' long-standing form, without a serial comma. */
export function listText(locale: Locale, items: readonly string[]): string {
  if (locale !== 'en') return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/** "your role: Coach" or "your roles: Coach and Educator", in `locale`. */
export function roleListText(locale: Locale, roles: readonly string[], labels: Record<string, string> = ROLE_LABELS): string {
  const names = roles.map((r) => translate(locale, labels[r as DistrictRole] ?? r));
  return names.length > 1 ? formatServer(locale, m.manyRoles, { roles: listText(locale, names) }) : formatServer(locale, m.oneRole, { role: names[0] ?? '' });
}

export type InvitationKind = 'invite' | 'import' | 'again';

/** An invitation to a district; every name already quoted() and the roles already listed (roleListText or a list). */
export function invitationEmail(locale: Locale, kind: InvitationKind, input: {
  to: string; name: string; sender?: string; district: string; roles: string; link: string; days: number;
}): Mail {
  const values = { name: input.name, sender: input.sender ?? '', district: input.district, roles: input.roles, days: input.days };
  return actionEmail({
    locale,
    to: input.to,
    subject: formatServer(locale, m.subject, values),
    intro: formatServer(locale, kind === 'import' ? m.introImport : kind === 'again' ? m.introAgain : m.intro, values),
    action: formatServer(locale, m.action),
    link: input.link,
    outro: formatServer(locale, kind === 'again' ? m.outroAgain : m.outro, values),
  });
}

/** The offer to move a login from another district (account migration). */
export function moveLoginEmail(locale: Locale, input: { to: string; name: string; sender: string; district: string; roles: string; email: string; link: string; days: number }): Mail {
  const values = { ...input };
  return actionEmail({
    locale,
    to: input.to,
    subject: formatServer(locale, m.moveSubject, values),
    intro: formatServer(locale, m.moveIntro, values),
    action: formatServer(locale, m.moveAction),
    link: input.link,
    outro: formatServer(locale, m.moveOutro, values),
  });
}
