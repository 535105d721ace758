// Search and filters of the admin Users list. The URL holds them (shareable, the back button works).
import { useEffect, useRef, useState } from 'react';
import { ROLE_PERMISSIONS } from '../../../../common/permissions';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/Field';
import { useDistrictOptions } from '../api';

export interface AdminUserFilterValues {
  search: string;
  district_id: string;
  role: string;
  status: string;
  area: string;
}

export const DEFAULT_ADMIN_USER_FILTERS: AdminUserFilterValues = { search: '', district_id: '', role: '', status: '', area: '' };

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'disabled', label: 'Deactivated' },
];

const AREA_OPTIONS = [
  { value: '', label: 'All areas' },
  { value: 'app', label: 'Districts' },
  { value: 'admin', label: 'Coachwell staff' },
];

const ROLE_OPTIONS = [{ value: '', label: 'All roles' }, ...Object.entries(ROLE_PERMISSIONS).map(([value, r]) => ({ value, label: r.label }))];

const SEARCH_DELAY_MS = 300;

type Props = {
  filters: AdminUserFilterValues;
  onChange: (patch: Partial<AdminUserFilterValues>, options?: { replace?: boolean }) => void;
};

export function AdminUserFilters({ filters, onChange }: Props) {
  const [search, setSearch] = useState(filters.search);
  const latest = useRef(filters.search);
  latest.current = filters.search;
  const districts = useDistrictOptions();

  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search === latest.current) return;
    const timer = setTimeout(() => onChange({ search }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  const districtOptions = [
    { value: '', label: 'All districts' },
    ...(districts.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
  ];
  // A district in the URL shows before the list of names has loaded.
  if (filters.district_id && !districtOptions.some((o) => o.value === filters.district_id)) {
    districtOptions.push({ value: filters.district_id, label: districts.data ? 'Unknown district' : 'Loading…' });
  }
  const active = Object.entries(filters).some(([key, value]) => value !== DEFAULT_ADMIN_USER_FILTERS[key as keyof AdminUserFilterValues]);

  return (
    <section className="au-filters" aria-label="Search and filter users">
      <form
        role="search"
        className="au-filters__search"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ search }, { replace: true });
        }}
      >
        <TextField label="Search" name="search" type="search" value={search} onChange={setSearch} placeholder="Name or email" autoComplete="off" spellCheck={false} />
      </form>
      <SelectField label="District" name="district_id" value={filters.district_id} onChange={(district_id) => onChange({ district_id })} options={districtOptions} />
      <SelectField label="Role" name="role" value={filters.role} onChange={(role) => onChange({ role })} options={ROLE_OPTIONS} />
      <SelectField label="Status" name="status" value={filters.status} onChange={(status) => onChange({ status })} options={STATUS_OPTIONS} />
      <SelectField label="Area" name="area" value={filters.area} onChange={(area) => onChange({ area })} options={AREA_OPTIONS} />
      {active && (
        <Button variant="ghost" className="au-filters__clear" onClick={() => { setSearch(''); onChange(DEFAULT_ADMIN_USER_FILTERS); }}>
          Clear filters
        </Button>
      )}
    </section>
  );
}
