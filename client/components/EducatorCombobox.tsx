// "Find an educator": a search of the educators the caller may see (the shared educators lookup) as an
// ARIA combobox with a listbox of results (WAI-ARIA APG, list autocomplete without automatic selection).
// Arrow Down / Up move through the results (focus stays in the box, aria-activedescendant follows),
// Enter picks the highlighted one (or the only one) and never submits the surrounding form, Escape
// closes the results without closing a dialog around it; a tap or click picks a result too.
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { StaffListItem } from '../../common/schemas/staff';
import { useDebouncedTerm, useStaffSearch } from '../lib/lookups';
import { errorList, FieldErrors, type FieldError, RequiredMark } from './Field';
import { Spinner } from './Spinner';
import './educatorCombobox.css';
import { countText } from '../../common/plural';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  label: { id: 'ui.educatorSearch.label', defaultMessage: 'Find an educator' },
  hint: { id: 'ui.educatorSearch.hint', defaultMessage: 'Type a name, then choose from the results.' },
  arrowKeys: { id: 'ui.educatorSearch.arrowKeys', defaultMessage: ' Use the arrow keys to choose.' },
  matching: { id: 'ui.educatorSearch.matching', defaultMessage: 'Matching educators' },
  searching: { id: 'ui.educatorSearch.searching', defaultMessage: 'Searching…' },
  failed: { id: 'ui.educatorSearch.failed', defaultMessage: 'We could not search educators. Please try again.' },
  noMatch: { id: 'ui.educatorSearch.noMatch', defaultMessage: 'No educators match “{term}”.' },
  showing: { id: 'ui.educatorSearch.showing', defaultMessage: 'Showing {shown} of {total, plural, one {{totalText} educator} other {{totalText} educators}}. Type more to narrow down.' },
  found: { id: 'ui.educatorSearch.found', defaultMessage: '{count, plural, one {{shown} educator} other {{shown} educators}} found.{after}' },
});

export interface PickedEducator {
  id: number;
  name: string;
}

export interface EducatorComboboxProps {
  /** Educators already chosen: left out of the results. */
  chosen: readonly PickedEducator[];
  onPick: (educator: PickedEducator) => void;
  label?: string;
  hint?: string;
  error?: FieldError;
  required?: boolean;
  /** Leave inactive educators out of the results. */
  activeOnly?: boolean;
  /** Enables the search (e.g. only while a dialog is open). */
  enabled?: boolean;
}

export function EducatorCombobox({
  chosen, onPick, label: givenLabel, hint: givenHint, error,
  required, activeOnly = false, enabled = true,
}: EducatorComboboxProps) {
  const label = givenLabel ?? t(m.label);
  const hint = givenHint ?? t(m.hint);
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const [term, setTerm] = useState('');
  const debounced = useDebouncedTerm(term);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);

  const { data, error: searchError, isLoading } = useStaffSearch(debounced, enabled && debounced.length > 0);
  const results: StaffListItem[] = debounced
    ? (data?.data ?? []).filter((s) => !chosen.some((c) => c.id === s.id) && (!activeOnly || s.status !== 'inactive'))
    : [];
  const open = expanded && term.trim().length > 0 && results.length > 0;
  const current = open && active >= 0 && active < results.length ? active : -1;

  // New results: nothing highlighted until Arrow Down.
  useEffect(() => setActive(-1), [debounced, data]);
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  const pick = (s: StaffListItem) => {
    onPick({ id: s.id, name: s.name });
    setTerm('');
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (results.length === 0) return;
        event.preventDefault();
        const last = results.length - 1;
        if (!open) {
          setExpanded(true);
          setActive(event.key === 'ArrowDown' ? 0 : last);
        } else if (event.key === 'ArrowDown') {
          setActive(current >= last ? 0 : current + 1);
        } else {
          setActive(current <= 0 ? last : current - 1);
        }
        return;
      }
      case 'Home':
      case 'End':
        if (!open || current < 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : results.length - 1);
        return;
      case 'Enter':
        // Never the form's submit: Enter here belongs to the search.
        event.preventDefault();
        if (current >= 0) pick(results[current]!);
        else if (results.length === 1 && term.trim() === debounced) pick(results[0]!);
        return;
      case 'Escape':
        // Close the results, or clear the box; the dialog around it stays open.
        if (open || term) {
          event.preventDefault();
          event.stopPropagation();
          if (open) setExpanded(false);
          else setTerm('');
          setActive(-1);
        }
        return;
      default:
    }
  };

  const errors = errorList(error);
  return (
    <div className={['field', 'edu-combo', errors.length > 0 && 'field--invalid'].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>{label}{required && <RequiredMark />}</label>
      {hint && <p className="field__hint" id={hintId}>{hint}</p>}
      <input
        id={inputId}
        className="field__control"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-describedby={[hint && hintId, statusId, errors.length > 0 && errorId].filter(Boolean).join(' ')}
        aria-invalid={errors.length > 0 ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        value={term}
        onChange={(e) => { setTerm(e.target.value); setExpanded(true); setActive(-1); }}
        onKeyDown={onKeyDown}
        onFocus={() => setExpanded(true)}
        onBlur={() => setExpanded(false)}
      />
      <EducatorSearchStatus
        id={statusId}
        className="edu-combo__status"
        term={term.trim() ? debounced : ''}
        search={{ isLoading, error: searchError }}
        shown={results.length}
        afterFound={t(m.arrowKeys)}
      />
      <ul id={listId} role="listbox" aria-label={t(m.matching)} className="edu-combo__list" hidden={!open}>
        {open && results.map((s, i) => (
          <li
            key={s.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className="edu-combo__option"
            // Keep focus in the box: the click picks, the box stays where the keyboard is.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => { if (i !== current) setActive(i); }}
            onClick={() => pick(s)}
          >
            <span className="edu-combo__name">{s.name}</span>
            {s.building && <span className="text-sm muted">{s.building.name}</span>}
          </li>
        ))}
      </ul>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/**
 * The live line under an educator search: searching (with a spinner), it failed, nothing matches, or how
 * many were found (of how many, when the answer holds only the first page). Empty while there is no term.
 */
export function EducatorSearchStatus({ id, className, term, search, shown, total = shown, afterFound = '' }: {
  id: string;
  className: string;
  /** The term searched for (debounced); '' shows nothing. */
  term: string;
  search: { isLoading: boolean; error?: unknown };
  /** Results shown, and how many match in all. */
  shown: number;
  total?: number;
  afterFound?: string;
}) {
  let status = '';
  if (term && search.isLoading) status = t(m.searching);
  else if (term && search.error) status = t(m.failed);
  else if (term && shown === 0) status = t(m.noMatch, { term });
  else if (term && total > shown) status = t(m.showing, { shown: countText(shown), total, totalText: countText(total) });
  else if (term) status = t(m.found, { count: shown, shown: countText(shown), after: afterFound });
  return (
    <p id={id} className={`text-sm muted ${className}`} aria-live="polite">
      {status ? <>{term && search.isLoading && <Spinner size="sm" label="" />} {status}</> : null}
    </p>
  );
}
