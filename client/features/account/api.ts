import useSWR, { mutate } from 'swr';
import type { AuthUser } from '../../../common/authUser';
import type { Locale } from '../../../common/locales';
import type { AccountPreferencesAnswer } from '../../../common/schemas/answers/messages';
import { api, apiDownload, refreshedAfter, saveFile } from '../../lib/api';
import type { EmailChangeConfirmed, EmailChangePending } from '../../../common/schemas/account';
import { revalidateAuthUser, setAuthUser } from '../../lib/session';

export function updateProfile(input: { name: string; date_locale: string; timezone: string; locale?: Locale }): Promise<AuthUser> {
  return refreshedAfter(api.put<AuthUser>('account/profile', input), (user) => setAuthUser(user));
}

/** 202: the new address gets a confirmation link; the email changes only when it is followed. */
export function updateEmail(input: { email: string; current_password: string }): Promise<EmailChangePending> {
  return api.put<EmailChangePending>('account/email', input);
}

/** Follows the link from the new inbox; the signed-in user (if any) is fetched again afterwards. */
export function confirmEmailChange(token: string): Promise<EmailChangeConfirmed> {
  return refreshedAfter(api.post<EmailChangeConfirmed>('account/email/confirm', { token }), () => revalidateAuthUser());
}

export function updatePassword(input: { current_password: string; password: string; password_confirmation: string }): Promise<{ message: string }> {
  return api.put('account/password', input);
}

/** GET /api/account/preferences: the signed-in person's own email preferences (the weekly action-step email). */
export const preferencesKey = () => 'account/preferences';
export function useAccountPreferences() {
  return useSWR<AccountPreferencesAnswer>(preferencesKey(), (key: string) => api.get<AccountPreferencesAnswer>(key));
}

export function updatePreferences(input: AccountPreferencesAnswer): Promise<AccountPreferencesAnswer> {
  return refreshedAfter(api.put<AccountPreferencesAnswer>('account/preferences', input), (saved) => mutate(preferencesKey(), saved, { revalidate: false }));
}

/** GET /api/me/export (issue 32): the person's own data as a zip, saved by the browser. */
export async function downloadOwnData(): Promise<void> {
  const { blob, filename } = await apiDownload('me/export');
  saveFile(blob, filename ?? 'coachwell-my-data.zip');
}
