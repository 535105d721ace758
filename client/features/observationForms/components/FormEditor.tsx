// The observation form editor (issue 28): name, description, interaction type, then the items in order,
// shown under their section's heading. Each item: label, kind with its settings (a choice's options, one
// per line, and whether several may be chosen; a rating's scale), section, the skill it records, required;
// moved with up/down buttons (focus stays on the button pressed), removed with its button. Saving a form
// that has observations writes a new version: the note above the items says so.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { plural } from '../../../../common/plural';
import type { ObservationForm } from '../../../../common/schemas/observationForms';
import {
  FORM_ITEMS_MAX, ITEM_LABEL_MAX, ITEM_SECTION_MAX, OBSERVATION_ITEM_KIND_LABELS, OBSERVATION_ITEM_KINDS, type ObservationItemKind,
  RATING_SCALE_MAX, RATING_SCALE_MIN,
} from '../../../../common/schemas/observations';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { MoveButtons } from '../../../components/SettingsList';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { activeDomains, useInteractionTypes, useSkillFramework } from '../../../lib/lookups';
import { type FormBody, observationFormApi } from '../api';

interface DraftItem {
  /** The client's key (stable across moves); `id` the server's, null for a new item. */
  key: string;
  id: number | null;
  label: string;
  kind: ObservationItemKind;
  section: string;
  required: boolean;
  options: string;
  multiple: boolean;
  scale: string;
  skillId: string;
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

const emptyItem = (section: string): DraftItem => ({
  key: newKey(), id: null, label: '', kind: 'look_for', section, required: false, options: '', multiple: false, scale: '', skillId: '',
});

function draftOf(form: ObservationForm | null): { name: string; description: string; typeId: string; items: DraftItem[] } {
  if (!form) return { name: '', description: '', typeId: '', items: [emptyItem('')] };
  return {
    name: form.name,
    description: form.description ?? '',
    typeId: String(form.interaction_type.id),
    items: form.items.map((i) => ({
      key: `item-${i.id}`, id: i.id, label: i.label, kind: i.kind, section: i.section ?? '', required: i.required,
      options: (i.options ?? []).join('\n'), multiple: i.multiple ?? false, scale: i.scale ? String(i.scale) : '', skillId: i.skill ? String(i.skill.id) : '',
    })),
  };
}

function bodyOf(name: string, description: string, typeId: string, items: DraftItem[]): FormBody {
  return {
    name,
    description: description.trim() === '' ? null : description,
    interaction_type_id: typeId ? Number(typeId) : null,
    items: items.map((i) => ({
      id: i.id, label: i.label, kind: i.kind, required: i.required, section: i.section.trim() === '' ? null : i.section,
      options: i.kind === 'choice' ? i.options.split('\n').map((o) => o.trim()).filter((o) => o !== '') : [],
      multiple: i.kind === 'choice' && i.multiple,
      scale: i.kind === 'rating' && i.scale ? Number(i.scale) : null,
      skill_id: i.skillId ? Number(i.skillId) : null,
    })),
  };
}

const SCALES = Array.from({ length: RATING_SCALE_MAX - RATING_SCALE_MIN + 1 }, (_, n) => String(n + RATING_SCALE_MIN));

interface Props {
  /** The form to edit, or null to add one. */
  form: ObservationForm | null;
  onDone: (saved: ObservationForm | null) => void;
}

export function FormEditor({ form, onDone }: Props) {
  const toast = useToast();
  const start = draftOf(form);
  const [name, setName] = useState(start.name);
  const [description, setDescription] = useState(start.description);
  const [typeId, setTypeId] = useState(start.typeId);
  const [items, setItems] = useState<DraftItem[]>(start.items);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const titleId = useId();

  const types = useInteractionTypes('active');
  const framework = useSkillFramework();
  const domains = activeDomains(framework.data);
  const topLevel = framework.data?.levels.length ? Math.max(...framework.data.levels.map((l) => l.level)) : 4;

  useEffect(() => {
    if (focusAfter.current) {
      document.getElementById(focusAfter.current)?.focus();
      focusAfter.current = null;
    }
  });
  useEffect(() => {
    if (focusInvalid > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const typeOptions = (types.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  if (form && !typeOptions.some((o) => o.value === String(form.interaction_type.id))) {
    typeOptions.unshift({ value: String(form.interaction_type.id), label: `${form.interaction_type.name} (archived)` });
  }
  const skillOptions = domains.flatMap((d) => d.skills.map((s) => ({ value: String(s.id), label: s.name })));
  for (const item of form?.items ?? []) {
    if (item.skill && !skillOptions.some((o) => o.value === String(item.skill!.id))) skillOptions.push({ value: String(item.skill.id), label: `${item.skill.name} (archived)` });
  }

  const err = (field: string) => errors[field];
  const clearError = (field: string) => setErrors((e) => (e[field] ? { ...e, [field]: [] } : e));
  const change = (key: string, patch: Partial<DraftItem>, n: number) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
    for (const field of Object.keys(patch)) clearError(`items.${n}.${field === 'skillId' ? 'skill_id' : field}`);
  };
  // Errors name items by position: after a move or removal they would point at the wrong item.
  const clearItemErrors = () => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('items'))));

  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= items.length) return;
    const next = [...items];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setItems(next);
    clearItemErrors();
    const label = next[to]!.label.trim() || 'Untitled item';
    setAnnouncement(`${label} moved ${direction}: now item ${to + 1} of ${next.length}.`);
    focusAfter.current = `obf-${direction}-${next[to]!.key}`;
  };
  const remove = (index: number) => {
    const gone = items[index]!;
    const next = items.filter((_, n) => n !== index);
    setItems(next);
    clearItemErrors();
    setAnnouncement(`${gone.label.trim() || 'Untitled item'} removed.`);
    focusAfter.current = next.length === 0 ? 'obf-add-item' : `obf-label-${next[Math.min(index, next.length - 1)]!.key}`;
  };
  const add = () => {
    const item = emptyItem(items[items.length - 1]?.section ?? '');
    setItems([...items, item]);
    focusAfter.current = `obf-label-${item.key}`;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const body = bodyOf(name, description, typeId, items);
      const saved = await (form ? observationFormApi.update(form.id, body) : observationFormApi.create(body));
      toast.success(form
        ? (saved.version > form.version ? `${saved.name} has been saved as version ${saved.version}.` : `${saved.name} has been saved.`)
        : `${saved.name} has been added.`);
      onDone(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.errors);
        const shown = (k: string) => ['name', 'description', 'interaction_type_id'].includes(k)
          || /^items\.\d+\.(label|kind|section|options|scale|skill_id|required)$/.test(k);
        const other = Object.entries(error.errors).filter(([k]) => !shown(k)).flatMap(([, v]) => v);
        setFormError(other.length ? other.join(' ') : null);
        setFocusInvalid((n) => n + 1);
      } else {
        setFormError(error instanceof ApiError ? error.message : 'We could not save this form. Please try again.');
      }
      setBusy(false);
    }
  };

  // Items under their section's heading: a heading wherever the section changes from the item before.
  const rows: { heading: string | null; item: DraftItem; n: number }[] = items.map((item, n) => ({
    heading: n === 0 || items[n - 1]!.section.trim() !== item.section.trim() ? item.section.trim() : null, item, n,
  }));

  return (
    <section className="card obf-editor" aria-labelledby={titleId}>
      <header className="card__header card__header--intro">
        <div className="card__heading">
          <h2 id={titleId} className="card__title">{form ? `Edit ${form.name}` : 'New observation form'}</h2>
          <p className="muted text-sm card__intro">
            {form
              ? `Version ${form.version} · ${plural(form.observation_count, 'completed observation', 'completed observations')}. `
              : 'Observers answer these items, in this order, when they visit a classroom. '}
            Each completed observation is logged as an interaction of the form&apos;s type.
          </p>
        </div>
      </header>
      <form ref={formRef} className="form stack" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={titleId}>
        <FormError error={formError} />
        <div className="obf-grid">
          <TextField label="Name" name="name" required maxLength={120} value={name} error={err('name')}
            onChange={(v) => { setName(v); clearError('name'); }} />
          <SelectField label="Interaction type" name="interaction_type_id" value={typeId} options={typeOptions}
            placeholder={form ? undefined : 'Classroom observation (default)'} error={err('interaction_type_id')}
            onChange={(v) => { setTypeId(v); clearError('interaction_type_id'); }} />
        </div>
        <TextAreaField label="Description" name="description" rows={2} value={description} error={err('description')}
          hint="What the form is for, shown to observers when they choose it."
          onChange={(v) => { setDescription(v); clearError('description'); }} />

        <Alert tone="info" title={form && form.observation_count > 0 ? 'Saving makes a new version' : 'Versions keep old answers meaningful'}>
          <p>
            {form && form.observation_count > 0
              ? `This form has ${plural(form.observation_count, 'observation', 'observations')}. Saving your changes makes version ${form.version + 1}; observations already made keep the version they were made with.`
              : 'Once a form has observations, editing it saves a new version: observations already made keep the version they were made with.'}
          </p>
        </Alert>

        <fieldset className="obf-items">
          <legend className="obf-items__legend">Items <span className="muted">({items.length})</span></legend>
          <p className="muted text-sm obf-items__intro">
            Items with the same section are shown together under its heading. {skillOptions.length > 0 && 'An item linked to a skill records a rating of that skill when an observation is completed. '}
            A rating is scored from 1 to {topLevel}, your framework&apos;s levels, unless you choose another scale.
          </p>
          <FormError error={err('items')} />
          <p className="sr-only" aria-live="polite" aria-atomic="true">{announcement}</p>
          <ol className="obf-item-list">
            {rows.map(({ heading, item, n }) => (
              <li key={item.key} className="obf-item-wrap">
                {heading && <p className="obf-section-heading">{heading}</p>}
                <div className="obf-item" role="group" aria-label={`Item ${n + 1}${item.label.trim() ? `: ${item.label.trim()}` : ''}`}>
                  <div className="settings-row obf-item__top">
                    <span className="disc obf-item__step" aria-hidden="true">{n + 1}</span>
                    <TextField id={`obf-label-${item.key}`} className="obf-item__label" label="Label" name={`items.${n}.label`} required
                      maxLength={ITEM_LABEL_MAX} value={item.label} error={err(`items.${n}.label`) ?? err(`items.${n}.id`)}
                      onChange={(v) => change(item.key, { label: v }, n)} />
                    <div className="obf-item__actions">
                      <MoveButtons idOf={(d) => `obf-${d}-${item.key}`} name={`item ${n + 1}`} index={n} count={items.length} onMove={(d) => move(n, d)} />
                      <Button type="button" size="sm" variant="ghost" className="obf-danger" aria-label={`Remove item ${n + 1}`}
                        onClick={() => remove(n)}>Remove</Button>
                    </div>
                  </div>
                  <div className="obf-item__grid">
                    <SelectField label="Kind" name={`items.${n}.kind`} value={item.kind} error={err(`items.${n}.kind`)}
                      options={OBSERVATION_ITEM_KINDS.map((k) => ({ value: k, label: OBSERVATION_ITEM_KIND_LABELS[k] }))}
                      onChange={(v) => change(item.key, { kind: v as ObservationItemKind }, n)} />
                    <TextField label="Section" name={`items.${n}.section`} maxLength={ITEM_SECTION_MAX} value={item.section}
                      error={err(`items.${n}.section`)} list="obf-sections" onChange={(v) => change(item.key, { section: v }, n)} />
                    {skillOptions.length > 0 && (
                      <SelectField label="Skill" name={`items.${n}.skill_id`} value={item.skillId} placeholder="No skill"
                        options={skillOptions} error={err(`items.${n}.skill_id`)} onChange={(v) => change(item.key, { skillId: v }, n)} />
                    )}
                    {item.kind === 'rating' && (
                      <SelectField label="Scale" name={`items.${n}.scale`} value={item.scale || String(topLevel)} error={err(`items.${n}.scale`)}
                        options={SCALES.map((s) => ({ value: s, label: `1 to ${s}` }))}
                        onChange={(v) => change(item.key, { scale: v }, n)} />
                    )}
                  </div>
                  {item.kind === 'choice' && (
                    <div className="obf-item__choice">
                      <TextAreaField label="Options" name={`items.${n}.options`} rows={Math.max(3, item.options.split('\n').length + 1)} required value={item.options}
                        hint="One option per line; at least two." error={err(`items.${n}.options`)}
                        onChange={(v) => change(item.key, { options: v }, n)} />
                      <CheckboxField label="Observers may choose several" name={`items.${n}.multiple`} checked={item.multiple}
                        onChange={(v) => change(item.key, { multiple: v }, n)} />
                    </div>
                  )}
                  <CheckboxField label="Required" name={`items.${n}.required`} checked={item.required} error={err(`items.${n}.required`)}
                    onChange={(v) => change(item.key, { required: v }, n)} />
                </div>
              </li>
            ))}
          </ol>
          <datalist id="obf-sections">
            {[...new Set(items.map((i) => i.section.trim()).filter((s) => s !== ''))].map((s) => <option key={s} value={s} />)}
          </datalist>
          <Button id="obf-add-item" type="button" variant="secondary" onClick={add} disabled={items.length >= FORM_ITEMS_MAX}>Add item</Button>
        </fieldset>

        <div className="cluster obf-footer">
          <Button type="submit" busy={busy}>{form ? 'Save form' : 'Add form'}</Button>
          <Button type="button" variant="secondary" onClick={() => onDone(null)} disabled={busy}>Cancel</Button>
        </div>
      </form>
    </section>
  );
}
