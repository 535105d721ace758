// Search, role and status filters of the user list. The URL holds them (shareable, back button works).
import { DISTRICT_ROLES, ROLE_LABELS } from '../../../../common/schemas/users';
import { SelectField } from '../../../components/Field';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  allStatuses: { id: 'users.allStatuses', defaultMessage: 'All statuses' },
  active: { id: 'users.active', defaultMessage: 'Active' },
  statusInvited: { id: 'users.statusInvited', defaultMessage: 'Invited' },
  deactivated: { id: 'users.deactivated', defaultMessage: 'Deactivated' },
  filterLabel: { id: 'users.filterLabel', defaultMessage: 'Search and filter users' },
  searchPlaceholder: { id: 'users.searchPlaceholder', defaultMessage: 'Name or email' },
  role: { id: 'users.role', defaultMessage: 'Role' },
  allRoles: { id: 'users.allRoles', defaultMessage: 'All roles' },
  status: { id: 'users.status', defaultMessage: 'Status' },
});

export interface UserFilterValues {
  search: string;
  role: string;
  status: string;
}

export const DEFAULT_USER_FILTERS: UserFilterValues = { search: '', role: '', status: 'all' };

const statusOptions = () => [
  { value: 'all', label: t(m.allStatuses) },
  { value: 'active', label: t(m.active) },
  { value: 'invited', label: t(m.statusInvited) },
  { value: 'disabled', label: t(m.deactivated) },
];

const roleOptions = () => DISTRICT_ROLES.map((r) => ({ value: r, label: tText(ROLE_LABELS[r]) }));

type Props = {
  filters: UserFilterValues;
  onChange: (patch: Partial<UserFilterValues>, options?: { replace?: boolean }) => void;
};

export function UserFilters({ filters, onChange }: Props) {
  const f = boundFilters(filters, DEFAULT_USER_FILTERS, onChange);
  return (
    <FilterBar label={t(m.filterLabel)} searchPlaceholder={t(m.searchPlaceholder)} {...f.bar} columns="minmax(12rem, 2fr) minmax(10rem, 1fr) minmax(10rem, 1fr) auto" wideFrom="narrow">
      <SelectField label={t(m.role)} {...f.select('role')} placeholder={t(m.allRoles)} options={roleOptions()} />
      <SelectField label={t(m.status)} {...f.select('status')} options={statusOptions()} />
    </FilterBar>
  );
}
