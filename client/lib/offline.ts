// The device's side of working without a signal (issue 31), for the signed-in shell: whether the browser is
// online, how old the answers on screen are (served by the service worker from the device's cache), and
// clearing what the device keeps for a person at sign-out. The worker itself (client/sw/sw.ts) is registered
// by client/lib/serviceWorker.ts, loaded lazily after sign-in; nothing here loads Workbox.
import { useSyncExternalStore } from 'react';
import { API_CACHE_PREFIX, type WorkerMessage } from '../sw/offlineReads';
import { answersCachedAt, noteAnswer, onAnswerAge } from './answerAge';

function onConnectionChange(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** navigator.onLine, kept current by the online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(onConnectionChange, () => navigator.onLine, () => true);
}

/** When the oldest answer on screen that came from the device's cache was stored (ISO), or null: all current. */
export function useAnswersCachedAt(): string | null {
  return useSyncExternalStore(onAnswerAge, answersCachedAt, () => null);
}

/** The service worker that controls this origin now, if any (no Workbox needed to find it). */
async function activeWorker(): Promise<ServiceWorker | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
  return registration?.active ?? navigator.serviceWorker.controller ?? null;
}

/** Sends the worker a message; with `reply`, waits (at most 3 s) until it answers on the message's port. */
export async function tellWorker(message: WorkerMessage, reply = false): Promise<void> {
  const worker = await activeWorker();
  if (!worker) return;
  if (!reply) {
    worker.postMessage(message);
    return;
  }
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 3000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Sign-out: forgets the person's cached API answers (their cache `coachwell-api-<userId>`, deleted by the
 * worker, which also stops serving anyone, and here again in case no worker runs). The outbox is
 * client/lib/outbox.ts's clearOutbox; sign-out calls both.
 */
export async function clearDeviceData(userId: number): Promise<void> {
  noteAnswer(null);
  await tellWorker({ type: 'coachwell-sign-out', userId }, true).catch(() => undefined);
  if (typeof caches !== 'undefined') await caches.delete(`${API_CACHE_PREFIX}${userId}`).catch(() => false);
}
