import type { ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../common/constants';
import type { FieldBinding } from '../lib/forms';
import { TextField } from './Field';

/** The password a person signs in with now, asked to confirm a change is theirs. */
export function CurrentPasswordField({ field, label = 'Current password', hint }: { field: FieldBinding; label?: string; hint?: ReactNode }) {
  return <TextField label={label} type="password" autoComplete="current-password" hint={hint} required {...field} />;
}

/** The new-password and confirmation pair every password-setting form uses. */
export function NewPasswordFields({
  field,
  labels = ['Password', 'Confirm password'],
  sideBySide = false,
}: {
  field: (name: 'password' | 'password_confirmation') => FieldBinding;
  labels?: [string, string];
  sideBySide?: boolean;
}) {
  const fields = (
    <>
      <TextField
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
        {...field('password')}
      />
      <TextField
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        hint="Type the same password again."
        required
        {...field('password_confirmation')}
      />
    </>
  );
  return sideBySide ? <div className="grid-2">{fields}</div> : fields;
}
