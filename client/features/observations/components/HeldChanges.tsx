// The offer of a completed observation's unsaved edit (issue 31): the person was changing it ("Save changes", no
// autosave) when its tab closed, and the form kept what they typed on this device (`held`, lib/outbox.ts). Its page
// says so, to the observer only, with "Review and save" (the edit opens from it) and "Discard" (after a confirmation).
// Nothing is sent until the person saves it.
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button, ButtonLink } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Modal';
import { defineMessages, t } from '../../../lib/i18n';
import { dropLastChance, heldCopyOf } from '../../../lib/outbox';
import type { OutboxRecord } from '../../../lib/outboxRules';
import { useInstantFormat } from '../../../lib/session';

const m = defineMessages({
  title: { id: 'observations.held.title', defaultMessage: 'Changes not saved yet' },
  text: { id: 'observations.held.text', defaultMessage: 'You were changing this observation when its tab closed ({when}). What you typed is kept on this device only; nothing was saved.' },
  review: { id: 'observations.held.review', defaultMessage: 'Review and save' },
  discard: { id: 'observations.held.discard', defaultMessage: 'Discard' },
  discardTitle: { id: 'observations.held.discardTitle', defaultMessage: 'Discard your changes?' },
  discardText: { id: 'observations.held.discardText', defaultMessage: 'The changes you typed before the tab closed are removed from this device. The observation stays as it is. This cannot be undone.' },
  discardConfirm: { id: 'observations.held.discardConfirm', defaultMessage: 'Discard changes' },
  keep: { id: 'observations.held.keep', defaultMessage: 'Keep them' },
});

export function HeldChanges({ observationId, userId }: { observationId: number; userId: number }) {
  const when = useInstantFormat();
  const [copy, setCopy] = useState<OutboxRecord | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    let live = true;
    const read = () => void heldCopyOf(userId, observationId).then((c) => live && setCopy(c), () => undefined);
    read();
    // Kept or dropped in another tab meanwhile (its tab closed, or saved there).
    window.addEventListener('storage', read);
    return () => {
      live = false;
      window.removeEventListener('storage', read);
    };
  }, [userId, observationId]);
  if (!copy) return null;
  return (
    <>
      <Alert tone="warning" title={t(m.title)} className="obs-held">
        <p>{t(m.text, { when: when.dateTime(new Date(copy.keptAt ?? Date.parse(copy.createdAt)).toISOString()) })}</p>
        <div className="cluster cluster--sm">
          <ButtonLink size="sm" to={`/app/observations/${observationId}/edit`}>{t(m.review)}</ButtonLink>
          <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>{t(m.discard)}</Button>
        </div>
      </Alert>
      <ConfirmDialog open={asking} title={t(m.discardTitle)} message={<p>{t(m.discardText)}</p>} confirmLabel={t(m.discardConfirm)} cancelLabel={t(m.keep)} danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          dropLastChance(copy.id);
          setAsking(false);
          setCopy(null);
        }} />
    </>
  );
}
