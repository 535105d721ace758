import useSWR, { mutate } from 'swr';
import type { AuthUser } from '../../../common/authUser';
import type { AccountPreferencesAnswer } from '../../../common/schemas/answers/messages';
import { api } from '../../lib/api';
import type { EmailChangeConfirmed, EmailChangePending } from '../../../common/schemas/account';
import { revalidateAuthUser, setAuthUser } from '../../lib/session';

export async function updateProfile(input: { name: string; date_locale: string; timezone: string }): Promise<AuthUser> {
  const user = await api.put<AuthUser>('account/profile', input);
  await setAuthUser(user);
  return user;
}

/** 202: the new address gets a confirmation link; the email changes only when it is followed. */
export function updateEmail(input: { email: string; current_password: string }): Promise<EmailChangePending> {
  return api.put<EmailChangePending>('account/email', input);
}

/** Follows the link from the new inbox; the signed-in user (if any) is fetched again afterwards. */
export async function confirmEmailChange(token: string): Promise<EmailChangeConfirmed> {
  const answer = await api.post<EmailChangeConfirmed>('account/email/confirm', { token });
  await revalidateAuthUser();
  return answer;
}

export function updatePassword(input: { current_password: string; password: string; password_confirmation: string }): Promise<{ message: string }> {
  return api.put('account/password', input);
}

/** GET /api/account/preferences: the signed-in person's own email preferences (the weekly action-step email). */
export const preferencesKey = () => 'account/preferences';
export function useAccountPreferences() {
  return useSWR<AccountPreferencesAnswer>(preferencesKey(), (key: string) => api.get<AccountPreferencesAnswer>(key));
}

export async function updatePreferences(input: AccountPreferencesAnswer): Promise<AccountPreferencesAnswer> {
  const saved = await api.put<AccountPreferencesAnswer>('account/preferences', input);
  await mutate(preferencesKey(), saved, { revalidate: false });
  return saved;
}
