// Search, role and status filters of the user list. The URL holds them (shareable, back button works).
import { DISTRICT_ROLES, ROLE_LABELS } from '../../../../common/schemas/users';
import { SelectField } from '../../../components/Field';
import { boundFilters, FilterBar } from '../../../components/FilterBar';

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

const ROLE_OPTIONS = DISTRICT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

type Props = {
  filters: UserFilterValues;
  onChange: (patch: Partial<UserFilterValues>, options?: { replace?: boolean }) => void;
};

export function UserFilters({ filters, onChange }: Props) {
  const f = boundFilters(filters, DEFAULT_USER_FILTERS, onChange);
  return (
    <FilterBar label="Search and filter users" searchPlaceholder="Name or email" {...f.bar} columns="minmax(12rem, 2fr) minmax(10rem, 1fr) minmax(10rem, 1fr) auto" wideFrom="narrow">
      <SelectField label="Role" {...f.select('role')} placeholder="All roles" options={ROLE_OPTIONS} />
      <SelectField label="Status" {...f.select('status')} options={STATUS_OPTIONS} />
    </FilterBar>
  );
}
