// One interaction in a compact list (dashboard, an educator's Coaching section, a coach's page, the
// Activity agenda): time in the user's timezone, the type's colour beside its name (never colour
// alone), who took part, status, and "Needs completing" (icon + text) with a one-click complete.
import type { Locale } from 'date-fns';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { INTERACTION_COLOURS, INTERACTION_STATUS_LABELS } from '../../common/interactionValues';
import type { Interaction } from '../../common/schemas/interactions';
import { todayIn } from '../lib/dates';
import { formatDate } from '../lib/format';
import { ApiError } from '../lib/api';
import { participantsLine } from '../lib/interactions';
import { useOutbox } from '../lib/outbox';
import { completeOrQueue } from '../lib/outboxSync';
import { asQueued } from '../lib/outboxView';
import { StateBadge } from './outbox/StateBadge';
import { useAuthUser } from '../lib/session';
import { formatMinutes, wallClock } from '../lib/zonedTime';
import { Button } from './Button';
import { ReadMore } from './ReadMore';
import { useToast } from './Toasts';
import { defineMessages, t, tText } from '../lib/i18n';

const m = defineMessages({
  completedQueued: { id: 'activity.completedQueued', defaultMessage: '{type} marked completed on this device: waiting to sync.' },
  completedToast: { id: 'activity.completedToast', defaultMessage: '{type} marked completed.' },
  failed: { id: 'activity.failed', defaultMessage: 'Something went wrong. Please try again.' },
  needsCompleting: { id: 'activity.needsCompleting', defaultMessage: 'Needs completing' },
  withCoach: { id: 'activity.withCoach', defaultMessage: 'with {name}' },
  nextSteps: { id: 'activity.nextStepsColon', defaultMessage: 'Next steps:' },
  completedWaiting: { id: 'activity.completedWaiting', defaultMessage: 'Completed · waiting to sync' },
  markCompleted: { id: 'activity.markCompleted', defaultMessage: 'Mark completed' },
});

const QUEUED_KINDS = { update: 'interaction.update', complete: 'interaction.complete' } as const;

/** One-click complete from a list: marks the interaction completed with a toast either way; `completingId` is the one on its way. */
export function useCompleteInteraction() {
  const toast = useToast();
  const { user } = useAuthUser();
  const [completingId, setCompletingId] = useState<number | null>(null);
  async function complete(i: Interaction) {
    if (!user) return;
    setCompletingId(i.id);
    try {
      // Without a signal it waits in the outbox and syncs later (issue 31).
      const sent = await completeOrQueue(user.id, i);
      toast.success(sent.queued ? t(m.completedQueued, { type: i.interaction_type.name }) : t(m.completedToast, { type: i.interaction_type.name }));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t(m.failed));
    } finally {
      setCompletingId(null);
    }
  }
  return { completingId, complete };
}

/** The type's colour as a small square beside its name. */
export function TypeSwatch({ colour }: { colour: keyof typeof INTERACTION_COLOURS }) {
  return <span className="type-swatch" aria-hidden="true" style={{ background: INTERACTION_COLOURS[colour]?.hex ?? '#4b5563' }} />;
}

export function NeedsCompletingIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M10 5.5V10l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A status badge; a past scheduled interaction reads "Needs completing" with a clock icon. */
export function InteractionStatusBadge({ interaction, plain = false }: { interaction: Pick<Interaction, 'status' | 'needs_completing'>; plain?: boolean }) {
  if (interaction.needs_completing && !plain) {
    return (
      <span className="badge badge--warning interaction-status interaction-status--needs">
        <NeedsCompletingIcon />
        {t(m.needsCompleting)}
      </span>
    );
  }
  const tone = { scheduled: 'badge--info', completed: 'badge--success', cancelled: 'badge--neutral', 'no-show': 'badge--neutral' }[interaction.status];
  return <span className={`badge ${tone} interaction-status`}>{tText(INTERACTION_STATUS_LABELS[interaction.status])}</span>;
}

