// The one filter bar of every screen whose filters live in the URL (the admin lists, the reports,
// Educators, Activity, Cycles, Admin activity and Logs): an optional search box that applies once typing
// pauses (or at once on Enter), the screen's own filters as children, and "Clear filters" while anything
// is set. Two columns on a phone, one row on a wide screen (`columns`, a CSS grid template; the search and
// the clear button take whole rows on a phone). With `foldCount` the bar folds behind the shared
// FiltersToggle ("Filters" with the count of active filters) below 760 px; from 760 px it is always open
// and the toggle is gone. What a phone keeps in sight while folded: the search (unless `foldSearch`) and
// the children wrapped in <FilterBarPinned> (a sort order). With `chips` the set filters are listed below
// the bar as removable chips, in sight when folded, with "Clear filters" after them.
import { createContext, type CSSProperties, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button';
import { SearchField } from './Field';
import { FiltersToggle, useFiltersOpen } from './FiltersToggle';
import './chips.css';
import './filterBar.css';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  search: { id: 'ui.filterBar.search', defaultMessage: 'Search' },
  filterBy: { id: 'ui.filterBar.filterBy', defaultMessage: 'Filter by {label}' },
  active: { id: 'ui.filterBar.active', defaultMessage: 'Active filters' },
  remove: { id: 'ui.filterBar.remove', defaultMessage: 'Remove filter {label}' },
  clear: { id: 'ui.filterBar.clear', defaultMessage: 'Clear filters' },
});

const SEARCH_DELAY_MS = 300;

/** Bumped by "Clear filters" so text typed but not yet applied empties too. */
const ClearingContext = createContext(0);

type SearchProps = {
  /** The search as the URL holds it. */
  search: string;
  searchPlaceholder: string;
  /** A new search (a replace navigation: typing is not a step back). */
  onSearch: (search: string) => void;
  /** The search field's label and name (default "Search", "search"). */
  searchLabel?: string;
  searchName?: string;
  searchMaxLength?: number;
};

export type FilterChip = {
  key: string;
  /** What is set, as read ("School: Lincoln Middle School"); the remove button says "Remove filter …". */
  label: string;
  onRemove: () => void;
  /** The remove button's name when "Remove filter {label}" is not the right one. */
  removeLabel?: string;
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
  /** How many of the wide grid's tracks the search spans (an auto-fill template of narrow tracks). */
  searchSpan?: number;
  /** Fold the search away too (by default a folded bar keeps the search in sight). */
  foldSearch?: boolean;
  /** The set filters as removable chips below the bar ("Clear filters" then follows them). */
  chips?: FilterChip[];
  className?: string;
  children: ReactNode;
};

type TextFilterProps = {
  label: string;
  name: string;
  /** The value as the URL holds it. */
  value: string;
  placeholder?: string;
  /** Called once typing pauses, and at once on Enter. */
  onChange: (value: string) => void;
  maxLength?: number;
  className?: string;
};

/** A text filter of a FilterBar (the bar's search, or another like Logs' User): a search field in its own
 *  form that follows the URL, applies after a pause or on Enter, and empties with "Clear filters". */
