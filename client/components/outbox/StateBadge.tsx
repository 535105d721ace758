// A queued write's state as a badge (Waiting to sync, Not saved, Changed on the server) and the sync icon, shared by
// the header's button, the queued rows and the outbox panel (issue 31).
import { OUTBOX_MESSAGES, type OutboxRecord } from '../../lib/outboxRules';

export function StateBadge({ record }: { record: OutboxRecord }) {
  if (record.state === 'refused') return <span className="badge badge--danger outbox-state">Not saved</span>;
  if (record.state === 'conflict') return <span className="badge badge--warning outbox-state">Changed on the server</span>;
  return <span className="badge badge--neutral outbox-state"><SyncIcon /> {OUTBOX_MESSAGES.waiting}</span>;
}

export function SyncIcon() {
  return (
    <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4 10a6 6 0 0 1 10.2-4.3M16 10a6 6 0 0 1-10.2 4.3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M14.5 2.5v3.5H11M5.5 17.5V14H9" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
