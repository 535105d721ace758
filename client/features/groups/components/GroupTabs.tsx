import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { GroupStatusFilter } from '../api';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';

const m = defineMessages({
  tabActive: { id: 'groups.tabActive', defaultMessage: 'Active groups' },
  tabAll: { id: 'groups.tabAll', defaultMessage: 'All groups' },
  tabsLabel: { id: 'groups.tabsLabel', defaultMessage: 'Group listings' },
});

const TABS: { value: GroupStatusFilter; label: MessageDescriptor }[] = [
  { value: 'active', label: m.tabActive },
  { value: 'all', label: m.tabAll },
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
      <div className="groups-tabs__list" role="tablist" aria-label={t(m.tabsLabel)}>
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
              {t(tab.label)}
            </button>
          );
        })}
      </div>
      {children && <div className="groups-tabs__extra">{children}</div>}
    </div>
  );
}
