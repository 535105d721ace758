import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  required: { id: 'ui.field.required', defaultMessage: ' (required)' },
  error: { id: 'ui.field.error', defaultMessage: 'Error: ' },
  fixFollowing: { id: 'ui.field.fixFollowing', defaultMessage: 'Please fix the following:' },
  wentWrong: { id: 'ui.field.wentWrong', defaultMessage: 'Something went wrong.' },
});

export type FieldError = string | string[] | null | undefined;

/** A field's error(s) as a list (none when empty). */
export function errorList(error: FieldError): string[] {
  if (!error) return [];
  return (Array.isArray(error) ? error : [error]).filter((e) => e.length > 0);
}

function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** Shared wiring: ids, aria-describedby and aria-invalid for a labelled control. */
function useFieldIds(id: string | undefined, hint: ReactNode, error: FieldError, describedBy?: string) {
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const errors = errorList(error);
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  return {
    controlId,
    hintId,
    errorId,
    errors,
    hasHint,
    aria: {
      'aria-describedby': joinIds(describedBy, hasHint && hintId, errors.length > 0 && errorId),
      'aria-invalid': errors.length > 0 ? (true as const) : undefined,
    },
  };
}

/** The required marker after a label or legend: a visible " *" and " (required)" for screen readers. */
export function RequiredMark() {
  return (
    <span className="field__required">
      <span aria-hidden="true"> *</span>
      <span className="sr-only">{t(m.required)}</span>
    </span>
  );
}

function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {required && <RequiredMark />}
    </label>
  );
}

export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  return (
    <p className="field__hint" id={id}>
      {hint}
    </p>
  );
}

/** Inline errors under a control (or group), linked from it with aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="field__error" id={id}>
      {errors.map((message, i) => (
        <p key={i} className="field__error-item">
          <span className="field__error-icon" aria-hidden="true">!</span>
          <span className="sr-only">{t(m.error)}</span>
          {message}
        </p>
      ))}
    </div>
  );
}

type CommonFieldProps = {
  label: ReactNode;
  name: string;
  error?: FieldError;
  hint?: ReactNode;
  required?: boolean;
  /** Extra class on the wrapping .field element. */
  className?: string;
};

type FieldIds = ReturnType<typeof useFieldIds>;

/**
 * Splits a field's props into what every field shares (label, hint, errors, required, class, id and
 * aria-describedby, wired by useFieldIds) and the rest, which belongs to its control.
 */
function useFieldProps<P extends CommonFieldProps & { id?: string; 'aria-describedby'?: string }>(props: P) {
  const { label, name, error, hint, required, className, id, 'aria-describedby': describedBy, ...rest } = props;
  const f = useFieldIds(id, hint, error, describedBy);
  return { f, name, required, frame: { f, label, hint, required, className }, rest };
}

