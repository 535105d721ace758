// Search and filters of the admin Users list. The URL holds them (shareable, the back button works).
import { ROLE_PERMISSIONS } from '../../../../common/permissions';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { SelectField } from '../../../components/Field';
import { keepChosen } from '../../../lib/listParams';
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
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'disabled', label: 'Deactivated' },
];

const AREA_OPTIONS = [
  { value: 'app', label: 'Districts' },
  { value: 'admin', label: 'Coachwell staff' },
];

const ROLE_OPTIONS = Object.entries(ROLE_PERMISSIONS).map(([value, r]) => ({ value, label: r.label }));

type Props = {
  filters: AdminUserFilterValues;
  onChange: (patch: Partial<AdminUserFilterValues>, options?: { replace?: boolean }) => void;
};

export function AdminUserFilters({ filters, onChange }: Props) {
  const districts = useDistrictOptions();

  // A district in the URL shows before the list of names has loaded.
  const districtOptions = keepChosen(
    (districts.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name })), filters.district_id, districts.data ? 'Unknown district' : 'Loading…',
  );
  const f = boundFilters(filters, DEFAULT_ADMIN_USER_FILTERS, onChange);

  return (
    <FilterBar label="Search and filter users" searchPlaceholder="Name or email" {...f.bar} columns="minmax(14rem, 2fr) repeat(4, minmax(9rem, 1fr)) auto">
      <SelectField label="District" {...f.select('district_id')} placeholder="All districts" options={districtOptions} />
      <SelectField label="Role" {...f.select('role')} placeholder="All roles" options={ROLE_OPTIONS} />
      <SelectField label="Status" {...f.select('status')} placeholder="All statuses" options={STATUS_OPTIONS} />
      <SelectField label="Area" {...f.select('area')} placeholder="All areas" options={AREA_OPTIONS} />
    </FilterBar>
  );
}
