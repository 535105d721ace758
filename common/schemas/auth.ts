// Request schemas shared by the server (validation) and the client (form checks and types).
import { z } from 'zod';
import { DATE_LOCALES, PASSWORD_MIN_LENGTH, US_STATES } from '../constants';

const required = (label: string) => `${label} is required.`;

export const emailField = z
  .string({ error: required('Email') })
  .trim()
  .min(1, required('Email'))
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const newPasswordField = z
  .string({ error: required('Password') })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, 'Password must be at most 200 characters.');

const nameField = (label: string) =>
  z.string({ error: required(label) }).trim().min(1, required(label)).max(120, `${label} must be at most 120 characters.`);

const withConfirmation = <T extends z.ZodObject<{ password: typeof newPasswordField; password_confirmation: z.ZodString }>>(schema: T) =>
  schema.refine((v) => v.password === v.password_confirmation, {
    message: 'The passwords do not match.',
    path: ['password_confirmation'],
  });

export const areaField = z.enum(['app', 'admin'], { error: 'Area must be app or admin.' });

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: required('Password') }).min(1, required('Password')),
  area: areaField.default('app'),
  remember: z.boolean().optional(),
});

export const registerSchema = withConfirmation(
  z.object({
    district_name: nameField('District name'),
    state: z.string({ error: required('State') }).refine((s) => s in US_STATES, 'Choose a US state.'),
    name: nameField('Your name'),
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Confirm your password.' }),
  }),
);

export const passwordResetRequestSchema = z.object({ email: emailField, area: areaField.default('app') });

export const passwordResetSchema = withConfirmation(
  z.object({
    token: z.string({ error: 'The reset link is incomplete.' }).min(1, 'The reset link is incomplete.'),
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Confirm your password.' }),
  }),
);

export const acceptInviteSchema = withConfirmation(
  z.object({
    name: nameField('Your name'),
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Confirm your password.' }),
  }),
);

export const impersonateSchema = z.object({
  user_id: z.number({ error: 'User is required.' }).int('User must be a whole number.').positive('User is required.'),
});

export const accountProfileSchema = z.object({
  name: nameField('Name'),
  date_locale: z.string({ error: required('Date language') }).refine((l) => l in DATE_LOCALES, 'Choose a date language from the list.'),
  timezone: z.string({ error: required('Timezone') }).refine(isTimeZone, 'Choose a valid timezone.'),
});

export const accountEmailSchema = z.object({
  email: emailField,
  current_password: z.string({ error: 'Enter your current password to change your email.' }).min(1, 'Enter your current password to change your email.'),
});

export const accountPasswordSchema = withConfirmation(
  z.object({
    current_password: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.'),
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Confirm your password.' }),
  }),
);

export const clientErrorSchema = z.object({
  message: z.string().trim().min(1, 'Message is required.').max(2000, 'Message must be at most 2000 characters.'),
  stack: z.string().max(10_000, 'Stack must be at most 10000 characters.').nullish(),
  url: z.string().max(2000, 'URL must be at most 2000 characters.').nullish(),
});

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
