// The new district's setup checklist (issue 26): for district administrators (`manage settings`) until
// every step is done or someone dismisses it for the district. Each step links to its screen and is
// ticked off by the server from the district's data; the two review steps by "Mark as reviewed".
import { ProgressBar } from '../../../components/ProgressBar';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SetupItem, SetupReviewItem } from '../../../../common/schemas/setup';
import { Button } from '../../../components/Button';
import { useToast } from '../../../components/Toasts';
import { dismissSetupChecklist, reviewSetupItem, useSetupChecklist } from '../api';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  done: { id: 'dashboard.setup.done', defaultMessage: 'Done: ' },
  toDo: { id: 'dashboard.setup.toDo', defaultMessage: 'To do: ' },
  // What each review step's button marks, named for assistive technology (the server's label starts with the verb).
  reviewInteractionTypes: { id: 'dashboard.setup.reviewInteractionTypes', defaultMessage: 'Mark as reviewed: interaction types' },
  reviewFramework: { id: 'dashboard.setup.reviewFramework', defaultMessage: 'Mark as reviewed: the skill framework' },
  review: { id: 'dashboard.setup.review', defaultMessage: 'Mark as reviewed' },
  progress: { id: 'dashboard.setup.progress', defaultMessage: '{done} of {total} done' },
  title: { id: 'dashboard.setup.title', defaultMessage: 'Set up your district' },
  intro: { id: 'dashboard.setup.intro', defaultMessage: 'A few steps get your coaches logging their work. Each ticks itself off once it is done.' },
  dismiss: { id: 'dashboard.setup.dismiss', defaultMessage: 'Dismiss checklist' },
  steps: { id: 'dashboard.setup.steps', defaultMessage: 'Setup steps' },
});

function Step({ item, onReview, busy }: { item: SetupItem; onReview: (key: SetupReviewItem) => void; busy: boolean }) {
  return (
    <li className={['setup-checklist__item', item.done && 'setup-checklist__item--done'].filter(Boolean).join(' ')}>
      <span className="setup-checklist__mark" aria-hidden="true">{item.done ? '✓' : ''}</span>
      <div className="setup-checklist__body">
        <p className="setup-checklist__label">
          <span className="sr-only">{t(item.done ? m.done : m.toDo)}</span>
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
          aria-label={t(item.key === 'framework' ? m.reviewFramework : m.reviewInteractionTypes)}
          onClick={() => onReview(item.key as SetupReviewItem)}
        >
          {t(m.review)}
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

  const progress = t(m.progress, { done: data.done_count, total: data.total });
  return (
    <section className="card setup-checklist" aria-labelledby="setup-checklist-title">
      <div className="card__header setup-checklist__header">
        <div>
          <h2 id="setup-checklist-title" className="card__title">{t(m.title)}</h2>
          <p className="setup-checklist__intro">{t(m.intro)}</p>
        </div>
        <Button size="sm" variant="ghost" busy={busy === 'dismiss'} onClick={() => void run('dismiss', dismissSetupChecklist)}>
          {t(m.dismiss)}
        </Button>
      </div>
      <p id="setup-checklist-progress" className="setup-checklist__progress">{progress}</p>
      <ProgressBar
        className="setup-checklist__bar" labelledBy="setup-checklist-title" tone="success"
        done={data.done_count} total={data.total} valueText={progress}
      />
      <ul className="setup-checklist__list" aria-label={t(m.steps)}>
        {data.items.map((item) => (
          <Step key={item.key} item={item} busy={busy === item.key} onReview={(key) => void run(key, () => reviewSetupItem(key))} />
        ))}
      </ul>
    </section>
  );
}
