import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from './Button';
import { type FieldError, FormError } from './Field';
import { Modal, type ModalProps } from './Modal';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  cancel: { id: 'ui.formModal.cancel', defaultMessage: 'Cancel' },
});

/** What a form dialog needs of its form's state; `useFormErrors` (lib/forms.ts) gives all three. */
export type FormModalState = {
  busy: boolean;
  formRef?: RefObject<HTMLFormElement | null>;
  /** Shown above the fields (FormError); leave it out where the form places its FormError itself. */
  formError?: FieldError;
};

export type FormModalProps = Pick<ModalProps, 'title' | 'onClose' | 'size' | 'className'> & {
  open?: boolean;
  form: FormModalState;
  /** The form's id: the footer's submit button sits outside the form and names it. */
  formId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  /** A red submit button, for a destructive action. */
  danger?: boolean;
  submitDisabled?: boolean;
  /** The form element's classes ("form" unless told). */
  formClassName?: string;
  children: ReactNode;
};

/**
 * A dialog that is one form: Cancel and the submit button in the footer, the form (no browser
 * validation) in the body with its form-level error first. While the form is busy the dialog cannot be
 * dismissed and Cancel is off.
 */
export function FormModal({
  open = true,
  title,
  onClose,
  size,
  className,
  form,
  formId,
  onSubmit,
  submitLabel,
  danger = false,
  submitDisabled,
  formClassName = 'form',
  children,
}: FormModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      size={size}
      className={className}
      dismissible={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>{t(m.cancel)}</Button>
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} busy={form.busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} ref={form.formRef} className={formClassName} noValidate onSubmit={onSubmit}>
        {form.formError !== undefined && <FormError error={form.formError} />}
        {children}
      </form>
    </Modal>
  );
}
