// "Educators | Groups": the two views of the people in a district, as navigation tabs under the header.
import { NavTabs } from '../../../components/NavTabs';

const TABS = [
  { key: 'educators', to: '/app/staff', label: 'Educators' },
  { key: 'groups', to: '/app/staff/groups', label: 'Groups' },
];

export function StaffTabs() {
  return <NavTabs label="Educators and groups" tabs={TABS} />;
}
