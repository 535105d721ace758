// A labelled group of checkboxes for picking several values (roles, schools, grades, subjects):
// a <fieldset> with a legend, optional hint, one checkbox per option (optionally with a one-line
// description) and an inline error. The fieldset takes focus when a form sends focus to its first
// error (it carries aria-invalid), and the chosen values always come back in option order.
import { useId } from 'react';
import { FieldErrors, FieldHint, RequiredMark } from './Field';

export interface CheckboxOption {
  value: string;
  label: string;
  /** A short line under the label, read out as the checkbox's description. */
  description?: string;
}

export type CheckboxGroupProps = {
  legend: string;
  name: string;
  options: CheckboxOption[];
  value: string[];
  onChange: (value: string[]) => void;
  required?: boolean;
  hint?: string;
  error?: string;
  /**
   * 1 or 2 fixed columns (2 from tablet width up); 'auto' fits as many ~14rem columns as there is room
   * for; 'narrow' does the same with ~5rem columns, for very short labels such as grades.
   */
  columns?: 1 | 2 | 'auto' | 'narrow';
  disabled?: boolean;
  /** Keep the legend for screen readers only (when something else shows the label). */
  legendHidden?: boolean;
  /**
   * 'list' (default): compact rows, for many short options. 'cards': a bordered tile per option with a
   * bold label, for a few options that each need a description.
   */
  variant?: 'list' | 'cards';
  id?: string;
};

/**
 * The new value after ticking or unticking `option`: no duplicates, in the order of `options`. Values
 * that are not among the options (a stale filter in the URL) are kept, after the others.
 */
export function toggleValue(options: readonly { value: string }[], value: readonly string[], option: string, on: boolean): string[] {
  const next = new Set(value);
  if (on) next.add(option);
  else next.delete(option);
  const known = options.map((o) => o.value);
  return [...known.filter((v) => next.has(v)), ...[...next].filter((v) => !known.includes(v))];
}

export function CheckboxGroup({
  legend,
  name,
  options,
  value,
  onChange,
  required,
  hint,
  error,
  columns = 'auto',
  disabled,
  legendHidden,
  variant = 'list',
  id,
}: CheckboxGroupProps) {
  const generated = useId();
  const groupId = id ?? `checkbox-group${generated}`;
  const hintId = `${groupId}-hint`;
  const errorId = `${groupId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      id={groupId}
      className={['checkbox-group', `checkbox-group--${variant}`, error && 'checkbox-group--invalid'].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
      disabled={disabled}
    >
      <legend className={legendHidden ? 'sr-only' : 'field__label checkbox-group__legend'}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      {hint && <FieldHint id={hintId} hint={hint} />}
      <div className={`checkbox-group__grid checkbox-group__grid--${columns}`}>
        {options.map((o, i) => {
          const checked = value.includes(o.value);
          // By position, not value: values may contain spaces ("Fine Arts"), which ids cannot.
          const optionId = `${groupId}-${i}`;
          return (
            <div key={o.value} className={['checkbox-group__option', checked && 'checkbox-group__option--checked'].filter(Boolean).join(' ')}>
              <input
                id={optionId}
                type="checkbox"
                className="field__checkbox"
                name={name}
                value={o.value}
                checked={checked}
                aria-describedby={o.description ? `${optionId}-desc` : undefined}
                onChange={(e) => onChange(toggleValue(options, value, o.value, e.target.checked))}
              />
              <span className="checkbox-group__text">
                <label htmlFor={optionId} className="checkbox-group__label">
                  {o.label}
                </label>
                {o.description && (
                  <span id={`${optionId}-desc`} className="checkbox-group__desc">
                    {o.description}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
      {error && <FieldErrors id={errorId} errors={[error]} />}
    </fieldset>
  );
}
