import { useId } from 'react';
import {
  INTERACTION_COLOUR_KEYS, INTERACTION_COLOURS, interactionTypeSchema, TYPE_NAME_MAX, type InteractionType,
} from '../../../../common/schemas/interactionTypes';
import { CheckboxField, FieldErrors, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { defineMessages, t } from '../../../lib/i18n';
import type { TypesApi } from '../api';
import { colourLabel } from './describe';

const m = defineMessages({
  colour: { id: 'interactionSettings.typeForm.colour', defaultMessage: 'Colour' },
  colourHint: { id: 'interactionSettings.typeForm.colourHint', defaultMessage: 'Shown beside the name in the activity log and the calendar; the name is always shown too.' },
  saved: { id: 'interactionSettings.typeForm.saved', defaultMessage: '{name} has been saved.' },
  added: { id: 'interactionSettings.typeForm.added', defaultMessage: '{name} has been added.' },
  editTitle: { id: 'interactionSettings.typeForm.editTitle', defaultMessage: 'Edit {name}' },
  addTitle: { id: 'interactionSettings.typeForm.addTitle', defaultMessage: 'Add an interaction type' },
  save: { id: 'interactionSettings.typeForm.save', defaultMessage: 'Save type' },
  add: { id: 'interactionSettings.typeForm.add', defaultMessage: 'Add type' },
  name: { id: 'interactionSettings.typeForm.name', defaultMessage: 'Name' },
  minutes: { id: 'interactionSettings.typeForm.minutes', defaultMessage: 'Default duration (minutes)' },
  minutesHint: { id: 'interactionSettings.typeForm.minutesHint', defaultMessage: 'Filled in when someone logs this type; they can change it.' },
  coaching: { id: 'interactionSettings.typeForm.coaching', defaultMessage: 'Counts as coaching time' },
  coachingHint: { id: 'interactionSettings.typeForm.coachingHint', defaultMessage: 'Coaching time and other time are totalled separately in Activity and reports.' },
});

/** The palette as labelled radio swatches: the colour's name is always beside it. */
function ColourPicker({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={['its-colours', error && 'its-colours--invalid'].filter(Boolean).join(' ')}
      aria-describedby={error ? errorId : undefined}
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{t(m.colour)}</legend>
      <p className="field__hint">{t(m.colourHint)}</p>
      <div className="its-colours__grid">
        {INTERACTION_COLOUR_KEYS.map((key) => (
          <label key={key} className={['its-colours__option', value === key && 'its-colours__option--checked'].filter(Boolean).join(' ')}>
            <input type="radio" name="colour" value={key} checked={value === key} onChange={() => onChange(key)} className="its-colours__input" />
            <span className="its-swatch its-swatch--lg" style={{ background: INTERACTION_COLOURS[key].hex }} aria-hidden="true" />
            <span>{colourLabel(key)}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={error ? [error] : []} />
    </fieldset>
  );
}

/** Add a type (no `type`) or edit one; closes itself after a successful save. */
export function TypeFormModal({ api, type, onClose }: { api: TypesApi; type: InteractionType | null; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({
    name: type?.name ?? '',
    colour: (type?.colour ?? 'blue') as string,
    default_minutes: String(type?.default_minutes ?? 30),
    counts_as_coaching: type ? (type.counts_as_coaching ? '1' : '') : '1',
  });
  const formId = type ? `type-form-${type.id}` : 'type-form-new';

  const submit = form.onSubmit(async () => {
    const minutes = form.values.default_minutes.trim();
    const data = form.check(interactionTypeSchema, {
      name: form.values.name,
      colour: form.values.colour,
      default_minutes: minutes === '' ? undefined : Number(minutes),
      counts_as_coaching: form.values.counts_as_coaching === '1',
    });
    if (!data) return;
    await form.run(async () => {
      const saved = type ? await api.updateType(type.id, data) : await api.createType(data);
      toast.success(t(type ? m.saved : m.added, { name: saved.name }));
      onClose();
    });
  });

  return (
    <FormModal
      title={type ? t(m.editTitle, { name: type.name }) : t(m.addTitle)}
      onClose={onClose}
      form={form}
      formId={formId}
      onSubmit={submit}
      submitLabel={type ? t(m.save) : t(m.add)}
    >
      <TextField label={t(m.name)} required maxLength={TYPE_NAME_MAX} autoComplete="off" {...form.field('name')} />
      <ColourPicker value={form.values.colour} onChange={(v) => form.set('colour', v)} error={form.errors.colour} />
      <TextField
        label={t(m.minutes)}
        hint={t(m.minutesHint)}
        type="number"
        inputMode="numeric"
        min={1}
        max={720}
        step={1}
        required
        className="its-minutes"
        {...form.field('default_minutes')}
      />
      <CheckboxField
        label={t(m.coaching)}
        hint={t(m.coachingHint)}
        {...form.checkbox('counts_as_coaching')}
      />
    </FormModal>
  );
}
