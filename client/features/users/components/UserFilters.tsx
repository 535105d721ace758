// Search, role and status filters of the user list. The URL holds them (shareable, back button works).
import { useEffect, useRef, useState } from 'react';
import { DISTRICT_ROLES, ROLE_LABELS } from '../../../../common/schemas/users';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/Field';

export interface UserFilterValues {
  search: string;
  role: string;
  status: string;
}

export const DEFAULT_USER_FILTERS: UserFilterValues = { search: '', role: '', status: 'all' };

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'disabled', label: 'Deactivated' },
];

const ROLE_OPTIONS = [{ value: '', label: 'All roles' }, ...DISTRICT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))];

const SEARCH_DELAY_MS = 300;

type Props = {
  filters: UserFilterValues;
  onChange: (patch: Partial<UserFilterValues>, options?: { replace?: boolean }) => void;
};

export function UserFilters({ filters, onChange }: Props) {
  const [search, setSearch] = useState(filters.search);
  const latest = useRef(filters.search);
  latest.current = filters.search;

  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search === latest.current) return;
    const timer = setTimeout(() => onChange({ search }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  const active = filters.search !== '' || filters.role !== '' || filters.status !== DEFAULT_USER_FILTERS.status;

  return (
    <section className="users-filters" aria-label="Search and filter users">
      <form
        role="search"
        className="users-filters__search"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ search }, { replace: true });
        }}
      >
        <TextField label="Search" name="search" type="search" value={search} onChange={setSearch} placeholder="Name or email" autoComplete="off" spellCheck={false} />
      </form>
      <SelectField className="users-filters__select" label="Role" name="role" value={filters.role} onChange={(role) => onChange({ role })} options={ROLE_OPTIONS} />
      <SelectField className="users-filters__select" label="Status" name="status" value={filters.status} onChange={(status) => onChange({ status })} options={STATUS_OPTIONS} />
      {active && (
        <Button variant="ghost" className="users-filters__clear" onClick={() => { setSearch(''); onChange(DEFAULT_USER_FILTERS); }}>
          Clear filters
        </Button>
      )}
    </section>
  );
}
