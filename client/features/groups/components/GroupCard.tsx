import type { Locale } from 'date-fns';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Group, GroupItem } from '../../../../common/schemas/groups';
import { Button } from '../../../components/Button';
import { ReadMore } from '../../../components/ReadMore';
import { formatDate } from '../../../lib/format';
import { localDateAsDate, utcToLocalDate } from '../../../lib/dates';
import { useInstantFormat } from '../../../lib/session';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  range: { id: 'groups.range', defaultMessage: '{start} – {end}' },
  since: { id: 'groups.since', defaultMessage: 'Since {date}' },
  members: { id: 'groups.members', defaultMessage: '{count, plural, one {# member} other {# members}}' },
  deactivated: { id: 'groups.deactivated', defaultMessage: 'Deactivated' },
  deactivatedSince: { id: 'groups.deactivatedSince', defaultMessage: 'since {date}' },
  noDescription: { id: 'groups.noDescription', defaultMessage: 'No description.' },
  membersHeading: { id: 'groups.membersHeading', defaultMessage: 'Members' },
  noMembers: { id: 'groups.noMembers', defaultMessage: 'No members yet.' },
  removedEducator: { id: 'groups.removedEducator', defaultMessage: 'Removed educator' },
  showFewer: { id: 'groups.showFewer', defaultMessage: 'Show fewer members' },
  showAll: { id: 'groups.showAll', defaultMessage: 'Show all {count, plural, one {# member} other {# members}}' },
  restore: { id: 'groups.restore', defaultMessage: 'Restore' },
  edit: { id: 'groups.edit', defaultMessage: 'Edit' },
  deactivate: { id: 'groups.deactivate', defaultMessage: 'Deactivate' },
  delete: { id: 'groups.delete', defaultMessage: 'Delete' },
});

/** Members shown before "Show all N members" (lists only a little longer are shown whole). */
const MEMBERS_PREVIEW = 6;
const MEMBERS_COLLAPSE_FROM = MEMBERS_PREVIEW + 3;

/** A member date (the UTC instant of a local midnight) as the day it names on the person's profile clock. */
function localDay(iso: string | null, timeZone: string, locale?: Locale): string {
  const date = localDateAsDate(utcToLocalDate(iso, timeZone));
  return date ? formatDate(date, locale) : '';
}

function memberDates(item: GroupItem, timeZone: string, locale?: Locale): string {
  const start = localDay(item.start_date, timeZone, locale);
  return item.end_date ? t(m.range, { start, end: localDay(item.end_date, timeZone, locale) }) : t(m.since, { date: start });
}

export const memberCount = (n: number) => t(m.members, { count: n });

export interface GroupCardActions {
  onEdit: (group: Group) => void;
  onDeactivate: (group: Group) => void;
  onRestore: (group: Group) => void;
  onDelete: (group: Group) => void;
}

export function GroupCard({ group, locale, canManage, busy, actions }: {
  group: Group;
  locale?: Locale;
  canManage: boolean;
  /** The deactivate/restore call for this group is running. */
  busy: boolean;
  actions: GroupCardActions;
}) {
  const [showAll, setShowAll] = useState(false);
  const titleId = useId();
  const when = useInstantFormat();
  const listId = useId();
  const deactivated = group.deleted_at !== null;
  const collapsible = group.items.length >= MEMBERS_COLLAPSE_FROM;
  const members = showAll || !collapsible ? group.items : group.items.slice(0, MEMBERS_PREVIEW);
  const named = <span className="sr-only"> {group.name}</span>;

  return (
    <article className={['card', 'groups-card', deactivated && 'groups-card--deactivated'].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <header className="groups-card__header">
        <h2 className="groups-card__name" id={titleId}>{group.name}</h2>
        <p className="groups-card__meta text-sm">
          <span>{memberCount(group.items.length)}</span>
          {deactivated && (
            <>
              <span className="badge badge--warning">{t(m.deactivated)}</span>
              <span className="muted">{t(m.deactivatedSince, { date: when.date(group.deleted_at!) })}</span>
            </>
          )}
        </p>
      </header>

      {group.description ? (
        <ReadMore text={group.description} className="groups-card__description" />
      ) : (
        <p className="groups-card__description muted">{t(m.noDescription)}</p>
      )}

      <div className="groups-card__members">
        <h3 className="kicker groups-card__subtitle">{t(m.membersHeading)}</h3>
        {group.items.length === 0 ? (
          <p className="muted text-sm">{t(m.noMembers)}</p>
        ) : (
          <>
            <ul className="groups-members" id={listId}>
              {members.map((item) => (
                <li key={item.item_id} className="groups-members__item">
                  {item.staff ? (
                    <Link to={`/app/staff/${item.item_id}`} className="groups-members__name">{item.staff.name}</Link>
                  ) : (
                    <span className="groups-members__name muted">{t(m.removedEducator)}</span>
                  )}
                  <span className="groups-members__dates muted">{memberDates(item, when.timeZone, locale)}</span>
                </li>
              ))}
            </ul>
            {collapsible && (
              <button type="button" className="btn-link text-sm" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll((v) => !v)}>
                {showAll ? t(m.showFewer) : t(m.showAll, { count: group.items.length })}
              </button>
            )}
          </>
        )}
      </div>

      {canManage && (
        <footer className="groups-card__actions">
          {deactivated ? (
            <Button variant="secondary" size="sm" busy={busy} onClick={() => actions.onRestore(group)}>
              {t(m.restore)}{named}
            </Button>
          ) : (
            <>
              <Button variant="secondary" size="sm" onClick={() => actions.onEdit(group)} disabled={busy}>
                {t(m.edit)}{named}
              </Button>
              <Button variant="secondary" size="sm" busy={busy} onClick={() => actions.onDeactivate(group)}>
                {t(m.deactivate)}{named}
              </Button>
            </>
          )}
          <Button variant="ghost" size="sm" className="groups-card__delete" onClick={() => actions.onDelete(group)} disabled={busy}>
            {t(m.delete)}{named}
          </Button>
        </footer>
      )}
    </article>
  );
}
