import type { Locale } from 'date-fns';
import type { Group } from '../../../../common/schemas/groups';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import type { GroupStatusFilter } from '../api';
import { GroupCard, type GroupCardActions } from './GroupCard';
import { plural } from '../../../../common/plural';

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
        <EmptyState title="No groups match your search" action={<Button variant="secondary" onClick={onClearSearch}>Clear search</Button>}>
          <p>No {status === 'active' ? 'active ' : ''}group has “{search}” in its name.</p>
        </EmptyState>
      );
    }
    return (
      <EmptyState
        title={status === 'active' ? 'No active groups yet' : 'No groups yet'}
        action={canManage ? <Button onClick={onNew}>New group</Button> : undefined}
      >
        <p>
          Groups bring educators together, like a PLC or an induction cohort.
          {status === 'active' ? ' Deactivated groups are listed under All groups.' : ''}
        </p>
      </EmptyState>
    );
  }
  const deactivated = groups.filter((g) => g.deleted_at !== null).length;
  return (
    <div className="stack">
      <p className="groups-count text-sm muted" role="status">
        {plural(groups.length, status === 'active' ? 'active group' : 'group', status === 'active' ? 'active groups' : 'groups')}
        {status === 'all' && deactivated > 0 ? `, ${deactivated} deactivated` : ''}
      </p>
      <div className="split groups-grid">
        {groups.map((group) => (
          <GroupCard key={group.id} group={group} locale={locale} canManage={canManage} busy={busyId === group.id} actions={actions} />
        ))}
      </div>
    </div>
  );
}
