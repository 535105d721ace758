// Participants of an interaction: the chosen educators as removable chips, the caller's recent
// participants one tap away, and a search of the educators they may see (the shared educators lookup).
import { type KeyboardEvent, useId, useState } from 'react';
import { FieldErrors } from '../../../components/Field';
import { EducatorSearchStatus } from '../../../components/EducatorCombobox';
import { RecentPeople } from '../../../components/RecentPeople';
import { useDebouncedTerm, useStaffSearch } from '../../../lib/lookups';
import type { Person } from '../logForm';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  educators: { id: 'activity.educators', defaultMessage: 'Educators' },
  chosenEducators: { id: 'activity.chosenEducators', defaultMessage: 'Chosen educators' },
  removeName: { id: 'activity.removeName', defaultMessage: 'Remove {name}' },
  noneChosen: { id: 'activity.noneChosen', defaultMessage: 'No educators chosen yet.' },
  findEducator: { id: 'activity.findEducator', defaultMessage: 'Find an educator' },
  searchPlaceholder: { id: 'activity.searchPlaceholder', defaultMessage: 'Name, email or employee ID' },
  matchingEducators: { id: 'activity.matchingEducators', defaultMessage: 'Matching educators' },
  added: { id: 'activity.added', defaultMessage: '✓ Added' },
  add: { id: 'activity.add', defaultMessage: '+ Add' },
});

export function ParticipantPicker({ value, onChange, recent, error }: {
  value: Person[];
  onChange: (next: Person[]) => void;
  recent: Person[];
  error?: string;
}) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedTerm(term);
  const id = useId();
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const { data, error: searchError, isLoading } = useStaffSearch(debounced, debounced.length > 0);
  const chosen = new Set(value.map((p) => p.id));
  const results = debounced ? (data?.data ?? []).filter((s) => s.status !== 'inactive') : [];
  const recentLeft = recent.filter((p) => !chosen.has(p.id));

  const add = (p: Person) => {
    if (!chosen.has(p.id)) onChange([...value, p]);
  };
  const remove = (p: Person) => onChange(value.filter((x) => x.id !== p.id));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (results.length === 1) {
        add({ id: results[0].id, name: results[0].name });
        setTerm('');
      }
    }
  };

  return (
    <fieldset className={['field', 'participants', error && 'field--invalid'].filter(Boolean).join(' ')} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} tabIndex={-1}>
      <legend className="field__label">{t(m.educators)}</legend>
      {value.length > 0 ? (
        <ul className="chips participants__chosen" aria-label={t(m.chosenEducators)}>
          {value.map((p) => (
            <li key={p.id} className="chip">
              <span>{p.name}</span>
              <button type="button" className="chip__remove" onClick={() => remove(p)} aria-label={t(m.removeName, { name: p.name })}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm muted participants__none">{t(m.noneChosen)}</p>
      )}
      <RecentPeople people={recentLeft} onPick={add} />
      <div className="field participants__search">
        <label className="field__label field__label--sub" htmlFor={`${id}-search`}>{t(m.findEducator)}</label>
        <input
          id={`${id}-search`}
          className="field__control"
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          placeholder={t(m.searchPlaceholder)}
          aria-describedby={statusId}
        />
        <EducatorSearchStatus id={statusId} className="participants__status" term={debounced} search={{ isLoading, error: searchError }} shown={results.length} />
        {results.length > 0 && (
          <ul className="participants__results" aria-label={t(m.matchingEducators)}>
            {results.map((s) => {
              const added = chosen.has(s.id);
              return (
                <li key={s.id}>
                  <button
                    type="button"
                    className="participants__result"
                    aria-pressed={added}
                    onClick={() => (added ? remove({ id: s.id, name: s.name }) : add({ id: s.id, name: s.name }))}
                  >
                    <span className="participants__result-name">{s.name}</span>
                    {s.building && <span className="text-sm muted">{s.building.name}</span>}
                    <span className="participants__result-state" aria-hidden="true">{added ? t(m.added) : t(m.add)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <FieldErrors id={errorId} errors={error ? [error] : []} />
    </fieldset>
  );
}
