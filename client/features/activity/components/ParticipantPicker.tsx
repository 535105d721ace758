// Participants of an interaction: the chosen educators as removable chips, the caller's recent
// participants one tap away, and a search of the educators they may see (the shared educators lookup).
import { type KeyboardEvent, useId, useState } from 'react';
import { FieldErrors } from '../../../components/Field';
import { EducatorSearchStatus } from '../../../components/EducatorCombobox';
import { useDebouncedTerm, useStaffSearch } from '../../../lib/lookups';
import type { Person } from '../logForm';

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
      <legend className="field__label">Educators</legend>
      {value.length > 0 ? (
        <ul className="chips participants__chosen" aria-label="Chosen educators">
          {value.map((p) => (
            <li key={p.id} className="chip">
              <span>{p.name}</span>
              <button type="button" className="chip__remove" onClick={() => remove(p)} aria-label={`Remove ${p.name}`}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm muted participants__none">No educators chosen yet.</p>
      )}
      {recentLeft.length > 0 && (
        <div className="participants__recent">
          <p className="text-sm participants__recent-title" id={`${id}-recent`}>Recent</p>
          <ul className="chips participants__quick" aria-labelledby={`${id}-recent`}>
            {recentLeft.map((p) => (
              <li key={p.id}>
                <button type="button" className="quick-add" onClick={() => add(p)}>
                  <span aria-hidden="true">+</span> {p.name}
                  <span className="sr-only"> (add)</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="field participants__search">
        <label className="field__label field__label--sub" htmlFor={`${id}-search`}>Find an educator</label>
        <input
          id={`${id}-search`}
          className="field__control"
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          placeholder="Name, email or employee ID"
          aria-describedby={statusId}
        />
        <EducatorSearchStatus id={statusId} className="participants__status" term={debounced} search={{ isLoading, error: searchError }} shown={results.length} />
        {results.length > 0 && (
          <ul className="participants__results" aria-label="Matching educators">
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
                    <span className="participants__result-state" aria-hidden="true">{added ? '✓ Added' : '+ Add'}</span>
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
