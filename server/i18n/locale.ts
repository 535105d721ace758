// The language a request is answered in (issue 33): the signed-in person's (their own choice, else their district's,
// else English); a guest's from the language cookie the app writes, else the browser's Accept-Language.
import type { Request } from 'express';
import { acceptLanguages, firstSupportedLocale, isLocale, type Locale, LOCALE_COOKIE } from '../../common/locales';
import { districtSettingsOf } from '../../common/schemas/site';

export function localeOfUser(user: { locale: string | null }, district: { settings: string } | null): Locale {
  if (isLocale(user.locale)) return user.locale;
  return district ? districtSettingsOf(district.settings).language : 'en';
}

/** The language cookie's value in a Cookie header, when it names a language. */
export function localeCookie(cookieHeader: string | undefined): Locale | null {
  const match = cookieHeader ? new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(\\w+)`).exec(cookieHeader) : null;
  return match && isLocale(match[1]) ? match[1] : null;
}

/** A visitor's language before sign-in. */
export function guestLocale(req: Pick<Request, 'headers'>): Locale {
  return localeCookie(req.headers.cookie) ?? firstSupportedLocale(acceptLanguages(req.headers['accept-language']));
}

export function requestLocale(req: Request): Locale {
  const auth = req.auth;
  return auth ? localeOfUser(auth.user, auth.district) : guestLocale(req);
}
