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
};

export function LoadError({ what, onRetry, message, action }: Props) {
  return (
    <Alert tone="danger" title="Uh-oh.">
      <p>{message ?? `An error occurred while fetching ${what}. Please try again later.`}</p>
      <p>{action ?? <Button variant="secondary" size="sm" onClick={onRetry}>Try again</Button>}</p>
    </Alert>
  );
}
