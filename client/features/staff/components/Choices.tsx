// Picking several values: a checkbox group (edit form) and a compact dropdown of the same group
// (filters, bulk rows) built on <details> so it works with keyboard and screen readers as is.
import { useEffect, useId, useRef } from 'react';

export interface Choice {
  value: string;
  label: string;
}

type GroupProps = {
  legend: string;
  choices: Choice[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  hint?: string;
  /** Hide the legend visually (the dropdown shows its own label). */
  legendHidden?: boolean;
  columns?: 'auto' | 'narrow';
  name: string;
  id?: string;
};

function toggle(list: string[], value: string, on: boolean, order: Choice[]): string[] {
  const next = on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
  const index = new Map(order.map((c, i) => [c.value, i]));
  return next.sort((a, b) => (index.get(a) ?? 0) - (index.get(b) ?? 0));
}

export function ChoiceGroup({ legend, choices, value, onChange, error, hint, legendHidden, columns = 'auto', name, id }: GroupProps) {
  const base = useId();
  const groupId = id ?? `choices${base}`;
  const describedBy = [hint && `${groupId}-hint`, error && `${groupId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      id={groupId}
      className={['staff-choices', error && 'staff-choices--invalid'].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
    >
      <legend className={legendHidden ? 'sr-only' : 'field__label staff-choices__legend'}>{legend}</legend>
      {hint && (
        <p className="field__hint" id={`${groupId}-hint`}>
          {hint}
        </p>
      )}
      <div className={`staff-choices__grid staff-choices__grid--${columns}`}>
        {choices.map((c) => {
          const checked = value.includes(c.value);
          return (
            <label key={c.value} className={['staff-choice', checked && 'staff-choice--checked'].filter(Boolean).join(' ')}>
              <input
                type="checkbox"
                className="field__checkbox"
                name={name}
                value={c.value}
                checked={checked}
                onChange={(e) => onChange(toggle(value, c.value, e.target.checked, choices))}
              />
              <span>{c.label}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <div className="field__error" id={`${groupId}-error`}>
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

type DropdownProps = GroupProps & {
  /** Text on the closed control: what is chosen ("All schools", "K–2", "2 schools"). */
  summary: string;
  required?: boolean;
  className?: string;
};

/** A labelled control that opens a checkbox list; closes on Escape and on a click elsewhere. */
export function ChoiceDropdown({ summary, legend, error, hint, className, required, id, ...group }: DropdownProps) {
  const base = useId();
  const controlId = id ?? `dropdown${base}`;
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const d = detailsRef.current;
      if (d?.open && !d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  return (
    <div className={['field', 'staff-dropdown', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <span className="field__label" id={`${controlId}-label`} aria-hidden="true">
        {legend}
        {required && <span className="field__required"> *</span>}
      </span>
      <details
        ref={detailsRef}
        className="staff-dropdown__details"
        onBlur={(e) => {
          // Tabbing out of the open list closes it, like a native select.
          const d = detailsRef.current;
          if (d?.open && e.relatedTarget && !d.contains(e.relatedTarget as Node)) d.open = false;
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && detailsRef.current?.open) {
            e.preventDefault();
            e.stopPropagation();
            detailsRef.current.open = false;
            summaryRef.current?.focus();
          }
        }}
      >
        <summary
          ref={summaryRef}
          id={controlId}
          className="field__control field__control--select staff-dropdown__summary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${controlId}-error` : undefined}
        >
          <span className="sr-only">{legend}{required ? ' (required)' : ''}: </span>
          <span className="staff-dropdown__value">{summary}</span>
          <svg className="staff-dropdown__chevron" viewBox="0 0 12 8" width="12" height="8" aria-hidden="true" focusable="false">
            <path d="M1 1.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </summary>
        <div className="staff-dropdown__panel">
          <ChoiceGroup {...group} legend={legend} legendHidden hint={hint} columns="narrow" />
        </div>
      </details>
      {error && (
        <div className="field__error" id={`${controlId}-error`}>
          <p className="field__error-item">
            <span className="field__error-icon" aria-hidden="true">!</span>
            <span className="sr-only">Error: </span>
            {error}
          </p>
        </div>
      )}
    </div>
  );
}
