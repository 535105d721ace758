// Navigation tabs: links under a page's header to the views of one area (Educators | Groups, the kinds of
// Logs), the current one underlined and marked aria-current="page". A tab is current when `current` says
// so (views told apart by the query string), else when its path is the page's (NavLink).
import type { ReactNode } from 'react';
import { Link, NavLink, type To } from 'react-router-dom';
import './navTabs.css';

export type NavTab = { key: string; to: To; label: ReactNode; current?: boolean };

export function NavTabs({ label, tabs }: { label: string; tabs: NavTab[] }) {
  return (
    <nav className="nav-tabs" aria-label={label}>
      <ul className="nav-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.key}>
            {tab.current === undefined ? (
              <NavLink to={tab.to} end className="nav-tabs__link">{tab.label}</NavLink>
            ) : (
              <Link to={tab.to} className="nav-tabs__link" aria-current={tab.current ? 'page' : undefined}>{tab.label}</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
