import type { Locale } from 'date-fns';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Group, GroupItem } from '../../../../common/schemas/groups';
import { Button } from '../../../components/Button';
import { ReadMore } from '../../../components/ReadMore';
import { formatDate } from '../../../lib/format';
import { localDateAsDate, utcToLocalDate } from '../../../lib/dates';
import { useInstantFormat } from '../../../lib/session';
import { plural } from '../../../../common/plural';

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
  return item.end_date ? `${start} – ${localDay(item.end_date, timeZone, locale)}` : `Since ${start}`;
}

export const memberCount = (n: number) => plural(n, 'member', 'members');

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
              <span className="badge badge--warning">Deactivated</span>
              <span className="muted">since {when.date(group.deleted_at!)}</span>
            </>
          )}
        </p>
      </header>

      {group.description ? (
        <ReadMore text={group.description} className="groups-card__description" />
      ) : (
        <p className="groups-card__description muted">No description.</p>
      )}

      <div className="groups-card__members">
        <h3 className="kicker groups-card__subtitle">Members</h3>
        {group.items.length === 0 ? (
          <p className="muted text-sm">No members yet.</p>
        ) : (
          <>
            <ul className="groups-members" id={listId}>
              {members.map((item) => (
                <li key={item.item_id} className="groups-members__item">
                  {item.staff ? (
                    <Link to={`/app/staff/${item.item_id}`} className="groups-members__name">{item.staff.name}</Link>
                  ) : (
                    <span className="groups-members__name muted">Removed educator</span>
                  )}
                  <span className="groups-members__dates muted">{memberDates(item, when.timeZone, locale)}</span>
                </li>
              ))}
            </ul>
            {collapsible && (
              <button type="button" className="btn-link text-sm" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll((v) => !v)}>
                {showAll ? 'Show fewer members' : `Show all ${plural(group.items.length, 'member', 'members')}`}
              </button>
            )}
          </>
        )}
      </div>

      {canManage && (
        <footer className="groups-card__actions">
          {deactivated ? (
            <Button variant="secondary" size="sm" busy={busy} onClick={() => actions.onRestore(group)}>
              Restore{named}
            </Button>
          ) : (
            <>
              <Button variant="secondary" size="sm" onClick={() => actions.onEdit(group)} disabled={busy}>
                Edit{named}
              </Button>
              <Button variant="secondary" size="sm" busy={busy} onClick={() => actions.onDeactivate(group)}>
                Deactivate{named}
              </Button>
            </>
          )}
          <Button variant="ghost" size="sm" className="groups-card__delete" onClick={() => actions.onDelete(group)} disabled={busy}>
            Delete{named}
          </Button>
        </footer>
      )}
    </article>
  );
}
