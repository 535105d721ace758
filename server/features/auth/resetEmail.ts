// The password reset email (issue 33), in the account's language: the person's own choice, else their district's.
import type { DB } from '../../../db/connection';
import type { User } from '../../../db/types';
import type { Locale } from '../../../common/locales';
import { localeOfUser } from '../../i18n/locale';
import { defineServerMessages, formatServer } from '../../i18n/messages';
import { actionEmail, type Mail, quoted } from '../../lib/mailer';

const m = defineServerMessages({
  subject: { id: 'auth.reset.subject', defaultMessage: 'Reset your Coachwell password' },
  intro: { id: 'auth.reset.intro', defaultMessage: 'Hi {name}, we received a request to reset the password of your Coachwell account.' },
  action: { id: 'auth.reset.action', defaultMessage: 'Choose a new password' },
  outro: { id: 'auth.reset.outro', defaultMessage: 'The link works once and expires in 60 minutes. If you did not ask for it, you can ignore this email.' },
});

/** The language of an account's own emails. */
export async function accountLocale(db: DB, user: Pick<User, 'locale' | 'district_id'>): Promise<Locale> {
  const district = user.district_id === null ? null
    : await db.selectFrom('districts').select('settings').where('id', '=', user.district_id).executeTakeFirst();
  return localeOfUser(user, district ?? null);
}

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
