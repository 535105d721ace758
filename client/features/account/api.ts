import type { AuthUser } from '../../../common/authUser';
import { api } from '../../lib/api';
import { setAuthUser } from '../../lib/session';

export async function updateProfile(input: { name: string; date_locale: string; timezone: string }): Promise<AuthUser> {
  const user = await api.put<AuthUser>('account/profile', input);
  await setAuthUser(user);
  return user;
}

export async function updateEmail(input: { email: string; current_password: string }): Promise<AuthUser> {
  const user = await api.put<AuthUser>('account/email', input);
  await setAuthUser(user);
  return user;
}

export function updatePassword(input: { current_password: string; password: string; password_confirmation: string }): Promise<{ message: string }> {
  return api.put('account/password', input);
}