export function FilterText({ label, name, value: urlValue, placeholder, onChange, maxLength, className }: TextFilterProps) {
  const clearing = useContext(ClearingContext);
  const [text, setText] = useState(urlValue);
  const latest = useRef(urlValue);
  latest.current = urlValue;
  // The newest callback without restarting the pause timer on every render of the screen.
  const changeNow = useRef(onChange);
  changeNow.current = onChange;

  useEffect(() => setText(urlValue), [urlValue]);
  useEffect(() => { if (clearing) setText(''); }, [clearing]);
  useEffect(() => {
    if (text === latest.current) return;
    const timer = setTimeout(() => changeNow.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form role="search" aria-label={label === t(m.search) ? undefined : t(m.filterBy, { label: label.toLowerCase() })} className={className}
      onSubmit={(e) => { e.preventDefault(); if (text !== latest.current) onChange(text); }}>
      <SearchField label={label} name={name} value={text} onChange={setText} placeholder={placeholder} maxLength={maxLength} spellCheck={false} />
    </form>
  );
}

/**
 * A list's FilterBar bound to its filters as the URL holds them: `bar` is the bar's search (a new search replaces
 * the history entry), `active` (a filter of `cleared` differs from it: the sort and page are not filters) and
 * `onClear` (back to `cleared`); `select(name)` is the name, value and onChange of the SelectField of one filter.
 * `<FilterBar label=… searchPlaceholder=… {...f.bar} columns=…><SelectField label="Status" {...f.select('status')} … />`.
 */
export function boundFilters<F extends { search: string }, C extends Partial<F>>(
  values: F, cleared: C, onChange: (patch: Partial<F>, options?: { replace?: boolean }) => void,
) {
  const keys = Object.keys(cleared) as (keyof C & keyof F)[];
  return {
    bar: {
      search: values.search,
      onSearch: (search: string) => onChange({ search } as Partial<F>, { replace: true }),
      active: keys.some((key) => (values[key] as unknown) !== cleared[key]),
      onClear: () => onChange(cleared),
    },
    select: <K extends keyof F & string>(name: K) => ({
      name, value: String(values[name]), onChange: (value: string) => onChange({ [name]: value } as Partial<F>),
    }),
  };
}

/** Children of a folding FilterBar that stay in sight on a phone while the rest is folded (a sort order). */
export function FilterBarPinned({ children }: { children: ReactNode }) {
  return <div className="filter-bar__pinned">{children}</div>;
}

function Chips({ chips, clear }: { chips: FilterChip[]; clear: ReactNode }) {
  if (chips.length === 0 && !clear) return null;
  return (
    <div className="filter-chips">
      {chips.length > 0 && (
        <ul className="chips" aria-label={t(m.active)}>
          {chips.map((chip) => (
            <li key={chip.key} className="chip">
              <span className="chip__label">{chip.label}</span>
              <button type="button" className="chip__remove" aria-label={chip.removeLabel ?? t(m.remove, { label: chip.label })} onClick={chip.onRemove}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {clear}
    </div>
  );
}

export function FilterBar({
  label, search, searchPlaceholder, onSearch, searchLabel: givenSearchLabel, searchName = 'search', searchMaxLength,
  active, onClear, columns, wideFrom, foldCount, searchSpan, foldSearch, chips, className, children,
}: Props) {
  const searchLabel = givenSearchLabel ?? t(m.search);
  const [clearing, setClearing] = useState(0);
  const [open, setOpen] = useFiltersOpen();
  const panelId = useId();
  const folds = foldCount !== undefined;

  const clear = active && (
    <Button variant="ghost" className="filter-bar__clear" onClick={() => { setClearing((n) => n + 1); onClear(); }}>
      {t(m.clear)}
    </Button>
  );
  const bar = (
    <section
      id={folds ? panelId : undefined}
      className={['filter-bar', wideFrom === 'narrow' && 'filter-bar--wide-early', folds && !open && 'filter-bar--folded', className].filter(Boolean).join(' ')}
      style={{ '--filter-bar-columns': columns, ...(searchSpan ? { '--filter-bar-search-span': `span ${searchSpan}` } : {}) } as CSSProperties}
      aria-label={label}
    >
      {onSearch && (
        <FilterText className={['filter-bar__search', !foldSearch && 'filter-bar__pinned'].filter(Boolean).join(' ')}
          label={searchLabel} name={searchName} value={search ?? ''} placeholder={searchPlaceholder} maxLength={searchMaxLength} onChange={onSearch} />
      )}
      {children}
      {!chips && clear}
    </section>
  );
  const content = (
    <ClearingContext.Provider value={clearing}>
      {folds && <FiltersToggle className="filter-bar-fold__toggle" open={open} onToggle={() => setOpen(!open)} controls={panelId} count={foldCount} />}
      {bar}
      {chips && <Chips chips={chips} clear={clear} />}
    </ClearingContext.Provider>
  );
  if (!folds && !chips) return content;
  return <div className={folds ? 'filter-bar-fold' : 'filter-bar-stack'}>{content}</div>;
}
