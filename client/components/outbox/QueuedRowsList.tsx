// The person's queued writes shown at once where each record will appear (issue 31): interactions on the Activity
// screen and an educator's Coaching section, action steps, observations; each marked "Waiting to sync" (or "Not
// saved" / "Changed on the server", with "See why" opening the outbox panel). Kept apart from the panel, which
// loads only when opened. Loaded through QueuedRows.tsx only once the person has something queued.
import type { ReactNode } from 'react';
import { countText } from '../../../common/plural';
import { useOutbox } from '../../lib/outbox';
import type { OutboxRecord } from '../../lib/outboxRules';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { kindLabel, outboxMessages } from './messages';
import { useInstantFormat } from '../../lib/session';
import { Button } from '../Button';
import { openOutboxPanel } from './OutboxButton';
import { StateBadge } from './StateBadge';
import './outbox.css';

const m = defineMessages({
  stepsWaiting: { id: 'outbox.queued.stepsWaiting', defaultMessage: 'Action steps waiting to sync' },
  observationsWaiting: { id: 'outbox.queued.observationsWaiting', defaultMessage: 'Observations waiting to sync' },
  due: { id: 'outbox.queued.due', defaultMessage: ' · Due {date}' },
  seeWhy: { id: 'outbox.queued.seeWhy', defaultMessage: 'See why<hidden>: {title}</hidden>' },
  changes: { id: 'outbox.queued.changes', defaultMessage: '({count, plural, one {{countText} change} other {{countText} changes}})' },
});
const srOnly = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

/** The person's queued action steps (for one educator when `staffId` is given), shown where the step will appear. */
export function QueuedActionSteps({ staffId }: { staffId?: number }) {
  return <QueuedRecords kinds={['actionStep.create']} staffId={staffId} label={t(m.stepsWaiting)} />;
}

/** The person's queued observations (drafts and completed ones), on the observations list. */
export function QueuedObservations({ staffId }: { staffId?: number }) {
  return <QueuedRecords kinds={['observation.create', 'observation.update']} staffId={staffId} label={t(m.observationsWaiting)} />;
}

function QueuedRecords({ kinds, staffId, label }: { kinds: OutboxRecord['kind'][]; staffId?: number; label: string }) {
  const rows = useOutbox().filter((r) => kinds.includes(r.kind) && (staffId === undefined || r.summary.staffIds.includes(staffId)));
  const { date, dateTime } = useInstantFormat();
  if (rows.length === 0) return null;
  return (
    <ul className="item-list stack stack--sm queued-steps" aria-label={label}>
      {rows.map((r) => (
        <li key={r.id} className={`outbox-row queued-item queued-item--${r.state}`}>
          <div className="outbox-row__text">
            <p className="outbox-row__title">
              <strong>{r.summary.title}</strong>
              {r.kind === 'observation.update' && <span className="muted text-sm"> · {kindLabel(r.kind)}</span>}
            </p>
            {r.summary.note && <p className="text-sm">{r.summary.note}</p>}
            <p className="text-sm muted">
              {r.summary.detail}
              {r.summary.startsAt ? ` · ${dateTime(r.summary.startsAt)}` : ''}
              {typeof r.summary.extra?.dueOn === 'string' ? t(m.due, { date: date(`${r.summary.extra.dueOn}T12:00:00.000Z`, 'PP') }) : ''}
            </p>
          </div>
          <div className="outbox-row__side">
            <StateBadge record={r} />
            {(r.state === 'refused' || r.state === 'conflict') && (
              <Button size="sm" variant="secondary" onClick={() => openOutboxPanel(r.id)}>{tRich(m.seeWhy, { title: r.summary.title, hidden: srOnly })}</Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The person's queued interaction writes, shown at once where the interaction will appear (the Activity screen,
 * an educator's Coaching section: `staffId` keeps those with that educator), each marked "Waiting to sync".
 */
export function QueuedInteractions({ staffId, title: givenTitle, headingLevel = 2 }: { staffId?: number; title?: string; headingLevel?: 2 | 3 }) {
  const title = givenTitle ?? t(outboxMessages.waiting);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows = useOutbox().filter((r) => r.kind.startsWith('interaction.') && (staffId === undefined || r.summary.staffIds.includes(staffId)));
  const { date } = useInstantFormat();
  if (rows.length === 0) return null;
  return (
    <section className="queued-writes" aria-label={title}>
      <Heading className="queued-writes__title">{title} <span className="muted text-sm">{t(m.changes, { count: rows.length, countText: countText(rows.length) })}</span></Heading>
      <ol className="interaction-list">
        {rows.map((r) => (
          <li key={r.id} className={`interaction-item queued-item queued-item--${r.state}`}>
            <div className="interaction-item__when">
              <time dateTime={r.summary.startsAt ?? r.createdAt}>
                <span className="interaction-item__day">{date(r.summary.startsAt ?? r.createdAt, 'EEE, MMM d')}<br /></span>
                {date(r.summary.startsAt ?? r.createdAt, 'p')}
              </time>
            </div>
            <div className="interaction-item__body">
              <p className="interaction-item__title">
                <span className="type-swatch" aria-hidden="true" style={{ ['--type-colour' as string]: String(r.summary.extra?.colourHex ?? '#4b5563') }} />
                <span className="interaction-item__type">{r.summary.title}</span>
                {r.kind !== 'interaction.create' && <span className="muted text-sm"> · {kindLabel(r.kind)}</span>}
              </p>
              <p className="interaction-item__people">{r.summary.detail}</p>
              {r.summary.note && <p className="text-sm muted outbox-row__note">“{r.summary.note}”</p>}
            </div>
            <div className="interaction-item__status">
              <StateBadge record={r} />
              {(r.state === 'refused' || r.state === 'conflict') && (
                <Button size="sm" variant="secondary" onClick={() => openOutboxPanel(r.id)}>{tRich(m.seeWhy, { title: r.summary.title, hidden: srOnly })}</Button>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
