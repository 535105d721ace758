// The languages of an email's recipients (issue 33): each login's own choice, else the district's (localeOfUser).
import type { DB as Conn } from '../../db/connection';
import type { User } from '../../db/types';
import type { Locale } from '../../common/locales';
import { districtSettingsOf } from '../../common/schemas/site';
import { localeOfUser } from './locale';

/** The language of a district's emails and PDFs to people without a login of their own (invitations, quotes). */
export function districtLocale(district: { settings: string }): Locale {
  return districtSettingsOf(district.settings).language;
}

/** Each of these logins' language, by id (a login not found: the district's). */
export async function recipientLocales(db: Conn, district: { id: number; settings: string }, userIds: number[]): Promise<Map<number, Locale>> {
  const ids = [...new Set(userIds)];
  const rows = ids.length ? await db.selectFrom('users').select(['id', 'locale']).where('district_id', '=', district.id).where('id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, localeOfUser(r, district)]));
  return new Map(ids.map((id) => [id, byId.get(id) ?? localeOfUser({ locale: null }, district)]));
}

/** One login's language. */
export async function recipientLocale(db: Conn, district: { id: number; settings: string }, userId: number): Promise<Locale> {
  return (await recipientLocales(db, district, [userId])).get(userId)!;
}

/** The language of an account's own emails (password reset, email change, the export it asked for). */
export async function accountLocale(db: Conn, user: Pick<User, 'locale' | 'district_id'>): Promise<Locale> {
  const district = user.district_id === null ? null
    : await db.selectFrom('districts').select('settings').where('id', '=', user.district_id).executeTakeFirst();
  return localeOfUser(user, district ?? null);
}
