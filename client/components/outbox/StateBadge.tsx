// A queued write's state as a badge (Waiting to sync, Not saved, Changed on the server), shared by the queued rows
// and the outbox panel (issue 31).
import { OUTBOX_MESSAGES, type OutboxRecord } from '../../lib/outboxRules';
import { SyncIcon } from './SyncIcon';

export function StateBadge({ record }: { record: OutboxRecord }) {
  if (record.state === 'refused') return <span className="badge badge--danger outbox-state">Not saved</span>;
  if (record.state === 'conflict') return <span className="badge badge--warning outbox-state">Changed on the server</span>;
  return <span className="badge badge--neutral outbox-state"><SyncIcon /> {OUTBOX_MESSAGES.waiting}</span>;
}
