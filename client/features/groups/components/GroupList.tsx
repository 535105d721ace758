import type { Locale } from 'date-fns';
import type { Group } from '../../../../common/schemas/groups';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import type { GroupStatusFilter } from '../api';
import { GroupCard, type GroupCardActions } from './GroupCard';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  noMatch: { id: 'groups.noMatch', defaultMessage: 'No groups match your search' },
  clearSearch: { id: 'groups.clearSearch', defaultMessage: 'Clear search' },
  noMatchActive: { id: 'groups.noMatchActive', defaultMessage: 'No active group has “{search}” in its name.' },
  noMatchAll: { id: 'groups.noMatchAll', defaultMessage: 'No group has “{search}” in its name.' },
  noActive: { id: 'groups.noActive', defaultMessage: 'No active groups yet' },
  none: { id: 'groups.none', defaultMessage: 'No groups yet' },
  newGroup: { id: 'groups.newGroup', defaultMessage: 'New group' },
  emptyBody: { id: 'groups.emptyBody', defaultMessage: 'Groups bring educators together, like a PLC or an induction cohort.' },
  emptyBodyActive: { id: 'groups.emptyBodyActive', defaultMessage: 'Groups bring educators together, like a PLC or an induction cohort. Deactivated groups are listed under All groups.' },
  countActive: { id: 'groups.countActive', defaultMessage: '{count, plural, one {# active group} other {# active groups}}' },
  countAll: { id: 'groups.countAll', defaultMessage: '{count, plural, one {# group} other {# groups}}' },
  countAllDeactivated: { id: 'groups.countAllDeactivated', defaultMessage: '{count, plural, one {# group} other {# groups}}, {deactivated} deactivated' },
});

/** The cards of one listing, a count line for screen readers and sighted users, or an empty state. */
export function GroupList({ groups, status, search, locale, canManage, busyId, onNew, onClearSearch, actions }: {
  groups: Group[];
  status: GroupStatusFilter;
  search: string;
  locale?: Locale;
  canManage: boolean;
  busyId: number | null;
  onNew: () => void;
  onClearSearch: () => void;
  actions: GroupCardActions;
}) {
  if (groups.length === 0) {
    if (search) {
      return (
        <EmptyState title={t(m.noMatch)} action={<Button variant="secondary" onClick={onClearSearch}>{t(m.clearSearch)}</Button>}>
          <p>{t(status === 'active' ? m.noMatchActive : m.noMatchAll, { search })}</p>
        </EmptyState>
      );
    }
    return (
      <EmptyState
        title={status === 'active' ? t(m.noActive) : t(m.none)}
        action={canManage ? <Button onClick={onNew}>{t(m.newGroup)}</Button> : undefined}
      >
        <p>{status === 'active' ? t(m.emptyBodyActive) : t(m.emptyBody)}</p>
      </EmptyState>
    );
  }
  const deactivated = groups.filter((g) => g.deleted_at !== null).length;
  return (
    <div className="stack">
      <p className="groups-count text-sm muted" role="status">
        {status === 'active'
          ? t(m.countActive, { count: groups.length })
          : deactivated > 0 ? t(m.countAllDeactivated, { count: groups.length, deactivated }) : t(m.countAll, { count: groups.length })}
      </p>
      <div className="split groups-grid">
        {groups.map((group) => (
          <GroupCard key={group.id} group={group} locale={locale} canManage={canManage} busy={busyId === group.id} actions={actions} />
        ))}
      </div>
    </div>
  );
}
