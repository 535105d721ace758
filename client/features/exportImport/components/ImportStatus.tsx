// The words and badges of an import's status and a row's outcome (text, never colour alone).
import type { ImportStatus, RowOutcome } from '../../../../common/schemas/imports';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';

const m = defineMessages({
  notRunYet: { id: 'exportImport.status.notRunYet', defaultMessage: 'Not run yet' },
  running: { id: 'exportImport.status.running', defaultMessage: 'Running' },
  completed: { id: 'exportImport.status.completed', defaultMessage: 'Completed' },
  failed: { id: 'exportImport.status.failed', defaultMessage: 'Failed' },
  interrupted: { id: 'exportImport.status.interrupted', defaultMessage: 'Interrupted' },
  created: { id: 'exportImport.outcome.created', defaultMessage: 'New' },
  updated: { id: 'exportImport.outcome.updated', defaultMessage: 'Updated' },
  unchanged: { id: 'exportImport.outcome.unchanged', defaultMessage: 'Unchanged' },
  error: { id: 'exportImport.outcome.error', defaultMessage: 'Error' },
  skipped: { id: 'exportImport.outcome.skipped', defaultMessage: 'Skipped' },
  createdRows: { id: 'exportImport.outcomeRows.created', defaultMessage: 'New rows ({count, number})' },
  updatedRows: { id: 'exportImport.outcomeRows.updated', defaultMessage: 'Updated rows ({count, number})' },
  unchangedRows: { id: 'exportImport.outcomeRows.unchanged', defaultMessage: 'Unchanged rows ({count, number})' },
  errorRows: { id: 'exportImport.outcomeRows.error', defaultMessage: 'Error rows ({count, number})' },
  skippedRows: { id: 'exportImport.outcomeRows.skipped', defaultMessage: 'Skipped rows ({count, number})' },
  pendingRows: { id: 'exportImport.outcomeRows.pending', defaultMessage: 'Not run yet rows ({count, number})' },
});

const STATUS: Record<ImportStatus, { label: MessageDescriptor; tone: string }> = {
  pending: { label: m.notRunYet, tone: 'neutral' },
  running: { label: m.running, tone: 'info' },
  completed: { label: m.completed, tone: 'success' },
  failed: { label: m.failed, tone: 'danger' },
  interrupted: { label: m.interrupted, tone: 'warning' },
};

const OUTCOME_LABELS: Record<RowOutcome, MessageDescriptor> = {
  pending: m.notRunYet,
  created: m.created,
  updated: m.updated,
  unchanged: m.unchanged,
  error: m.error,
  skipped: m.skipped,
};
const OUTCOME_ROWS: Record<RowOutcome, MessageDescriptor> = {
  pending: m.pendingRows,
  created: m.createdRows,
  updated: m.updatedRows,
  unchanged: m.unchangedRows,
  error: m.errorRows,
  skipped: m.skippedRows,
};
const OUTCOME_TONES: Record<RowOutcome, string> = {
  pending: 'neutral', created: 'success', updated: 'info', unchanged: 'neutral', error: 'danger', skipped: 'warning',
};

/** A row outcome's word ("New", "Error"). */
export const outcomeLabel = (outcome: RowOutcome) => t(OUTCOME_LABELS[outcome]);
/** "Error rows (12)": the caption of the rows of one outcome. */
export const outcomeRowsCaption = (outcome: RowOutcome, count: number) => t(OUTCOME_ROWS[outcome], { count });

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const s = STATUS[status];
  return <span className={`badge badge--${s.tone}`}>{t(s.label)}</span>;
}

export function OutcomeBadge({ outcome }: { outcome: RowOutcome }) {
  return <span className={`badge badge--${OUTCOME_TONES[outcome]}`}>{outcomeLabel(outcome)}</span>;
}

export const FORMAT_LABELS = { csv: 'CSV', 'oneroster-1.1': 'OneRoster 1.1', 'oneroster-1.2': 'OneRoster 1.2' } as const;
