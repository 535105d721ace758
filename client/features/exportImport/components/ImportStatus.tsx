// The words and badges of an import's status and a row's outcome (text, never colour alone).
import type { ImportStatus, RowOutcome } from '../../../../common/schemas/imports';

const STATUS: Record<ImportStatus, { label: string; tone: string }> = {
  pending: { label: 'Not run yet', tone: 'neutral' },
  running: { label: 'Running', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  interrupted: { label: 'Interrupted', tone: 'warning' },
};

export const OUTCOME_LABELS: Record<RowOutcome, string> = {
  pending: 'Not run yet',
  created: 'New',
  updated: 'Updated',
  unchanged: 'Unchanged',
  error: 'Error',
  skipped: 'Skipped',
};
const OUTCOME_TONES: Record<RowOutcome, string> = {
  pending: 'neutral', created: 'success', updated: 'info', unchanged: 'neutral', error: 'danger', skipped: 'warning',
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const s = STATUS[status];
  return <span className={`badge badge--${s.tone}`}>{s.label}</span>;
}

export function OutcomeBadge({ outcome }: { outcome: RowOutcome }) {
  return <span className={`badge badge--${OUTCOME_TONES[outcome]}`}>{OUTCOME_LABELS[outcome]}</span>;
}

export const FORMAT_LABELS = { csv: 'CSV', 'oneroster-1.1': 'OneRoster 1.1', 'oneroster-1.2': 'OneRoster 1.2' } as const;
