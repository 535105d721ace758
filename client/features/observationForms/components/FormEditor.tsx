// The observation form editor (issue 28): name, description, interaction type, then the items in order,
// shown under their section's heading. Each item: label, kind with its settings (a choice's options, one
// per line, and whether several may be chosen; a rating's scale), section, the skill it records, required;
// moved with up/down buttons (focus stays on the button pressed), removed with its button. Saving a form
// that has observations writes a new version: the note above the items says so.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
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
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  archivedName: { id: 'observationForms.archivedName', defaultMessage: '{name} (archived)' },
  untitled: { id: 'observationForms.untitled', defaultMessage: 'Untitled item' },
  moved: { id: 'observationForms.moved', defaultMessage: '{label} moved {direction, select, up {up} other {down}}: now item {position} of {count}.' },
  removed: { id: 'observationForms.removed', defaultMessage: '{label} removed.' },
  savedVersion: { id: 'observationForms.savedVersion', defaultMessage: '{name} has been saved as version {version}.' },
  saved: { id: 'observationForms.saved', defaultMessage: '{name} has been saved.' },
  added: { id: 'observationForms.added', defaultMessage: '{name} has been added.' },
  saveFailed: { id: 'observationForms.saveFailed', defaultMessage: 'We could not save this form. Please try again.' },
  editName: { id: 'observationForms.editName', defaultMessage: 'Edit {name}' },
  newTitle: { id: 'observationForms.newTitle', defaultMessage: 'New observation form' },
  introEdit: { id: 'observationForms.introEdit', defaultMessage: 'Version {version} · {count, plural, one {# completed observation} other {# completed observations}}. ' },
  introNew: { id: 'observationForms.introNew', defaultMessage: 'Observers answer these items, in this order, when they visit a classroom. ' },
  introLogged: { id: 'observationForms.introLogged', defaultMessage: 'Each completed observation is logged as an interaction of the form\'s type.' },
  name: { id: 'observationForms.name', defaultMessage: 'Name' },
  interactionType: { id: 'observationForms.interactionType', defaultMessage: 'Interaction type' },
  typeDefault: { id: 'observationForms.typeDefault', defaultMessage: 'Classroom observation (default)' },
  description: { id: 'observationForms.descriptionLabel', defaultMessage: 'Description' },
  descriptionHint: { id: 'observationForms.descriptionHint', defaultMessage: 'What the form is for, shown to observers when they choose it.' },
  newVersionTitle: { id: 'observationForms.newVersionTitle', defaultMessage: 'Saving makes a new version' },
  versionsTitle: { id: 'observationForms.versionsTitle', defaultMessage: 'Versions keep old answers meaningful' },
  newVersionText: { id: 'observationForms.newVersionText', defaultMessage: 'This form has {count, plural, one {# observation} other {# observations}}. Saving your changes makes version {next}; observations already made keep the version they were made with.' },
  versionsText: { id: 'observationForms.versionsText', defaultMessage: 'Once a form has observations, editing it saves a new version: observations already made keep the version they were made with.' },
  items: { id: 'observationForms.itemsLegend', defaultMessage: 'Items' },
  sectionsIntro: { id: 'observationForms.sectionsIntro', defaultMessage: 'Items with the same section are shown together under its heading.' },
  skillIntro: { id: 'observationForms.skillIntro', defaultMessage: 'An item linked to a skill records a rating of that skill when an observation is completed.' },
  scaleIntro: { id: 'observationForms.scaleIntro', defaultMessage: 'A rating is scored from 1 to {top}, your framework\'s levels, unless you choose another scale.' },
  itemGroup: { id: 'observationForms.itemGroup', defaultMessage: 'Item {n}' },
  itemGroupLabel: { id: 'observationForms.itemGroupLabel', defaultMessage: 'Item {n}: {label}' },
  label: { id: 'observationForms.label', defaultMessage: 'Label' },
  itemName: { id: 'observationForms.itemName', defaultMessage: 'item {n}' },
  removeItem: { id: 'observationForms.removeItem', defaultMessage: 'Remove item {n}' },
  remove: { id: 'observationForms.remove', defaultMessage: 'Remove' },
  kind: { id: 'observationForms.kind', defaultMessage: 'Kind' },
  section: { id: 'observationForms.section', defaultMessage: 'Section' },
  skill: { id: 'observationForms.skill', defaultMessage: 'Skill' },
  noSkill: { id: 'observationForms.noSkill', defaultMessage: 'No skill' },
  scale: { id: 'observationForms.scale', defaultMessage: 'Scale' },
  scaleOption: { id: 'observationForms.scaleOption', defaultMessage: '1 to {max}' },
  options: { id: 'observationForms.options', defaultMessage: 'Options' },
  optionsHint: { id: 'observationForms.optionsHint', defaultMessage: 'One option per line; at least two.' },
  several: { id: 'observationForms.several', defaultMessage: 'Observers may choose several' },
  required: { id: 'observationForms.required', defaultMessage: 'Required' },
  addItem: { id: 'observationForms.addItem', defaultMessage: 'Add item' },
  saveForm: { id: 'observationForms.saveForm', defaultMessage: 'Save form' },
  addForm: { id: 'observationForms.addForm', defaultMessage: 'Add form' },
  cancel: { id: 'observationForms.cancel', defaultMessage: 'Cancel' },
});

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

  const typeOptions = (types.data?.data ?? []).map((x) => ({ value: String(x.id), label: x.name }));
  if (form && !typeOptions.some((o) => o.value === String(form.interaction_type.id))) {
    typeOptions.unshift({ value: String(form.interaction_type.id), label: t(m.archivedName, { name: form.interaction_type.name }) });
  }
  const skillOptions = domains.flatMap((d) => d.skills.map((s) => ({ value: String(s.id), label: s.name })));
  for (const item of form?.items ?? []) {
    if (item.skill && !skillOptions.some((o) => o.value === String(item.skill!.id))) skillOptions.push({ value: String(item.skill.id), label: t(m.archivedName, { name: item.skill.name }) });
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
    const label = next[to]!.label.trim() || t(m.untitled);
    setAnnouncement(t(m.moved, { label, direction, position: to + 1, count: next.length }));
    focusAfter.current = `obf-${direction}-${next[to]!.key}`;
  };
  const remove = (index: number) => {
    const gone = items[index]!;
    const next = items.filter((_, n) => n !== index);
    setItems(next);
    clearItemErrors();
    setAnnouncement(t(m.removed, { label: gone.label.trim() || t(m.untitled) }));
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
        ? (saved.version > form.version ? t(m.savedVersion, { name: saved.name, version: saved.version }) : t(m.saved, { name: saved.name }))
        : t(m.added, { name: saved.name }));
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
        setFormError(error instanceof ApiError ? error.message : t(m.saveFailed));
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
          <h2 id={titleId} className="card__title">{form ? t(m.editName, { name: form.name }) : t(m.newTitle)}</h2>
          <p className="muted text-sm card__intro">
            {form
              ? t(m.introEdit, { version: form.version, count: form.observation_count })
              : t(m.introNew)}
            {t(m.introLogged)}
          </p>
        </div>
      </header>
      <form ref={formRef} className="form stack" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={titleId}>
        <FormError error={formError} />
        <div className="obf-grid">
          <TextField label={t(m.name)} name="name" required maxLength={120} value={name} error={err('name')}
            onChange={(v) => { setName(v); clearError('name'); }} />
          <SelectField label={t(m.interactionType)} name="interaction_type_id" value={typeId} options={typeOptions}
            placeholder={form ? undefined : t(m.typeDefault)} error={err('interaction_type_id')}
            onChange={(v) => { setTypeId(v); clearError('interaction_type_id'); }} />
        </div>
        <TextAreaField label={t(m.description)} name="description" rows={2} value={description} error={err('description')}
          hint={t(m.descriptionHint)}
          onChange={(v) => { setDescription(v); clearError('description'); }} />

        <Alert tone="info" title={form && form.observation_count > 0 ? t(m.newVersionTitle) : t(m.versionsTitle)}>
          <p>
            {form && form.observation_count > 0
              ? t(m.newVersionText, { count: form.observation_count, next: form.version + 1 })
              : t(m.versionsText)}
          </p>
        </Alert>

        <fieldset className="obf-items">
          <legend className="obf-items__legend">{t(m.items)} <span className="muted">({items.length})</span></legend>
          <p className="muted text-sm obf-items__intro">
            {t(m.sectionsIntro)} {skillOptions.length > 0 && `${t(m.skillIntro)} `}
            {t(m.scaleIntro, { top: topLevel })}
          </p>
          <FormError error={err('items')} />
          <p className="sr-only" aria-live="polite" aria-atomic="true">{announcement}</p>
          <ol className="obf-item-list">
            {rows.map(({ heading, item, n }) => (
              <li key={item.key} className="obf-item-wrap">
                {heading && <p className="obf-section-heading">{heading}</p>}
                <div className="obf-item" role="group" aria-label={item.label.trim() ? t(m.itemGroupLabel, { n: n + 1, label: item.label.trim() }) : t(m.itemGroup, { n: n + 1 })}>
                  <div className="settings-row obf-item__top">
                    <span className="disc obf-item__step" aria-hidden="true">{n + 1}</span>
                    <TextField id={`obf-label-${item.key}`} className="obf-item__label" label={t(m.label)} name={`items.${n}.label`} required
                      maxLength={ITEM_LABEL_MAX} value={item.label} error={err(`items.${n}.label`) ?? err(`items.${n}.id`)}
                      onChange={(v) => change(item.key, { label: v }, n)} />
                    <div className="obf-item__actions">
                      <MoveButtons idOf={(d) => `obf-${d}-${item.key}`} name={t(m.itemName, { n: n + 1 })} index={n} count={items.length} onMove={(d) => move(n, d)} />
                      <Button type="button" size="sm" variant="ghost" className="obf-danger" aria-label={t(m.removeItem, { n: n + 1 })}
                        onClick={() => remove(n)}>{t(m.remove)}</Button>
                    </div>
                  </div>
                  <div className="obf-item__grid">
                    <SelectField label={t(m.kind)} name={`items.${n}.kind`} value={item.kind} error={err(`items.${n}.kind`)}
                      options={OBSERVATION_ITEM_KINDS.map((k) => ({ value: k, label: tText(OBSERVATION_ITEM_KIND_LABELS[k]) }))}
                      onChange={(v) => change(item.key, { kind: v as ObservationItemKind }, n)} />
                    <TextField label={t(m.section)} name={`items.${n}.section`} maxLength={ITEM_SECTION_MAX} value={item.section}
                      error={err(`items.${n}.section`)} list="obf-sections" onChange={(v) => change(item.key, { section: v }, n)} />
                    {skillOptions.length > 0 && (
                      <SelectField label={t(m.skill)} name={`items.${n}.skill_id`} value={item.skillId} placeholder={t(m.noSkill)}
                        options={skillOptions} error={err(`items.${n}.skill_id`)} onChange={(v) => change(item.key, { skillId: v }, n)} />
                    )}
                    {item.kind === 'rating' && (
                      <SelectField label={t(m.scale)} name={`items.${n}.scale`} value={item.scale || String(topLevel)} error={err(`items.${n}.scale`)}
                        options={SCALES.map((s) => ({ value: s, label: t(m.scaleOption, { max: s }) }))}
                        onChange={(v) => change(item.key, { scale: v }, n)} />
                    )}
                  </div>
                  {item.kind === 'choice' && (
                    <div className="obf-item__choice">
                      <TextAreaField label={t(m.options)} name={`items.${n}.options`} rows={Math.max(3, item.options.split('\n').length + 1)} required value={item.options}
                        hint={t(m.optionsHint)} error={err(`items.${n}.options`)}
                        onChange={(v) => change(item.key, { options: v }, n)} />
                      <CheckboxField label={t(m.several)} name={`items.${n}.multiple`} checked={item.multiple}
                        onChange={(v) => change(item.key, { multiple: v }, n)} />
                    </div>
                  )}
                  <CheckboxField label={t(m.required)} name={`items.${n}.required`} checked={item.required} error={err(`items.${n}.required`)}
                    onChange={(v) => change(item.key, { required: v }, n)} />
                </div>
              </li>
            ))}
          </ol>
          <datalist id="obf-sections">
            {[...new Set(items.map((i) => i.section.trim()).filter((s) => s !== ''))].map((s) => <option key={s} value={s} />)}
          </datalist>
          <Button id="obf-add-item" type="button" variant="secondary" onClick={add} disabled={items.length >= FORM_ITEMS_MAX}>{t(m.addItem)}</Button>
        </fieldset>

        <div className="cluster obf-footer">
          <Button type="submit" busy={busy}>{form ? t(m.saveForm) : t(m.addForm)}</Button>
          <Button type="button" variant="secondary" onClick={() => onDone(null)} disabled={busy}>{t(m.cancel)}</Button>
        </div>
      </form>
    </section>
  );
}
