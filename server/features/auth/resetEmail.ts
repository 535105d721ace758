// The password reset email (issue 33), in the account's language: the person's own choice, else their district's.
import type { Locale } from '../../../common/locales';
import { defineServerMessages, formatServer } from '../../i18n/messages';
import { actionEmail, type Mail, quoted } from '../../lib/mailer';

const m = defineServerMessages({
  subject: { id: 'auth.reset.subject', defaultMessage: 'Reset your Coachwell password' },
  intro: { id: 'auth.reset.intro', defaultMessage: 'Hi {name}, we received a request to reset the password of your Coachwell account.' },
  action: { id: 'auth.reset.action', defaultMessage: 'Choose a new password' },
  outro: { id: 'auth.reset.outro', defaultMessage: 'The link works once and expires in 60 minutes. If you did not ask for it, you can ignore this email.' },
});

export function passwordResetEmail(locale: Locale, user: { email: string; name: string }, link: string): Mail {
  return actionEmail({
    locale,
    to: user.email,
    subject: formatServer(locale, m.subject),
    intro: formatServer(locale, m.intro, { name: quoted(user.name) }),
    action: formatServer(locale, m.action),
    link,
    outro: formatServer(locale, m.outro),
  });
}
