import { useEffect, useRef, useState } from 'react';
import {
  FIELD_HELP_MAX, FIELD_KIND_KEYS, FIELD_LABEL_MAX, FIELD_OPTION_MAX, FIELD_OPTIONS_MAX, interactionFieldSchema,
  RATING_SCALE_MAX, RATING_SCALE_MIN, type InteractionField, type InteractionType,
} from '../../../../common/schemas/interactionTypes';
import { Button } from '../../../components/Button';
import { CheckboxField, FieldErrors, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';
import type { TypesApi } from '../api';
import { kindLabel } from './describe';

const m = defineMessages({
  scale: { id: 'interactionSettings.fieldForm.scaleOption', defaultMessage: '1 to {n}' },
  hintShortText: { id: 'interactionSettings.fieldForm.hint.short_text', defaultMessage: 'One line of text (up to 200 characters).' },
  hintLongText: { id: 'interactionSettings.fieldForm.hint.long_text', defaultMessage: 'Several lines of text (up to 5,000 characters).' },
  hintNumber: { id: 'interactionSettings.fieldForm.hint.number', defaultMessage: 'A number, optionally between a minimum and a maximum.' },
  hintSingleChoice: { id: 'interactionSettings.fieldForm.hint.single_choice', defaultMessage: 'One option from a list.' },
  hintMultipleChoice: { id: 'interactionSettings.fieldForm.hint.multiple_choice', defaultMessage: 'Any number of options from a list.' },
  hintYesNo: { id: 'interactionSettings.fieldForm.hint.yes_no', defaultMessage: 'Yes or no.' },
  hintDate: { id: 'interactionSettings.fieldForm.hint.date', defaultMessage: 'A calendar date.' },
  hintRating: { id: 'interactionSettings.fieldForm.hint.rating', defaultMessage: 'A point on a scale from 1 to N, optionally with a label for each point.' },
  kindFixed: { id: 'interactionSettings.fieldForm.kindFixed', defaultMessage: '{hint} The kind cannot change once interactions have values for this field.' },
  kindFixedAlone: { id: 'interactionSettings.fieldForm.kindFixedAlone', defaultMessage: 'The kind cannot change once interactions have values for this field.' },
  options: { id: 'interactionSettings.fieldForm.options', defaultMessage: 'Options' },
  optionsHint: { id: 'interactionSettings.fieldForm.optionsHint', defaultMessage: 'At least two, each different; up to {max, number}.' },
  option: { id: 'interactionSettings.fieldForm.option', defaultMessage: 'Option {n, number}' },
  removeOption: { id: 'interactionSettings.fieldForm.removeOption', defaultMessage: 'Remove option {n, number}' },
  removeOptionNamed: { id: 'interactionSettings.fieldForm.removeOptionNamed', defaultMessage: 'Remove option {n, number} ({option})' },
  remove: { id: 'interactionSettings.fieldForm.remove', defaultMessage: 'Remove' },
  addOption: { id: 'interactionSettings.fieldForm.addOption', defaultMessage: 'Add option' },
  saved: { id: 'interactionSettings.fieldForm.saved', defaultMessage: '{name} has been saved.' },
  added: { id: 'interactionSettings.fieldForm.added', defaultMessage: '{name} has been added to {type}.' },
  editTitle: { id: 'interactionSettings.fieldForm.editTitle', defaultMessage: 'Edit field: {name}' },
  addTitle: { id: 'interactionSettings.fieldForm.addTitle', defaultMessage: 'Add a field to {type}' },
  save: { id: 'interactionSettings.fieldForm.save', defaultMessage: 'Save field' },
  add: { id: 'interactionSettings.fieldForm.add', defaultMessage: 'Add field' },
  label: { id: 'interactionSettings.fieldForm.label', defaultMessage: 'Label' },
  help: { id: 'interactionSettings.fieldForm.help', defaultMessage: 'Help text' },
  helpHint: { id: 'interactionSettings.fieldForm.helpHint', defaultMessage: 'Optional: shown under the field when someone logs an interaction.' },
  kind: { id: 'interactionSettings.fieldForm.kind', defaultMessage: 'Kind' },
  minimum: { id: 'interactionSettings.fieldForm.minimum', defaultMessage: 'Minimum' },
  maximum: { id: 'interactionSettings.fieldForm.maximum', defaultMessage: 'Maximum' },
  optional: { id: 'interactionSettings.fieldForm.optional', defaultMessage: 'Optional.' },
  scaleLabel: { id: 'interactionSettings.fieldForm.scale', defaultMessage: 'Scale' },
  labelEach: { id: 'interactionSettings.fieldForm.labelEach', defaultMessage: 'Label each point' },
  labelEachHint: { id: 'interactionSettings.fieldForm.labelEachHint', defaultMessage: 'For example 1 Beginning, 2 Developing, 3 Proficient, 4 Distinguished.' },
  pointLabels: { id: 'interactionSettings.fieldForm.pointLabels', defaultMessage: 'Point labels' },
  labelFor: { id: 'interactionSettings.fieldForm.labelFor', defaultMessage: 'Label for {n, number}' },
  required: { id: 'interactionSettings.fieldForm.required', defaultMessage: 'Required' },
  requiredHint: { id: 'interactionSettings.fieldForm.requiredHint', defaultMessage: 'Interactions of this type cannot be saved without it.' },
});

const kindOptions = () => FIELD_KIND_KEYS.map((k) => ({ value: k, label: kindLabel(k) }));
const scaleOptions = () => Array.from({ length: RATING_SCALE_MAX - RATING_SCALE_MIN + 1 }, (_, i) => {
  const n = i + RATING_SCALE_MIN;
  return { value: String(n), label: t(m.scale, { n: String(n) }) };
});
const KIND_HINTS: Record<string, MessageDescriptor> = {
  short_text: m.hintShortText,
  long_text: m.hintLongText,
  number: m.hintNumber,
  single_choice: m.hintSingleChoice,
  multiple_choice: m.hintMultipleChoice,
  yes_no: m.hintYesNo,
  date: m.hintDate,
  rating: m.hintRating,
};
const kindHint = (kind: string) => (KIND_HINTS[kind] ? t(KIND_HINTS[kind]!) : '');

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
      <legend className="field__label">{t(m.options)}</legend>
      <p className="field__hint">{t(m.optionsHint, { max: FIELD_OPTIONS_MAX })}</p>
      <div ref={list} className="stack stack--sm">
        {options.map((option, i) => (
          <div key={i} className="its-options__row">
            <TextField
              label={t(m.option, { n: i + 1 })}
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
              aria-label={option ? t(m.removeOptionNamed, { n: i + 1, option }) : t(m.removeOption, { n: i + 1 })}
              onClick={() => {
                onChange(options.filter((_, j) => j !== i));
                setFocusAt(Math.max(0, i - 1));
              }}
            >
              {t(m.remove)}
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
              {t(m.addOption)}
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
      toast.success(field ? t(m.saved, { name: saved.label }) : t(m.added, { name: saved.label, type: type.name }));
      onClose();
    });
  });

  return (
    <FormModal
      size="lg"
      title={field ? t(m.editTitle, { name: field.label }) : t(m.addTitle, { type: type.name })}
      onClose={onClose}
      form={form}
      formId={formId}
      onSubmit={submit}
      submitLabel={field ? t(m.save) : t(m.add)}
    >
      <TextField label={t(m.label)} required maxLength={FIELD_LABEL_MAX} autoComplete="off" {...form.field('label')} />
      <TextAreaField
        label={t(m.help)}
        hint={t(m.helpHint)}
        rows={2}
        maxLength={FIELD_HELP_MAX}
        {...form.field('help_text')}
      />
      <SelectField
        label={t(m.kind)}
        required
        options={kindOptions()}
        hint={field ? (kindHint(kind) ? t(m.kindFixed, { hint: kindHint(kind) }) : t(m.kindFixedAlone)) : kindHint(kind) || undefined}
        {...form.field('kind')}
      />
      {(kind === 'single_choice' || kind === 'multiple_choice') && (
        <OptionsEditor options={options} onChange={setOptions} error={form.errors.options} />
      )}
      {kind === 'number' && (
        <div className="grid-2">
          <TextField label={t(m.minimum)} hint={t(m.optional)} type="number" inputMode="decimal" {...form.field('min')} />
          <TextField label={t(m.maximum)} hint={t(m.optional)} type="number" inputMode="decimal" {...form.field('max')} />
        </div>
      )}
      {kind === 'rating' && (
        <>
          <SelectField label={t(m.scaleLabel)} required options={scaleOptions()} {...form.field('scale')} />
          <CheckboxField
            label={t(m.labelEach)}
            hint={t(m.labelEachHint)}
            {...form.checkbox('labelled')}
          />
          {form.values.labelled === '1' && (
            <fieldset className="its-options" tabIndex={-1} aria-invalid={form.errors.labels ? true : undefined} aria-describedby={form.errors.labels ? 'field-labels-error' : undefined}>
              <legend className="field__label">{t(m.pointLabels)}</legend>
              <div className="its-labels">
                {shownLabels.map((label, i) => (
                  <TextField
                    key={i}
                    label={t(m.labelFor, { n: i + 1 })}
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
        label={t(m.required)}
        hint={t(m.requiredHint)}
        {...form.checkbox('required')}
      />
    </FormModal>
  );
}
