import type { ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../common/constants';
import type { FieldBinding } from '../lib/forms';
import { TextField } from './Field';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  current: { id: 'ui.password.current', defaultMessage: 'Current password' },
  password: { id: 'ui.password.password', defaultMessage: 'Password' },
  confirm: { id: 'ui.password.confirm', defaultMessage: 'Confirm password' },
  atLeast: { id: 'ui.password.atLeast', defaultMessage: 'At least {min} characters.' },
  typeAgain: { id: 'ui.password.typeAgain', defaultMessage: 'Type the same password again.' },
});

/** The password a person signs in with now, asked to confirm a change is theirs. */
export function CurrentPasswordField({ field, label, hint }: { field: FieldBinding; label?: string; hint?: ReactNode }) {
  return <TextField label={label ?? t(m.current)} type="password" autoComplete="current-password" hint={hint} required {...field} />;
}

/** The new-password and confirmation pair every password-setting form uses. */
export function NewPasswordFields({
  field,
  labels,
  sideBySide = false,
}: {
  field: (name: 'password' | 'password_confirmation') => FieldBinding;
  labels?: [string, string];
  sideBySide?: boolean;
}) {
  const fields = (
    <>
      <TextField
        label={labels?.[0] ?? t(m.password)}
        type="password"
        autoComplete="new-password"
        hint={t(m.atLeast, { min: PASSWORD_MIN_LENGTH })}
        required
        {...field('password')}
      />
      <TextField
        label={labels?.[1] ?? t(m.confirm)}
        type="password"
        autoComplete="new-password"
        hint={t(m.typeAgain)}
        required
        {...field('password_confirmation')}
      />
    </>
  );
  return sideBySide ? <div className="grid-2">{fields}</div> : fields;
}
