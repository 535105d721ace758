// The new district's setup checklist (issue 26): for district administrators (`manage settings`) until
// every step is done or someone dismisses it for the district. Each step links to its screen and is
// ticked off by the server from the district's data; the two review steps by "Mark as reviewed".
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SetupItem, SetupReviewItem } from '../../../../common/schemas/setup';
import { Button } from '../../../components/Button';
import { useToast } from '../../../components/Toasts';
import { dismissSetupChecklist, reviewSetupItem, useSetupChecklist } from '../api';

function Step({ item, onReview, busy }: { item: SetupItem; onReview: (key: SetupReviewItem) => void; busy: boolean }) {
  return (
    <li className={['setup-checklist__item', item.done && 'setup-checklist__item--done'].filter(Boolean).join(' ')}>
      <span className="setup-checklist__mark" aria-hidden="true">{item.done ? '✓' : ''}</span>
      <div className="setup-checklist__body">
        <p className="setup-checklist__label">
          <span className="sr-only">{item.done ? 'Done: ' : 'To do: '}</span>
          <Link to={item.href}>{item.label}</Link>
        </p>
        <p className="setup-checklist__text">{item.description}</p>
      </div>
      {item.review && !item.done && (
        <Button
          size="sm"
          variant="secondary"
          className="setup-checklist__review"
          busy={busy}
          aria-label={`Mark as reviewed: ${item.label.replace(/^Review /, '')}`}
          onClick={() => onReview(item.key as SetupReviewItem)}
        >
          Mark as reviewed
        </Button>
      )}
    </li>
  );
}

export function SetupChecklist({ enabled }: { enabled: boolean }) {
  const { data } = useSetupChecklist(enabled);
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  if (!data || data.dismissed || data.complete) return null;

  async function run(key: string, action: () => Promise<void>) {
    setBusy(key);
    try {
      await action();
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const progress = `${data.done_count} of ${data.total} done`;
  return (
    <section className="card setup-checklist" aria-labelledby="setup-checklist-title">
      <div className="card__header setup-checklist__header">
        <div>
          <h2 id="setup-checklist-title" className="card__title">Set up your district</h2>
          <p className="setup-checklist__intro">A few steps get your coaches logging their work. Each ticks itself off once it is done.</p>
        </div>
        <Button size="sm" variant="ghost" busy={busy === 'dismiss'} onClick={() => void run('dismiss', dismissSetupChecklist)}>
          Dismiss checklist
        </Button>
      </div>
      <p id="setup-checklist-progress" className="setup-checklist__progress">{progress}</p>
      <div
        className="setup-checklist__bar"
        role="progressbar"
        aria-labelledby="setup-checklist-title"
        aria-valuemin={0}
        aria-valuemax={data.total}
        aria-valuenow={data.done_count}
        aria-valuetext={progress}
      >
        <span style={{ width: `${Math.round((data.done_count * 100) / Math.max(1, data.total))}%` }} />
      </div>
      <ul className="setup-checklist__list" aria-label="Setup steps">
        {data.items.map((item) => (
          <Step key={item.key} item={item} busy={busy === item.key} onReview={(key) => void run(key, () => reviewSetupItem(key))} />
        ))}
      </ul>
    </section>
  );
}
