// Form plumbing every screen with a form uses: field values, instant checks with the shared zod
// schemas, and server answers (422 `errors: {field: [messages]}`) mapped to
// inline field errors, with anything that belongs to no visible field shown as a form-level error.
import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { type FieldErrorMap, type FormErrors, toFormErrors, zodFormErrors } from './formErrors';

// The pure part (no React) lives in formErrors.ts: the pre-rendered login page uses it without React.
export { type FieldErrorMap, type FormErrors, toFormErrors, zodFieldErrors, zodFormErrors } from './formErrors';

export interface FieldBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * Moves focus to the form's first invalid control once the errors set with it have rendered: the call
 * asks for it, an effect after React's commit does it (a frame timer could run before the commit).
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLElement | null>): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked, formRef]);
  return useCallback(() => setAsked((n) => n + 1), []);
}

/**
 * A form's sending state, whatever shape its values have: busy flag, inline field errors, a form-level
 * error, the form's ref, `fail` (shows errors and focuses the first invalid control), `run` (a request
 * with the busy state on; a failure shown inline, mapped onto `visibleFields`) and `onSubmit`.
 * useFormErrors adds string values to it; a form with values of its own shape (the interaction and
 * time dialogs) uses it directly.
 */
export function useSubmitState(visibleFields: () => readonly string[]) {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const fail = (next: FormErrors) => {
    setErrors(next.fields);
    setFormError(next.form);
    focusFirstInvalid();
  };

  /** Runs a request with the busy state on; a failure is shown inline. Resolves true on success. */
  async function run(action: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await action();
      return true;
    } catch (err) {
      fail(toFormErrors(err, visibleFields()));
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** An onSubmit handler that stops the browser's own submit and runs `handler`. */
  const onSubmit = (handler: () => void | Promise<unknown>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void handler();
  };

  return { errors, setErrors, formError, setFormError, busy, setBusy, formRef, fail, run, onSubmit };
}

/**
 * One form's state: values, busy flag, inline field errors and a form-level error.
 * `extraFields` names server error keys shown somewhere other than an input (e.g. a reset token).
 * After a failed submit, focus moves to the first invalid control.
 */
export function useFormErrors<V extends Record<string, string>>(initial: V, extraFields: readonly string[] = []) {
  const [values, setValues] = useState<V>(initial);
  const visible = () => [...Object.keys(values), ...extraFields];
  const { errors, setErrors, formError, busy, formRef, fail, run, onSubmit } = useSubmitState(visible);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name as string] ? { ...e, [name as string]: undefined } : e));
  }, [setErrors]);

  const field = (name: keyof V & string): FieldBinding => ({
    name,
    value: values[name],
    onChange: (value: string) => set(name, value as V[typeof name]),
    error: errors[name],
  });

  /** A checkbox kept as '1' (checked) or '' in the string values. */
  const checkbox = (name: keyof V & string) => ({
    name,
    checked: values[name] === '1',
    onChange: (on: boolean) => set(name, (on ? '1' : '') as V[typeof name]),
    error: errors[name],
  });

  /** Instant client-side check; returns the parsed data, or null after showing the messages inline. */
  function check<S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> | null {
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    fail(zodFormErrors(result.error, visible()));
    return null;
  }

  return { values, set, setValues, field, checkbox, errors, formError, busy, formRef, check, run, onSubmit };
}
