// The header's "3 waiting to sync" (issue 31): the count of the signed-in person's writes not yet on the server, a
// button opening the outbox panel (loaded when first opened).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { countText } from '../../../common/plural';
import { lazyPart, usePreloadWhenIdle } from '../../lib/lazyPart';
import { useOutbox } from '../../lib/outbox';
import { SyncIcon } from './SyncIcon';
import './outbox.css';
import { defineMessages, tRich } from '../../lib/i18n';

const m = defineMessages({
  count: { id: 'outbox.button.count', defaultMessage: '{count}<words> waiting to sync</words>', description: 'At phone width only the count shows; the words are read.' },
});

const OutboxPanel = lazyPart('OutboxPanel', () => import('./OutboxPanel').then((m) => m.OutboxPanel));

// Any screen may open the panel (a queued row's "See why"); the header's button holds it.
const openers = new Set<(id?: string) => void>();
export function openOutboxPanel(id?: string): void {
  openers.forEach((open) => open(id));
}


/** The header's count, a button opening the outbox panel; nothing when every write has synced. */
export function OutboxButton() {
  const rows = useOutbox();
  // Loaded once the screen is idle: the panel then opens without a signal too.
  usePreloadWhenIdle(OutboxPanel);
  const [open, setOpen] = useState(false);
  const [focusId, setFocusId] = useState<string | undefined>();
  useEffect(() => {
    const opener = (id?: string) => {
      setFocusId(id);
      setOpen(true);
    };
    openers.add(opener);
    return () => void openers.delete(opener);
  }, []);
  if (rows.length === 0 && !open) return null;
  const stuck = rows.some((r) => r.state === 'refused' || r.state === 'conflict');
  return (
    <>
      {rows.length > 0 && (
        <button type="button" className={['outbox-button', stuck && 'outbox-button--stuck'].filter(Boolean).join(' ')} onClick={() => setOpen(true)} aria-haspopup="dialog">
          <SyncIcon />
          {/* At phone width the words are read, not shown: the count and the icon fit beside the logo. */}
          <span>{tRich(m.count, { count: countText(rows.length), words: (chunks) => <span className="outbox-button__words">{chunks}</span> })}</span>
        </button>
      )}
      {/* Outside the top bar: its <header> would hold the dialog's header and footer as nested landmarks. */}
      {open && createPortal(<OutboxPanel rows={rows} focusId={focusId} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

