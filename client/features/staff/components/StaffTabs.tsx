// "Educators | Groups": the two views of the people in a district, as navigation tabs under the header.
import { NavLink } from 'react-router-dom';

export function StaffTabs() {
  return (
    <nav className="staff-tabs" aria-label="Educators and groups">
      <ul className="staff-tabs__list">
        <li>
          <NavLink to="/app/staff" end className="staff-tabs__link">
            Educators
          </NavLink>
        </li>
        <li>
          <NavLink to="/app/staff/groups" end className="staff-tabs__link">
            Groups
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
