import { useId } from 'react';
import {
  INTERACTION_COLOUR_KEYS, INTERACTION_COLOURS, interactionTypeSchema, TYPE_NAME_MAX, type InteractionType,
} from '../../../../common/schemas/interactionTypes';
import { CheckboxField, FieldErrors, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import type { TypesApi } from '../api';

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
      <legend className="field__label">Colour</legend>
      <p className="field__hint">Shown beside the name in the activity log and the calendar; the name is always shown too.</p>
      <div className="its-colours__grid">
        {INTERACTION_COLOUR_KEYS.map((key) => (
          <label key={key} className={['its-colours__option', value === key && 'its-colours__option--checked'].filter(Boolean).join(' ')}>
            <input type="radio" name="colour" value={key} checked={value === key} onChange={() => onChange(key)} className="its-colours__input" />
            <span className="its-swatch its-swatch--lg" style={{ background: INTERACTION_COLOURS[key].hex }} aria-hidden="true" />
            <span>{INTERACTION_COLOURS[key].label}</span>
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
      toast.success(type ? `${saved.name} has been saved.` : `${saved.name} has been added.`);
      onClose();
    });
  });

  return (
    <FormModal
      title={type ? `Edit ${type.name}` : 'Add an interaction type'}
      onClose={onClose}
      form={form}
      formId={formId}
      onSubmit={submit}
      submitLabel={type ? 'Save type' : 'Add type'}
    >
      <TextField label="Name" required maxLength={TYPE_NAME_MAX} autoComplete="off" {...form.field('name')} />
      <ColourPicker value={form.values.colour} onChange={(v) => form.set('colour', v)} error={form.errors.colour} />
      <TextField
        label="Default duration (minutes)"
        hint="Filled in when someone logs this type; they can change it."
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
        label="Counts as coaching time"
        hint="Coaching time and other time are totalled separately in Activity and reports."
        {...form.checkbox('counts_as_coaching')}
      />
    </FormModal>
  );
}
