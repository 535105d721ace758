// One custom field of an interaction type, rendered by its kind: short/long text, number (min/max),
// single choice (radios), multiple choice (checkboxes), yes/no, date, rating 1–N with labels.
// Every control is labelled; its help text and error are linked with aria-describedby.
import { useId } from 'react';
import type { InteractionField } from '../../../../common/schemas/interactionTypes';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from '../../../../common/schemas/interactionTypes';
import { FieldErrors, FieldHint, RequiredMark, TextAreaField, TextField } from '../../../components/Field';
import type { FieldDraft } from '../logForm';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  yes: { id: 'activity.yes', defaultMessage: 'Yes' },
  no: { id: 'activity.no', defaultMessage: 'No' },
  clearAnswer: { id: 'activity.clearAnswer', defaultMessage: 'Clear answer' },
  toField: { id: 'activity.toField', defaultMessage: 'to {label}' },
  fromTo: { id: 'activity.fromTo', defaultMessage: 'From {min} to {max}.' },
  atLeast: { id: 'activity.atLeast', defaultMessage: 'At least {min}.' },
  atMost: { id: 'activity.atMost', defaultMessage: 'At most {max}.' },
});

type Props = {
  field: InteractionField;
  value: FieldDraft | undefined;
  onChange: (value: FieldDraft) => void;
  error?: string;
};

function Choices({ field, value, onChange, error, multiple }: Props & { multiple: boolean }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const selected = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  const options = field.kind === 'yes_no'
    ? [{ value: 'yes', label: t(m.yes) }, { value: 'no', label: t(m.no) }]
    : field.kind === 'rating'
      ? Array.from({ length: field.scale ?? 5 }, (_, i) => ({ value: String(i + 1), label: field.labels?.[i] ? `${i + 1} – ${field.labels[i]}` : String(i + 1) }))
      : (field.options ?? []).map((o) => ({ value: o, label: o }));
  const current = field.kind === 'yes_no' ? (value === true ? ['yes'] : value === false ? ['no'] : []) : selected;
  const set = (option: string, on: boolean) => {
    if (field.kind === 'yes_no') return onChange(option === 'yes');
    if (!multiple) return onChange(option);
    const next = new Set(current);
    if (on) next.add(option);
    else next.delete(option);
    onChange((field.options ?? []).filter((o) => next.has(o)));
  };
  const describedBy = [field.help_text && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const layout = field.kind === 'rating' ? 'custom-choices--rating' : field.kind === 'yes_no' ? 'custom-choices--inline' : '';
  return (
    <fieldset className={['field', 'custom-choices', layout, error && 'field--invalid'].filter(Boolean).join(' ')} aria-describedby={describedBy} aria-invalid={error ? true : undefined} tabIndex={-1}>
      <legend className="field__label">
        {field.label}
        {field.required && <RequiredMark />}
      </legend>
      {field.help_text && <FieldHint id={hintId} hint={field.help_text} />}
      <div className="custom-choices__options">
        {options.map((o) => (
          <label key={o.value} className="custom-choices__option">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`field-${field.id}${multiple ? '[]' : ''}`}
              value={o.value}
              checked={current.includes(o.value)}
              onChange={(e) => set(o.value, e.target.checked)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {!multiple && !field.required && current.length > 0 && (
        <button type="button" className="btn-link text-sm" onClick={() => onChange(null)}>
          {t(m.clearAnswer)}<span className="sr-only"> {t(m.toField, { label: field.label })}</span>
        </button>
      )}
      <FieldErrors id={errorId} errors={error ? [error] : []} />
    </fieldset>
  );
}

export function CustomFieldInput(props: Props) {
  const { field, value, onChange, error } = props;
  const text = typeof value === 'string' ? value : '';
  const name = `field_values.${field.id}`;
  const hint = field.help_text ?? undefined;
  switch (field.kind) {
    case 'long_text':
      return <TextAreaField label={field.label} name={name} value={text} onChange={onChange} hint={hint} error={error} required={field.required} maxLength={LONG_TEXT_MAX} rows={3} />;
    case 'number': {
      const range = field.min !== null && field.max !== null ? t(m.fromTo, { min: String(field.min), max: String(field.max) }) : field.min !== null ? t(m.atLeast, { min: String(field.min) }) : field.max !== null ? t(m.atMost, { max: String(field.max) }) : '';
      return (
        <TextField
          label={field.label} name={name} type="number" inputMode="decimal" value={text} onChange={onChange}
          hint={[hint, range].filter(Boolean).join(' ') || undefined} error={error} required={field.required}
          min={field.min ?? undefined} max={field.max ?? undefined} step="any" className="field--short"
        />
      );
    }
    case 'date':
      return <TextField label={field.label} name={name} type="date" value={text} onChange={onChange} hint={hint} error={error} required={field.required} className="field--short" />;
    case 'single_choice':
    case 'rating':
    case 'yes_no':
      return <Choices {...props} multiple={false} />;
    case 'multiple_choice':
      return <Choices {...props} multiple />;
    default:
      return <TextField label={field.label} name={name} value={text} onChange={onChange} hint={hint} error={error} required={field.required} maxLength={SHORT_TEXT_MAX} />;
  }
}
