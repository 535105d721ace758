// "Educators | Groups": the two views of the people in a district, as navigation tabs under the header.
import { NavTabs } from '../../../components/NavTabs';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  tabEducators: { id: 'staff.tabEducators', defaultMessage: 'Educators' },
  tabGroups: { id: 'staff.tabGroups', defaultMessage: 'Groups' },
  tabsLabel: { id: 'staff.tabsLabel', defaultMessage: 'Educators and groups' },
});

const tabs = () => [
  { key: 'educators', to: '/app/staff', label: t(m.tabEducators) },
  { key: 'groups', to: '/app/staff/groups', label: t(m.tabGroups) },
];

export function StaffTabs() {
  return <NavTabs label={t(m.tabsLabel)} tabs={tabs()} />;
}
