// The one filter bar of a screen whose filters live in the URL (the admin lists, the reports): an optional
// search box that applies once typing pauses (or on Enter), the screen's own filters as children, and
// "Clear filters" while anything is set. Two columns on a phone, one row on a wide screen (`columns`, a
// CSS grid template; the search and the clear button take whole rows on a phone). With `foldCount` the bar
// folds behind the shared FiltersToggle ("Filters" with the count of active filters) below 760 px, as the
// Educators and Cycles filters do; from 760 px it is always open and the toggle is gone.
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button';
import { TextField } from './Field';
import { FiltersToggle, useFiltersOpen } from './FiltersToggle';
import './filterBar.css';

const SEARCH_DELAY_MS = 300;

type SearchProps = {
  /** The search as the URL holds it. */
  search: string;
  searchPlaceholder: string;
  /** A new search (a replace navigation: typing is not a step back). */
  onSearch: (search: string) => void;
};

type Props = Partial<SearchProps> & {
  /** Names the bar for screen readers ("Search and filter districts"). */
  label: string;
  /** Whether any filter is set: shows "Clear filters". */
  active: boolean;
  onClear: () => void;
  /** The wide layout's grid template, one track per child plus the search and the clear button. */
  columns: string;
  /** Wide from this width (default 900px): 'narrow' moves to one row from 640px. */
  wideFrom?: 'narrow';
  /** Fold the bar behind a "Filters" button on a phone, showing this count of active filters. */
  foldCount?: number;
  className?: string;
  children: ReactNode;
};

function SearchBox({ search: urlSearch, searchPlaceholder, onSearch, clearing }: SearchProps & { clearing: number }) {
  const [search, setSearch] = useState(urlSearch);
  const latest = useRef(urlSearch);
  latest.current = urlSearch;
  // The newest callback without restarting the pause timer on every render of the screen.
  const searchNow = useRef(onSearch);
  searchNow.current = onSearch;

  useEffect(() => setSearch(urlSearch), [urlSearch]);
  useEffect(() => { if (clearing) setSearch(''); }, [clearing]);
  useEffect(() => {
    if (search === latest.current) return;
    const timer = setTimeout(() => searchNow.current(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <form role="search" className="filter-bar__search" onSubmit={(e) => { e.preventDefault(); onSearch(search); }}>
      <TextField label="Search" name="search" type="search" value={search} onChange={setSearch} placeholder={searchPlaceholder} autoComplete="off" spellCheck={false} />
    </form>
  );
}

export function FilterBar({ label, search, searchPlaceholder, onSearch, active, onClear, columns, wideFrom, foldCount, className, children }: Props) {
  // Bumped by "Clear filters" so a search typed but not yet applied empties too.
  const [clearing, setClearing] = useState(0);
  const [open, setOpen] = useFiltersOpen();
  const panelId = useId();
  const folds = foldCount !== undefined;

  const bar = (
    <section
      id={folds ? panelId : undefined}
      className={['filter-bar', wideFrom === 'narrow' && 'filter-bar--wide-early', folds && !open && 'filter-bar--folded', className].filter(Boolean).join(' ')}
      style={{ '--filter-bar-columns': columns } as CSSProperties}
      aria-label={label}
    >
      {onSearch && <SearchBox search={search ?? ''} searchPlaceholder={searchPlaceholder ?? ''} onSearch={onSearch} clearing={clearing} />}
      {children}
      {active && (
        <Button variant="ghost" className="filter-bar__clear" onClick={() => { setClearing((n) => n + 1); onClear(); }}>
          Clear filters
        </Button>
      )}
    </section>
  );
  if (!folds) return bar;
  return (
    <div className="filter-bar-fold">
      <FiltersToggle className="filter-bar-fold__toggle" open={open} onToggle={() => setOpen(!open)} controls={panelId} count={foldCount} />
      {bar}
    </div>
  );
}
