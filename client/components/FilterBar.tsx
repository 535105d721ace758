// The filter bar of a list screen whose filters live in the URL (the admin lists): a search box that
// applies once typing pauses (or on Enter), the screen's own filters as children, and "Clear filters"
// while anything is set. Two columns on a phone, one row on a wide screen (`columns`, a CSS grid
// template; the search and the clear button take whole rows on a phone).
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from './Button';
import { TextField } from './Field';
import './filterBar.css';

const SEARCH_DELAY_MS = 300;

type Props = {
  /** Names the bar for screen readers ("Search and filter districts"). */
  label: string;
  /** The search as the URL holds it. */
  search: string;
  searchPlaceholder: string;
  /** A new search (a replace navigation: typing is not a step back). */
  onSearch: (search: string) => void;
  /** Whether any filter is set: shows "Clear filters". */
  active: boolean;
  onClear: () => void;
  /** The wide layout's grid template, one track per child plus the search and the clear button. */
  columns: string;
  /** Wide from this width (default 900px): 'narrow' moves to one row from 640px. */
  wideFrom?: 'narrow';
  children: ReactNode;
};

export function FilterBar({ label, search: urlSearch, searchPlaceholder, onSearch, active, onClear, columns, wideFrom, children }: Props) {
  const [search, setSearch] = useState(urlSearch);
  const latest = useRef(urlSearch);
  latest.current = urlSearch;
  // The newest callback without restarting the pause timer on every render of the screen.
  const searchNow = useRef(onSearch);
  searchNow.current = onSearch;

  useEffect(() => setSearch(urlSearch), [urlSearch]);
  useEffect(() => {
    if (search === latest.current) return;
    const timer = setTimeout(() => searchNow.current(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <section
      className={['filter-bar', wideFrom === 'narrow' && 'filter-bar--wide-early'].filter(Boolean).join(' ')}
      style={{ '--filter-bar-columns': columns } as CSSProperties}
      aria-label={label}
    >
      <form role="search" className="filter-bar__search" onSubmit={(e) => { e.preventDefault(); onSearch(search); }}>
        <TextField label="Search" name="search" type="search" value={search} onChange={setSearch} placeholder={searchPlaceholder} autoComplete="off" spellCheck={false} />
      </form>
      {children}
      {active && (
        <Button variant="ghost" className="filter-bar__clear" onClick={() => { setSearch(''); onClear(); }}>
          Clear filters
        </Button>
      )}
    </section>
  );
}
