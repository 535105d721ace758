// Search and filters of the admin Users list. The URL holds them (shareable, the back button works).
import { ROLE_PERMISSIONS } from '../../../../common/permissions';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { SelectField } from '../../../components/Field';
import { defineMessages, t, tText } from '../../../lib/i18n';
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

const m = defineMessages({
  active: { id: 'adminUsers.filters.active', defaultMessage: 'Active' },
  invited: { id: 'adminUsers.filters.invited', defaultMessage: 'Invited' },
  deactivated: { id: 'adminUsers.filters.deactivated', defaultMessage: 'Deactivated' },
  districts: { id: 'adminUsers.filters.districts', defaultMessage: 'Districts' },
  coachwellStaff: { id: 'adminUsers.coachwellStaff', defaultMessage: 'Coachwell staff' },
  unknownDistrict: { id: 'adminUsers.filters.unknownDistrict', defaultMessage: 'Unknown district' },
  loading: { id: 'adminUsers.filters.loading', defaultMessage: 'Loading…' },
  label: { id: 'adminUsers.filters.label', defaultMessage: 'Search and filter users' },
  searchPlaceholder: { id: 'adminUsers.filters.searchPlaceholder', defaultMessage: 'Name or email' },
  district: { id: 'adminUsers.district', defaultMessage: 'District' },
  allDistricts: { id: 'adminUsers.filters.allDistricts', defaultMessage: 'All districts' },
  role: { id: 'adminUsers.role', defaultMessage: 'Role' },
  allRoles: { id: 'adminUsers.filters.allRoles', defaultMessage: 'All roles' },
  status: { id: 'adminUsers.status', defaultMessage: 'Status' },
  allStatuses: { id: 'adminUsers.filters.allStatuses', defaultMessage: 'All statuses' },
  area: { id: 'adminUsers.filters.area', defaultMessage: 'Area' },
  allAreas: { id: 'adminUsers.filters.allAreas', defaultMessage: 'All areas' },
});

const statusOptions = () => [
  { value: 'active', label: t(m.active) },
  { value: 'invited', label: t(m.invited) },
  { value: 'disabled', label: t(m.deactivated) },
];

const areaOptions = () => [
  { value: 'app', label: t(m.districts) },
  { value: 'admin', label: t(m.coachwellStaff) },
];

const roleOptions = () => Object.entries(ROLE_PERMISSIONS).map(([value, r]) => ({ value, label: tText(r.label) }));

type Props = {
  filters: AdminUserFilterValues;
  onChange: (patch: Partial<AdminUserFilterValues>, options?: { replace?: boolean }) => void;
};

export function AdminUserFilters({ filters, onChange }: Props) {
  const districts = useDistrictOptions();

  // A district in the URL shows before the list of names has loaded.
  const districtOptions = keepChosen(
    (districts.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name })), filters.district_id, districts.data ? t(m.unknownDistrict) : t(m.loading),
  );
  const f = boundFilters(filters, DEFAULT_ADMIN_USER_FILTERS, onChange);

  return (
    <FilterBar label={t(m.label)} searchPlaceholder={t(m.searchPlaceholder)} {...f.bar} columns="minmax(14rem, 2fr) repeat(4, minmax(9rem, 1fr)) auto">
      <SelectField label={t(m.district)} {...f.select('district_id')} placeholder={t(m.allDistricts)} options={districtOptions} />
      <SelectField label={t(m.role)} {...f.select('role')} placeholder={t(m.allRoles)} options={roleOptions()} />
      <SelectField label={t(m.status)} {...f.select('status')} placeholder={t(m.allStatuses)} options={statusOptions()} />
      <SelectField label={t(m.area)} {...f.select('area')} placeholder={t(m.allAreas)} options={areaOptions()} />
    </FilterBar>
  );
}
