// One item of the capture, in one column with big targets (≥ 44 px): a look-for is three toggle buttons
// (Seen / Not seen / N/A) that are a native radio group, so one tap answers and the arrow keys move
// between them; a rating a row of 1…scale buttons, the same way; a choice radios or checkboxes; text a
// textarea; a number a number input. "+ note" stamps the current minute into the item's evidence (a text
// item's own answer) and focuses it. The fieldset carries the item's error and takes focus after a 422.
// Memoised, with the capture's handlers taking the item (the same functions on every render): answering one item of
// a 60-item form renders that item again, not the 59 others (issue 28, "Speed").
import { memo, type ReactNode, useCallback, useId } from 'react';
import { FieldErrors, RequiredMark } from '../../../components/Field';
import type { Answer, ObservationItem } from '../capture';
import { currentLocale, defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  seen: { id: 'observations.seen', defaultMessage: 'Seen' },
  notSeen: { id: 'observations.notSeen', defaultMessage: 'Not seen' },
  notApplicable: { id: 'observations.notApplicable', defaultMessage: 'Not applicable' },
  na: { id: 'observations.na', defaultMessage: 'N/A' },
  evidenceFor: { id: 'observations.evidenceFor', defaultMessage: 'Evidence for {label}' },
  addNote: { id: 'observations.addNote', defaultMessage: '+ note' },
  onItem: { id: 'observations.onItem', defaultMessage: 'on {label}' },
});

type Props = {
  item: ObservationItem;
  answer: Answer | undefined;
  /** The same function on every render (the item is memoised): it is told which item changed. */
  onChange: (item: ObservationItem, answer: Answer) => void;
  /** "+ note" on the item (the same function on every render). */
  onNote: (item: ObservationItem) => void;
  /** Keeps the item's note box (a text item's answer, else its evidence), for "+ note" to focus it. */
  noteRef: (itemId: number, el: HTMLTextAreaElement | null) => void;
  error?: string;
  /** Show the evidence box (it has text, or "+ note" opened it). */
  showEvidence: boolean;
  disabled?: boolean;
};

type Option = { value: string; label: ReactNode };
/** A look-for's three answers and "+ note", made once per language, not for each of a long form's items. */
let labels: { locale: string; lookFor: Option[]; addNote: string } | null = null;
function labelsNow() {
  if (labels?.locale !== currentLocale()) {
    labels = {
      locale: currentLocale(),
      lookFor: [
        { value: 'yes', label: t(m.seen) },
        { value: 'no', label: t(m.notSeen) },
        { value: 'na', label: <abbr title={t(m.notApplicable)}>{t(m.na)}</abbr> },
      ],
      addNote: t(m.addNote),
    };
  }
  return labels;
}

function Toggles({ name, options, type, checked, onPick, describedBy, className }: {
  name: string;
  options: Option[];
  type: 'radio' | 'checkbox';
  checked: (value: string) => boolean;
  onPick: (value: string, on: boolean) => void;
  describedBy?: string;
  className: string;
}) {
  return (
    <div className={`obs-toggles ${className}`}>
      {options.map((o) => (
        <label key={o.value} className="obs-toggle" data-value={o.value}>
          <input type={type} name={name} value={o.value} checked={checked(o.value)} aria-describedby={describedBy}
            onChange={(e) => onPick(o.value, e.target.checked)} />
          <span className="obs-toggle__text">{o.label}</span>
        </label>
      ))}
    </div>
  );
}

export const ItemField = memo(function ItemField({ item, answer, onChange, onNote, noteRef: keepNote, error, showEvidence, disabled }: Props) {
  const id = useId();
  const itemId = item.id;
  const noteRef = useCallback((el: HTMLTextAreaElement | null) => keepNote(itemId, el), [keepNote, itemId]);
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const value = answer?.value ?? null;
  const evidence = answer?.evidence ?? '';
  const set = (patch: Partial<Answer>) => onChange(item, { value, evidence, ...patch });
  const describedBy = error ? errorId : undefined;
  const name = `item-${item.id}`;

  let control: ReactNode;
  switch (item.kind) {
    case 'look_for':
      control = <Toggles name={name} type="radio" className="obs-toggles--look-for" options={labelsNow().lookFor} describedBy={describedBy}
        checked={(v) => value === v} onPick={(v) => set({ value: v })} />;
      break;
    case 'rating': {
      const scale = item.scale ?? 4;
      control = <Toggles name={name} type="radio" className="obs-toggles--rating" describedBy={describedBy}
        options={Array.from({ length: scale }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
        checked={(v) => value === Number(v)} onPick={(v) => set({ value: Number(v) })} />;
      break;
    }
    case 'choice': {
      const options = (item.options ?? []).map((o) => ({ value: o, label: o }));
      control = item.multiple
        ? <Toggles name={name} type="checkbox" className="obs-toggles--choice" options={options} describedBy={describedBy}
          checked={(v) => Array.isArray(value) && value.includes(v)}
          onPick={(v, on) => {
            const current = Array.isArray(value) ? value : [];
            const next = on ? [...current, v] : current.filter((x) => x !== v);
            set({ value: (item.options ?? []).filter((o) => next.includes(o)) });
          }} />
        : <Toggles name={name} type="radio" className="obs-toggles--choice" options={options} describedBy={describedBy}
          checked={(v) => value === v} onPick={(v) => set({ value: v })} />;
      break;
    }
    case 'text':
      control = (
        <textarea ref={noteRef} className="field__control field__control--textarea obs-item__text" rows={3} name={name}
          aria-labelledby={legendId} aria-describedby={describedBy} aria-invalid={error ? true : undefined}
          value={typeof value === 'string' ? value : ''} onChange={(e) => set({ value: e.target.value })} />
      );
      break;
    case 'number':
      control = (
        <input className="field__control obs-item__number" type="number" inputMode="numeric" min={0} name={name}
          aria-labelledby={legendId} aria-describedby={describedBy} aria-invalid={error ? true : undefined}
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => set({ value: e.target.value === '' ? null : Number(e.target.value) })} />
      );
      break;
  }

  return (
    <fieldset className={['obs-item', error && 'obs-item--invalid'].filter(Boolean).join(' ')} id={`obs-item-${item.id}`}
      aria-invalid={error ? true : undefined} aria-describedby={describedBy} tabIndex={-1} disabled={disabled} data-kind={item.kind}>
      <legend id={legendId} className="obs-item__label">
        {item.label}
        {item.required && <RequiredMark />}
      </legend>
      {control}
      <FieldErrors id={errorId} errors={error ? [error] : []} />
      {item.kind !== 'text' && showEvidence && (
        <label className="obs-item__evidence">
          <span className="sr-only">{t(m.evidenceFor, { label: item.label })}</span>
          <textarea ref={noteRef} className="field__control field__control--textarea" rows={2} name={`${name}-evidence`}
            value={evidence} onChange={(e) => set({ evidence: e.target.value })} />
        </label>
      )}
      <button type="button" className="btn btn--ghost btn--sm obs-note" onClick={() => onNote(item)}>
        <span className="btn__label">{labelsNow().addNote}<span className="sr-only"> {t(m.onItem, { label: item.label })}</span></span>
      </button>
    </fieldset>
  );
});
