// A form on a page (not in a dialog: that is FormModal): no browser validation, its form-level error
// first, then the fields, then the submit button in .form-actions. `form` is what useFormErrors
// (lib/forms.ts) gives.
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from './Button';
import { type FieldError, FormError } from './Field';

export type FormState = { busy: boolean; formRef: RefObject<HTMLFormElement | null>; formError: FieldError };

type FormContentProps = {
  form: FormState;
  submitLabel: ReactNode;
  /** Before the submit button, e.g. a Cancel link. */
  otherActions?: ReactNode;
  /** Extra classes of the .form-actions row. */
  actionsClassName?: string;
  children: ReactNode;
};

/** A form's inside: its error, its fields, its actions; for a form that wraps them in a fieldset of its own. */
export function FormContent({ form, submitLabel, otherActions, actionsClassName, children }: FormContentProps) {
  return (
    <>
      <FormError error={form.formError} />
      {children}
      <div className={actionsClassName ? `form-actions ${actionsClassName}` : 'form-actions'}>
        {otherActions}
        <Button type="submit" busy={form.busy}>{submitLabel}</Button>
      </div>
    </>
  );
}

export function Form({
  onSubmit,
  className = 'form',
  ...content
}: FormContentProps & { onSubmit: (event: FormEvent<HTMLFormElement>) => void; className?: string }) {
  return (
    <form ref={content.form.formRef} className={className} noValidate onSubmit={onSubmit}>
      <FormContent {...content} />
    </form>
  );
}
