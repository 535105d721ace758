import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { GroupStatusFilter } from '../api';

const TABS: { value: GroupStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active groups' },
  { value: 'all', label: 'All groups' },
];

export const tabId = (value: GroupStatusFilter) => `groups-tab-${value}`;
export const PANEL_ID = 'groups-panel';

/** The two listings as ARIA tabs: arrow keys, Home and End move between them (automatic activation). */
export function GroupTabs({ value, onChange, children }: { value: GroupStatusFilter; onChange: (v: GroupStatusFilter) => void; children?: ReactNode }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(TABS[next]!.value);
  };
  return (
    <div className="cluster cluster--between cluster--bottom groups-tabs">
      <div className="groups-tabs__list" role="tablist" aria-label="Group listings">
        {TABS.map((tab, i) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={tabId(tab.value)}
              type="button"
              role="tab"
              className="groups-tabs__tab"
              aria-selected={selected}
              aria-controls={PANEL_ID}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {children && <div className="groups-tabs__extra">{children}</div>}
    </div>
  );
}
