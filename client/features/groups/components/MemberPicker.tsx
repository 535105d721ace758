import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { SearchField } from '../../../components/Field';
import { EducatorSearchStatus } from '../../../components/EducatorCombobox';
import { useDebouncedTerm } from '../../../lib/lookups';
import { type MemberCandidate, useMemberSearch } from '../api';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  addEducator: { id: 'groups.addEducator', defaultMessage: 'Add an educator' },
  searchHint: { id: 'groups.searchHint', defaultMessage: 'Search by name, email or employee ID.' },
  matching: { id: 'groups.matching', defaultMessage: 'Matching educators' },
  added: { id: 'groups.added', defaultMessage: 'Added' },
  add: { id: 'groups.add', defaultMessage: 'Add' },
});

/** Search the district's educators (GET /api/staff) and add them to the group one by one. */
export function MemberPicker({ memberIds, onAdd, inputRef }: {
  memberIds: ReadonlySet<number>;
  onAdd: (candidate: MemberCandidate) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedTerm(term);
  const statusId = useId();
  const { data, error, isLoading } = useMemberSearch(debounced);
  const results = debounced ? data?.data ?? [] : [];
  const total = data?.meta.total ?? results.length;

  // Enter in the search box must not submit the group form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <div className="groups-picker">
      <SearchField
        ref={inputRef}
        label={t(m.addEducator)}
        name="member_search"
        value={term}
        onChange={setTerm}
        onKeyDown={onKeyDown}
        hint={t(m.searchHint)}
        aria-describedby={statusId}
      />
      <EducatorSearchStatus id={statusId} className="groups-picker__status" term={debounced} search={{ isLoading, error }} shown={results.length} total={total} />
      {results.length > 0 && (
        <ul className="groups-picker__results" aria-label={t(m.matching)}>
          {results.map((candidate) => {
            const added = memberIds.has(candidate.id);
            return (
              <li key={candidate.id} className="groups-picker__result">
                <span className="groups-picker__who">
                  <span className="groups-picker__name">{candidate.name}</span>
                  {candidate.building && <span className="text-sm muted">{candidate.building.name}</span>}
                </span>
                <Button variant="secondary" size="sm" disabled={added} onClick={() => onAdd(candidate)}>
                  {added ? t(m.added) : t(m.add)}
                  <span className="sr-only"> {candidate.name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
