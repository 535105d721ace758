// A labelled group of checkboxes (roles, schools) with an optional one-line description per option,
// a hint and an inline error; the fieldset takes focus when the form sends focus to the first error.
import { useId } from 'react';

export interface CheckboxOption {
  value: string;
  label: string;
  description?: string;
}

type Props = {
  legend: string;
  name: string;
  options: CheckboxOption[];
  value: string[];
  onChange: (value: string[]) => void;
  required?: boolean;
  hint?: string;
  error?: string;
  columns?: 1 | 2;
  disabled?: boolean;
};

export function CheckboxGroup({ legend, name, options, value, onChange, required, hint, error, columns = 1, disabled }: Props) {
  const id = `group${useId()}`;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const toggle = (option: string, on: boolean) => {
    const next = on ? [...value, option] : value.filter((v) => v !== option);
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <fieldset
      className={['users-checks', error && 'users-checks--invalid'].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
      disabled={disabled}
    >
      <legend className="field__label users-checks__legend">
        {legend}
        {required && (
          <span className="field__required">
            <span aria-hidden="true"> *</span>
            <span className="sr-only"> (required)</span>
          </span>
        )}
      </legend>
      {hint && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
      <div className={`users-checks__grid users-checks__grid--${columns}`}>
        {options.map((o) => {
          const checked = value.includes(o.value);
          const optionId = `${id}-${o.value}`;
          return (
            <div key={o.value} className={['users-check', checked && 'users-check--checked'].filter(Boolean).join(' ')}>
              <input
                id={optionId}
                type="checkbox"
                className="field__checkbox"
                name={name}
                value={o.value}
                checked={checked}
                aria-describedby={o.description ? `${optionId}-desc` : undefined}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
              <span className="users-check__text">
                <label htmlFor={optionId} className="users-check__label">{o.label}</label>
                {o.description && <span id={`${optionId}-desc`} className="users-check__desc">{o.description}</span>}
              </span>
            </div>
          );
        })}
      </div>
      {error && (
        <div className="field__error" id={`${id}-error`}>
          <p className="field__error-item">
            <span className="field__error-icon" aria-hidden="true">!</span>
            <span className="sr-only">Error: </span>
            {error}
          </p>
        </div>
      )}
    </fieldset>
  );
}