/** "2:30 PM" (and the day when asked: "Sep 8, 2:30 PM") in the user's zone and date language. */
export function interactionWhen(startsAt: string, timeZone: string, locale: Locale | undefined, withDay: boolean): string {
  const wall = wallClock(startsAt, timeZone);
  return formatDate(wall, locale, withDay ? 'EEE PP, p' : 'p');
}

export type InteractionItemProps = {
  interaction: Interaction;
  timeZone: string;
  locale?: Locale;
  /** Show the day as well as the time (lists not grouped by day). */
  withDay?: boolean;
  /** Who to name: the participants (a coach's view) or the coach (an educator's own view, which does not flag "needs completing"). */
  who?: 'participants' | 'coach' | 'both';
  /** Opens the interaction (a link to it, or an action such as a detail dialog). */
  href?: string;
  onOpen?: () => void;
  /** One-click complete for a needs-completing interaction the caller may change. */
  onComplete?: () => void;
  completing?: boolean;
  /** Shared notes and next steps shown under the row (an educator's own coaching). */
  showNotes?: boolean;
  extra?: ReactNode;
  /** Marks the open button for arrow-key movement in a list of days ("day:event"). */
  navId?: string;
};

export function InteractionItem({
  interaction: given, timeZone, locale, withDay = false, who = 'participants', href, onOpen, onComplete, completing, showNotes, extra, navId,
}: InteractionItemProps) {
  // Changed without a signal (issue 31): shown as the person saved it at once, marked until it syncs.
  const { record: i, write } = asQueued(given, useOutbox(), QUEUED_KINDS);
  const completedHere = write?.kind === 'interaction.complete' && (write.state === 'waiting' || write.state === 'sending');
  const title = (
    <>
      <TypeSwatch colour={i.interaction_type.colour} />
      <span className="interaction-item__type">{i.interaction_type.name}</span>
    </>
  );
  const people = who === 'coach' ? t(m.withCoach, { name: i.coach.name }) : who === 'both' ? `${i.coach.name} · ${participantsLine(i)}` : participantsLine(i);
  return (
    <li className={['interaction-item', i.needs_completing && who !== 'coach' && 'interaction-item--needs', write && 'interaction-item--queued', i.status === 'cancelled' && 'interaction-item--cancelled'].filter(Boolean).join(' ')}>
      <div className="interaction-item__when">
        <time dateTime={i.starts_at}>
          {withDay && <span className="interaction-item__day">{formatDate(wallClock(i.starts_at, timeZone), locale, wallClock(i.starts_at, timeZone).getFullYear() === Number(todayIn(timeZone).slice(0, 4)) ? 'EEE, MMM d' : 'PP')}<br /></span>}
          {interactionWhen(i.starts_at, timeZone, locale, false)}
        </time>
        <span className="interaction-item__duration">{formatMinutes(i.duration_minutes)}</span>
      </div>
      <div className="interaction-item__body">
        <p className="interaction-item__title">
          {href ? (
            <Link to={href} className="interaction-item__link">{title}</Link>
          ) : onOpen ? (
            <button type="button" className="interaction-item__link interaction-item__button" onClick={onOpen} data-nav={navId}>{title}</button>
          ) : (
            title
          )}
        </p>
        <p className="interaction-item__people">{people}{i.building ? <span className="muted"> · {i.building.name}</span> : null}</p>
        {showNotes && (i.notes || i.next_steps) && (
          <div className="interaction-item__notes">
            {i.notes && <ReadMore text={i.notes} />}
            {i.next_steps && (
              <p className="text-sm"><strong>{t(m.nextSteps)}</strong> {i.next_steps}</p>
            )}
          </div>
        )}
        {extra}
      </div>
      <div className="interaction-item__status">
        {completedHere ? (
          <span className="badge badge--success interaction-status">{t(m.completedWaiting)}</span>
        ) : (
          <InteractionStatusBadge interaction={i} plain={who === 'coach'} />
        )}
        {write && !completedHere && <StateBadge record={write} />}
        {i.needs_completing && onComplete && i.can_edit && !write && (
          <Button size="sm" variant="secondary" onClick={onComplete} busy={completing}>
            {t(m.markCompleted)}<span className="sr-only">: {i.interaction_type.name}, {participantsLine(i)}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
