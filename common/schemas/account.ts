// Account Settings requests (PUT /api/account/profile, /email, /password).
import * as z from 'zod/mini';
import { DATE_LOCALES } from '../constants';
import { emailField, newPasswordField, passwordConfirmationField, passwordsMatch, required, requiredString, text, timeZoneField } from './fields';

export const accountProfileSchema = z.object({
  name: text('Name'),
  date_locale: z.string({ error: required('Date language') }).check(z.refine((l) => l in DATE_LOCALES, 'Choose a date language from the list.')),
  timezone: timeZoneField,
});

export const accountEmailSchema = z.object({
  email: emailField,
  current_password: requiredString('Enter your current password to change your email.'),
});

export const accountPasswordSchema = z.object({
  current_password: requiredString('Enter your current password.'),
  password: newPasswordField,
  password_confirmation: passwordConfirmationField,
}).check(passwordsMatch);
