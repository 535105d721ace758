// A queued write's state as a badge (Waiting to sync, Not saved, Changed on the server), shared by the queued rows
// and the outbox panel (issue 31).
import type { OutboxRecord } from '../../lib/outboxRules';
import { defineMessages, t } from '../../lib/i18n';
import { outboxMessages } from './messages';
import { SyncIcon } from './SyncIcon';

const m = defineMessages({
  notSaved: { id: 'outbox.state.notSaved', defaultMessage: 'Not saved' },
  changedOnServer: { id: 'outbox.state.changedOnServer', defaultMessage: 'Changed on the server' },
});

export function StateBadge({ record }: { record: OutboxRecord }) {
  if (record.state === 'refused') return <span className="badge badge--danger outbox-state">{t(m.notSaved)}</span>;
  if (record.state === 'conflict') return <span className="badge badge--warning outbox-state">{t(m.changedOnServer)}</span>;
  return <span className="badge badge--neutral outbox-state"><SyncIcon /> {t(outboxMessages.waiting)}</span>;
}
