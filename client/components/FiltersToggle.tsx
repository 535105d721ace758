// The "Filters" button that folds a screen's filters away on a phone: the count of active filters on it
// (read as "Filters, 2 active"), aria-expanded and aria-controls naming the panel it shows and hides.
// useFiltersOpen starts the panel open on a wide screen and closed on a phone.
import { useState } from 'react';
import { Button } from './Button';
import './filtersToggle.css';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  filters: { id: 'ui.filtersToggle.filters', defaultMessage: 'Filters' },
  active: { id: 'ui.filtersToggle.active', defaultMessage: ' active' },
});

/** Wide enough for the filters to sit open above the results (the admin tables' card breakpoint). */
export const FILTERS_OPEN_FROM = '(min-width: 760px)';

/** Whether the panel starts open: on a wide screen yes, on a phone no (decided once, at mount). */
export function useFiltersOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(FILTERS_OPEN_FROM).matches === true);
  return [open, setOpen];
}

type Props = {
  open: boolean;
  onToggle: () => void;
  /** The id of the panel the button shows and hides. */
  controls: string;
  /** How many filters are set (0 shows no count). */
  count: number;
  className?: string;
};

export function FiltersToggle({ open, onToggle, controls, count, className }: Props) {
  return (
    <Button
      variant="secondary"
      className={['filters-toggle', className].filter(Boolean).join(' ')}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M3 5h14M6 10h8M8.5 15h3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {t(m.filters)}
      {count > 0 && (
        <span className="filters-toggle__count">
          {count}
          <span className="sr-only">{t(m.active)}</span>
        </span>
      )}
    </Button>
  );
}
