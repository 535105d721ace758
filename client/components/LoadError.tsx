// A read that failed (spec: alerts titled "Uh-oh."): what could not be fetched and "Try again", or the
// screen's own message and way back (a list whose address the server refuses).
import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

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

export function LoadError({ what, onRetry, message, action, title = 'Uh-oh.' }: Props) {
  return (
    <Alert tone="danger" title={title}>
      <p>{message ?? `An error occurred while fetching ${what}. Please try again later.`}</p>
      <p>{action ?? <Button variant="secondary" size="sm" onClick={onRetry}>Try again</Button>}</p>
    </Alert>
  );
}
