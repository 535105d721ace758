// Changing one's email (security finding 12): the new address confirms it. A request stores a hashed
// single-use token (EMAIL_CHANGE_TTL_HOURS), emails the link to the new address and a notice to the
// old one; following the link changes the email and ends every other session of the person.
import { addHours } from 'date-fns';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import { EMAIL_CHANGE_TTL_HOURS } from '../../../common/constants';
import type { Deps } from '../../deps';
import { endUserSessions } from '../../identity/sessions';
import { actionEmail, defang, noticeEmail, quoted } from '../../lib/mailer';
import { hashToken, newToken } from '../../identity/tokens';
import { defineServerMessages, formatServer } from '../../i18n/messages';
import { accountLocale } from '../../i18n/recipients';

// The two emails, in the account's language (issue 33).
const m = defineServerMessages({
  confirmSubject: { id: 'account.emailChange.confirmSubject', defaultMessage: 'Confirm your new Coachwell email' },
  confirmIntro: {
    id: 'account.emailChange.confirmIntro',
    defaultMessage: 'Hi {name}, you asked to sign in to Coachwell with this address from now on. Confirm it so the change takes effect.',
  },
  confirmAction: { id: 'account.emailChange.confirmAction', defaultMessage: 'Confirm my new email' },
  confirmOutro: {
    id: 'account.emailChange.confirmOutro',
    defaultMessage: 'The link works once and expires in {hours} hours. Until then you keep signing in with your current email. If you did not ask for this, ignore this email.',
  },
  noticeSubject: { id: 'account.emailChange.noticeSubject', defaultMessage: 'Your Coachwell email is being changed' },
  noticeFirst: { id: 'account.emailChange.noticeFirst', defaultMessage: 'Hi {name}, someone signed in to your Coachwell login asked to change its email to {email}.' },
  noticeSecond: {
    id: 'account.emailChange.noticeSecond',
    defaultMessage: 'Nothing changes until the link we sent to that address is followed. If this was not you, sign in and change your password right away, and tell your district administrator.',
  },
});

/**
 * True when another row may not share this email with the user: an active login (one per email), or
 * a row of the user's own district (one per district; provider staff among themselves).
 */
export async function emailTakenFor(db: DB, user: Pick<User, 'id' | 'district_id'>, email: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', user.id);
  query = query.where((eb) => eb.or([
    eb('status', '=', 'active'),
    user.district_id === null ? eb('district_id', 'is', null) : eb('district_id', '=', user.district_id),
  ]));
  return (await query.executeTakeFirst()) !== undefined;
}

/** Replaces any open request of the user with a new one and sends both emails. */
export async function requestEmailChange(deps: Deps, user: User, newEmail: string): Promise<void> {
  const { db, config, mailer } = deps;
  const { token, hash } = newToken();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('email_changes').set({ revoked_at: now })
      .where('user_id', '=', user.id).where('confirmed_at', 'is', null).where('revoked_at', 'is', null).execute();
    await trx.insertInto('email_changes').values({
      user_id: user.id, new_email: newEmail, token_hash: hash,
      expires_at: addHours(new Date(), EMAIL_CHANGE_TTL_HOURS).toISOString(), created_at: now,
    }).execute();
  });
  const area = user.district_id === null ? 'admin' : 'app';
  const locale = await accountLocale(db, user);
  const name = quoted(user.name);
  await mailer.send(actionEmail({
    locale,
    to: newEmail,
    subject: formatServer(locale, m.confirmSubject),
    intro: formatServer(locale, m.confirmIntro, { name }),
    action: formatServer(locale, m.confirmAction),
    link: `${config.appUrl}/${area}/auth/confirm-email/${token}`,
    outro: formatServer(locale, m.confirmOutro, { hours: EMAIL_CHANGE_TTL_HOURS }),
  }));
  await mailer.send(noticeEmail({
    to: user.email,
    subject: formatServer(locale, m.noticeSubject),
    paragraphs: [formatServer(locale, m.noticeFirst, { name, email: defang(newEmail) }), formatServer(locale, m.noticeSecond)],
  }));

}

/** The open request behind a token, for a login that is still active; undefined otherwise. */
export function findOpenEmailChange(db: DB, token: string) {
  return db.selectFrom('email_changes').innerJoin('users', 'users.id', 'email_changes.user_id')
    .select(['email_changes.id', 'email_changes.user_id', 'email_changes.new_email', 'users.email as old_email', 'users.district_id'])
    .where('email_changes.token_hash', '=', hashToken(token))
    .where('email_changes.confirmed_at', 'is', null).where('email_changes.revoked_at', 'is', null)
    .where('email_changes.expires_at', '>', nowIso())
    .where('users.status', '=', 'active')
    .executeTakeFirst();
}

export type OpenEmailChange = NonNullable<Awaited<ReturnType<typeof findOpenEmailChange>>>;

/**
 * Applies the change once: the email, the request marked confirmed (others revoked) and every session
 * of the person ended except `keepSid` (the browser that followed the link, when it is theirs).
 */
export async function confirmEmailChange(db: DB, change: OpenEmailChange, keepSid: string | undefined): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable('email_changes').set({ confirmed_at: now })
      .where('id', '=', change.id).where('confirmed_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new Error('Email change confirmed twice.');
    await trx.updateTable('email_changes').set({ revoked_at: now })
      .where('user_id', '=', change.user_id).where('confirmed_at', 'is', null).where('revoked_at', 'is', null).execute();
    await trx.updateTable('users').set({ email: change.new_email, updated_at: now }).where('id', '=', change.user_id).execute();
    await endUserSessions(trx, change.user_id, keepSid);
  });
}
