// An observation's state as badges: Draft, or Completed with Shared and Acknowledged once they happen.
import type { ObservationSummary } from '../api';

export function StatusBadges({ observation }: { observation: Pick<ObservationSummary, 'status' | 'shared' | 'acknowledged_at'> }) {
  if (observation.status === 'draft') return <span className="badge badge--warning">Draft</span>;
  return (
    <span className="obs-badges">
      {observation.acknowledged_at ? <span className="badge badge--success">Acknowledged</span>
        : observation.shared ? <span className="badge badge--info">Shared</span>
          : <span className="badge badge--neutral">Completed</span>}
    </span>
  );
}
