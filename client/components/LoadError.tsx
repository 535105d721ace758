// A read that failed (spec: alerts titled "Uh-oh."): the screen's sentence saying what could not be fetched
// ("An error occurred while fetching districts. Please try again later.", one whole message of the screen's, so it
// reads naturally in every language) and "Try again", or the screen's own way back (a list whose address the
// server refuses).
import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  title: { id: 'ui.loadError.title', defaultMessage: 'Uh-oh.' },
  retry: { id: 'ui.loadError.retry', defaultMessage: 'Try again' },
});

type Props = {
  /** What failed, as a whole sentence: "An error occurred while fetching districts. Please try again later." */
  message: string;
  onRetry: () => void;
  /** Instead of "Try again". */
  action?: ReactNode;
  /** Instead of "Uh-oh." (a provider screen names what failed: "The log could not be loaded."). */
  title?: string;
};

export function LoadError({ message, onRetry, action, title }: Props) {
  return (
    <Alert tone="danger" title={title ?? t(m.title)}>
      <p>{message}</p>
      <p>{action ?? <Button variant="secondary" size="sm" onClick={onRetry}>{t(m.retry)}</Button>}</p>
    </Alert>
  );
}
