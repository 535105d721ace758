// A read that failed (spec: alerts titled "Uh-oh."): what could not be fetched and "Try again", or the
// screen's own message and way back (a list whose address the server refuses).
import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  title: { id: 'ui.loadError.title', defaultMessage: 'Uh-oh.' },
  message: { id: 'ui.loadError.message', defaultMessage: 'An error occurred while fetching {what}. Please try again later.' },
  retry: { id: 'ui.loadError.retry', defaultMessage: 'Try again' },
});

type Props = {
  /** What was fetched, as the sentence names it ("districts", "the article"). */
  what: string;
  onRetry: () => void;
  /** Instead of "An error occurred while fetching …". */
  message?: string;
  /** Instead of "Try again". */
  action?: ReactNode;
  /** Instead of "Uh-oh." (a provider screen names what failed: "The log could not be loaded."). */
  title?: string;
};

export function LoadError({ what, onRetry, message, action, title }: Props) {
  return (
    <Alert tone="danger" title={title ?? t(m.title)}>
      <p>{message ?? t(m.message, { what })}</p>
      <p>{action ?? <Button variant="secondary" size="sm" onClick={onRetry}>{t(m.retry)}</Button>}</p>
    </Alert>
  );
}
