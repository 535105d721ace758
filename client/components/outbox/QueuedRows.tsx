// Where a screen shows the person's queued writes (issue 31): nothing, and no code beyond the outbox store, until
// something is queued; then the rows (QueuedRowsList.tsx, its own chunk, fetched when the browser is idle so it is
// there without a signal). Keeps the rows and the outbox's rules out of every signed-in first paint.
import type { ComponentProps } from 'react';
import { useOutbox } from '../../lib/outbox';
import { lazyPart, usePreloadWhenIdle } from '../../lib/lazyPart';
import type * as List from './QueuedRowsList';

const list = () => import('./QueuedRowsList');
const Interactions = lazyPart('QueuedInteractions', () => list().then((m) => m.QueuedInteractions));
const ActionSteps = lazyPart('QueuedActionSteps', () => list().then((m) => m.QueuedActionSteps));
const Observations = lazyPart('QueuedObservations', () => list().then((m) => m.QueuedObservations));

function useAnyQueued(): boolean {
  usePreloadWhenIdle(Interactions);
  return useOutbox().length > 0;
}

/** The person's queued interaction writes (see QueuedRowsList.tsx). */
export function QueuedInteractions(props: ComponentProps<typeof List.QueuedInteractions>) {
  return useAnyQueued() ? <Interactions {...props} /> : null;
}

/** The person's queued action steps (see QueuedRowsList.tsx). */
export function QueuedActionSteps(props: ComponentProps<typeof List.QueuedActionSteps>) {
  return useAnyQueued() ? <ActionSteps {...props} /> : null;
}

/** The person's queued observations (see QueuedRowsList.tsx). */
export function QueuedObservations(props: ComponentProps<typeof List.QueuedObservations>) {
  return useAnyQueued() ? <Observations {...props} /> : null;
}
