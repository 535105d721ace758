import { useEffect, useRef, useState } from 'react';
import {
  FIELD_HELP_MAX, FIELD_KIND_KEYS, FIELD_KINDS, FIELD_LABEL_MAX, FIELD_OPTION_MAX, FIELD_OPTIONS_MAX, interactionFieldSchema,
  RATING_SCALE_MAX, RATING_SCALE_MIN, type InteractionField, type InteractionType,
} from '../../../../common/schemas/interactionTypes';
import { Button } from '../../../components/Button';
import { CheckboxField, FieldErrors, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import type { TypesApi } from '../api';

const KIND_OPTIONS = FIELD_KIND_KEYS.map((k) => ({ value: k, label: FIELD_KINDS[k] }));
const SCALE_OPTIONS = Array.from({ length: RATING_SCALE_MAX - RATING_SCALE_MIN + 1 }, (_, i) => {
  const n = i + RATING_SCALE_MIN;
  return { value: String(n), label: `1 to ${n}` };
});
const KIND_HINTS: Record<string, string> = {
  short_text: 'One line of text (up to 200 characters).',
  long_text: 'Several lines of text (up to 5,000 characters).',
  number: 'A number, optionally between a minimum and a maximum.',
  single_choice: 'One option from a list.',
  multiple_choice: 'Any number of options from a list.',
  yes_no: 'Yes or no.',
  date: 'A calendar date.',
  rating: 'A point on a scale from 1 to N, optionally with a label for each point.',
};

/** The options of a choice field: one text box per option, add and remove. */
function OptionsEditor({ options, onChange, error }: { options: string[]; onChange: (o: string[]) => void; error?: string }) {
  const list = useRef<HTMLDivElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    const inputs = list.current?.querySelectorAll<HTMLInputElement>('input');
    (inputs?.[Math.min(focusAt, inputs.length - 1)] ?? list.current?.querySelector<HTMLButtonElement>('.its-options__add'))?.focus();
    setFocusAt(null);
  }, [focusAt]);
  return (
    <fieldset className="its-options" tabIndex={-1} aria-invalid={error ? true : undefined} aria-describedby={error ? 'field-options-error' : undefined}>
      <legend className="field__label">Options</legend>
      <p className="field__hint">At least two, each different; up to {FIELD_OPTIONS_MAX}.</p>
      <div ref={list} className="stack stack--sm">
        {options.map((option, i) => (
          <div key={i} className="its-options__row">
            <TextField
              label={`Option ${i + 1}`}
              name={`option-${i}`}
              value={option}
              maxLength={FIELD_OPTION_MAX}
              autoComplete="off"
              onChange={(v) => onChange(options.map((o, j) => (j === i ? v : o)))}
            />
            <Button
              size="sm"
              variant="ghost"
              className="its-options__remove"
              aria-label={`Remove option ${i + 1}${option ? ` (${option})` : ''}`}
              onClick={() => {
                onChange(options.filter((_, j) => j !== i));
                setFocusAt(Math.max(0, i - 1));
              }}
            >
              Remove
            </Button>
          </div>
        ))}
        {options.length < FIELD_OPTIONS_MAX && (
          <div>
            <Button
              size="sm"
              variant="secondary"
              className="its-options__add"
              onClick={() => {
                onChange([...options, '']);
                setFocusAt(options.length);
              }}
            >
              Add option
            </Button>
          </div>
        )}
      </div>
      <FieldErrors id="field-options-error" errors={error ? [error] : []} />
    </fieldset>
  );
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** Add a custom field to a type (no `field`) or edit one; closes itself after a successful save. */
export function FieldFormModal({ api, type, field, onClose }: {
  api: TypesApi; type: InteractionType; field: InteractionField | null; onClose: () => void;
}) {
  const toast = useToast();
  const form = useFormErrors({
    label: field?.label ?? '',
    help_text: field?.help_text ?? '',
    kind: field?.kind ?? 'short_text',
    required: field?.required ? '1' : '',
    min: text(field?.min),
    max: text(field?.max),
    scale: text(field?.scale ?? 5),
    labelled: field?.labels?.length ? '1' : '',
  }, ['options', 'labels']);
  const [options, setOptions] = useState<string[]>(field?.options?.length ? field.options : ['', '']);
  const [labels, setLabels] = useState<string[]>(field?.labels ?? []);
  const formId = field ? `field-form-${field.id}` : `field-form-new-${type.id}`;
  const kind = form.values.kind;
  const scale = Number(form.values.scale) || 5;
  const shownLabels = Array.from({ length: scale }, (_, i) => labels[i] ?? '');

  const submit = form.onSubmit(async () => {
    const choice = kind === 'single_choice' || kind === 'multiple_choice';
    const data = form.check(interactionFieldSchema, {
      label: form.values.label,
      help_text: form.values.help_text,
      kind,
      required: form.values.required === '1',
      options: choice ? options : [],
      min: kind === 'number' ? numberOrNull(form.values.min) : null,
      max: kind === 'number' ? numberOrNull(form.values.max) : null,
      scale: kind === 'rating' ? numberOrNull(form.values.scale) : null,
      labels: kind === 'rating' && form.values.labelled === '1' ? shownLabels : [],
    });
    if (!data) return;
    await form.run(async () => {
      const saved = field ? await api.updateField(field.id, data) : await api.createField(type.id, data);
      toast.success(field ? `${saved.label} has been saved.` : `${saved.label} has been added to ${type.name}.`);
      onClose();
    });
  });

  return (
    <FormModal
      size="lg"
      title={field ? `Edit field: ${field.label}` : `Add a field to ${type.name}`}
      onClose={onClose}
      form={form}
      formId={formId}
      onSubmit={submit}
      submitLabel={field ? 'Save field' : 'Add field'}
    >
      <TextField label="Label" required maxLength={FIELD_LABEL_MAX} autoComplete="off" {...form.field('label')} />
      <TextAreaField
        label="Help text"
        hint="Optional: shown under the field when someone logs an interaction."
        rows={2}
        maxLength={FIELD_HELP_MAX}
        {...form.field('help_text')}
      />
      <SelectField
        label="Kind"
        required
        options={KIND_OPTIONS}
        hint={field ? `${KIND_HINTS[kind] ?? ''} The kind cannot change once interactions have values for this field.` : KIND_HINTS[kind]}
        {...form.field('kind')}
      />
      {(kind === 'single_choice' || kind === 'multiple_choice') && (
        <OptionsEditor options={options} onChange={setOptions} error={form.errors.options} />
      )}
      {kind === 'number' && (
        <div className="grid-2">
          <TextField label="Minimum" hint="Optional." type="number" inputMode="decimal" {...form.field('min')} />
          <TextField label="Maximum" hint="Optional." type="number" inputMode="decimal" {...form.field('max')} />
        </div>
      )}
      {kind === 'rating' && (
        <>
          <SelectField label="Scale" required options={SCALE_OPTIONS} {...form.field('scale')} />
          <CheckboxField
            label="Label each point"
            hint="For example 1 Beginning, 2 Developing, 3 Proficient, 4 Distinguished."
            {...form.checkbox('labelled')}
          />
          {form.values.labelled === '1' && (
            <fieldset className="its-options" tabIndex={-1} aria-invalid={form.errors.labels ? true : undefined} aria-describedby={form.errors.labels ? 'field-labels-error' : undefined}>
              <legend className="field__label">Point labels</legend>
              <div className="its-labels">
                {shownLabels.map((label, i) => (
                  <TextField
                    key={i}
                    label={`Label for ${i + 1}`}
                    name={`label-${i}`}
                    value={label}
                    maxLength={FIELD_OPTION_MAX}
                    autoComplete="off"
                    onChange={(v) => setLabels(shownLabels.map((l, j) => (j === i ? v : l)))}
                  />
                ))}
              </div>
              <FieldErrors id="field-labels-error" errors={form.errors.labels ? [form.errors.labels] : []} />
            </fieldset>
          )}
        </>
      )}
      <CheckboxField
        label="Required"
        hint="Interactions of this type cannot be saved without it."
        {...form.checkbox('required')}
      />
    </FormModal>
  );
}