/** The wrapper of a field whose label and hint stand above its control and whose errors stand below it. */
function StackedField({
  f,
  label,
  hint,
  required,
  className,
  children,
}: { f: FieldIds; label: ReactNode; hint: ReactNode; required?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={['field', f.errors.length > 0 && 'field--invalid', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={f.controlId} label={label} required={required} />
      {f.hasHint && <FieldHint id={f.hintId} hint={hint} />}
      {children}
      <FieldErrors id={f.errorId} errors={f.errors} />
    </div>
  );
}

/** What every text-valued control of a field carries: its id, aria wiring, name, value and change handler. */
function controlProps(f: FieldIds, name: string, value: string, required: boolean | undefined, onChange: (value: string) => void) {
  return {
    ...f.aria,
    id: f.controlId,
    name,
    value,
    required,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
}

// ---------------------------------------------------------------------------

export type TextFieldProps = CommonFieldProps &
  Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value' | 'name' | 'type' | 'className' | 'children'> & {
    type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'number' | 'date' | 'time' | 'datetime-local';
    value: string;
    onChange: (value: string) => void;
    autoComplete?: string;
  };

export function TextField(props: TextFieldProps) {
  const { f, name, required, frame, rest: { type = 'text', value, onChange, ...rest } } = useFieldProps(props);
  return (
    <StackedField {...frame}>
      <input {...rest} {...controlProps(f, name, value, required, onChange)} className="field__control" type={type} />
    </StackedField>
  );
}

/**
 * A search box: a TextField of type "search" that the browser does not fill from past entries (every list's,
 * picker's and filter bar's search).
 */
export function SearchField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField autoComplete="off" {...props} type="search" />;
}

// ---------------------------------------------------------------------------

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = CommonFieldProps &
  Omit<ComponentPropsWithRef<'select'>, 'onChange' | 'value' | 'name' | 'className' | 'children' | 'multiple'> & {
    value: string;
    onChange: (value: string) => void;
    options: SelectOption[];
    /** Adds a first empty option with this text (e.g. "Choose a school…"). */
    placeholder?: string;
  };

export function SelectField(props: SelectFieldProps) {
  const { f, name, required, frame, rest: { value, onChange, options, placeholder, ...rest } } = useFieldProps(props);
  return (
    <StackedField {...frame}>
      <select {...rest} {...controlProps(f, name, value, required, onChange)} className="field__control field__control--select">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </StackedField>
  );
}

// ---------------------------------------------------------------------------

export type TextAreaFieldProps = CommonFieldProps &
  Omit<ComponentPropsWithRef<'textarea'>, 'onChange' | 'value' | 'name' | 'className' | 'children'> & {
    value: string;
    onChange: (value: string) => void;
  };

export function TextAreaField(props: TextAreaFieldProps) {
  const { f, name, required, frame, rest: { value, onChange, rows = 4, ...rest } } = useFieldProps(props);
  return (
    <StackedField {...frame}>
      <textarea {...rest} {...controlProps(f, name, value, required, onChange)} className="field__control field__control--textarea" rows={rows} />
    </StackedField>
  );
}

// ---------------------------------------------------------------------------

export type CheckboxFieldProps = CommonFieldProps &
  Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'checked' | 'value' | 'name' | 'type' | 'className' | 'children'> & {
    checked: boolean;
    onChange: (checked: boolean) => void;
    value?: string;
  };

export function CheckboxField(props: CheckboxFieldProps) {
  const { f, name, required, frame: { label, hint, className }, rest: { checked, onChange, ...rest } } = useFieldProps(props);
  return (
    <div
      className={['field', 'field--checkbox', f.errors.length > 0 && 'field--invalid', className]
        .filter(Boolean)
        .join(' ')}
    >
      <div className="field__check-row">
        <input
          {...rest}
          {...f.aria}
          id={f.controlId}
          className="field__checkbox"
          type="checkbox"
          name={name}
          checked={checked}
          required={required}
          onChange={(e) => onChange(e.target.checked)}
        />
        <FieldLabel htmlFor={f.controlId} label={label} required={required} />
      </div>
      {f.hasHint && <FieldHint id={f.hintId} hint={hint} />}
      <FieldErrors id={f.errorId} errors={f.errors} />
    </div>
  );
}

// ---------------------------------------------------------------------------

export type FormErrorProps = {
  /** Message(s) to show; nothing renders when empty. */
  error?: FieldError;
  title?: string;
  children?: ReactNode;
};

/** Form-level error summary, announced immediately (role="alert"). */
export function FormError({ error, title, children }: FormErrorProps) {
  const errors = errorList(error);
  if (errors.length === 0 && !children) return null;
  return (
    <div className="form-error" role="alert">
      <span className="form-error__icon" aria-hidden="true">!</span>
      <div className="form-error__content">
        <p className="form-error__title">
          {title ?? (
            <>
              <span className="sr-only">{t(m.error)}</span>
              {errors.length > 1 ? t(m.fixFollowing) : errors[0] ?? t(m.wentWrong)}
            </>
          )}
        </p>
        {(title !== undefined || errors.length > 1) && errors.length > 0 && (
          <ul className="form-error__list">
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        )}
        {children}
      </div>
    </div>
  );
}
