// A compact dropdown for picking several values (filters, bulk rows): the shared CheckboxGroup inside a
// <details>, so it works with keyboard and screen readers as is. Closed, it looks like a SelectField (the
// label above, the chosen values in the box), so a list's multi-value filters (Educators' school, every
// report filter) sit beside single-value selects as one kind of control.
import { useEffect, useId, useRef } from 'react';
import { CheckboxGroup, type CheckboxGroupProps } from './CheckboxGroup';
import './choiceDropdown.css';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  legend: { id: 'ui.choiceDropdown.legend', defaultMessage: '{required, select, yes {{legend} (required): } other {{legend}: }}' },
  error: { id: 'ui.choiceDropdown.error', defaultMessage: 'Error: ' },
});

type DropdownProps = Omit<CheckboxGroupProps, 'legendHidden' | 'columns' | 'variant' | 'disabled'> & {
  /** Text on the closed control: what is chosen ("All schools", "K–2", "2 schools"). */
  summary: string;
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
    <div className={['field', 'choice-dropdown', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <span className="field__label" id={`${controlId}-label`} aria-hidden="true">
        {legend}
        {required && <span className="field__required"> *</span>}
      </span>
      <details
        ref={detailsRef}
        className="choice-dropdown__details"
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
          className="field__control field__control--select choice-dropdown__summary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${controlId}-error` : undefined}
        >
          <span className="sr-only">{t(m.legend, { legend, required: required ? 'yes' : 'no' })}</span>
          <span className="choice-dropdown__value">{summary}</span>
          <svg className="choice-dropdown__chevron" viewBox="0 0 12 8" width="12" height="8" aria-hidden="true" focusable="false">
            <path d="M1 1.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </summary>
        <div className="choice-dropdown__panel">
          <CheckboxGroup {...group} legend={legend} legendHidden hint={hint} columns={1} />
        </div>
      </details>
      {error && (
        <div className="field__error" id={`${controlId}-error`}>
          <p className="field__error-item">
            <span className="field__error-icon" aria-hidden="true">!</span>
            <span className="sr-only">{t(m.error)}</span>
            {error}
          </p>
        </div>
      )}
    </div>
  );
}
