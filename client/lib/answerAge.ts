// How old the API answers on screen are (issue 31): client/lib/api.ts notes each answer; one the service worker
// served from the device's cache carries `X-Coachwell-Cached-At` (client/sw/offlineReads.ts). Kept here, free
// of React, because api.ts is in the login page's script too; client/lib/offline.ts reads it in the shell.

/** The earliest instant among the answers served from the device since the last one from the network, or null. */
let cachedAt: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null): void {
  if (next === cachedAt) return;
  cachedAt = next;
  listeners.forEach((listener) => listener());
}

/** An answer arrived: `header` is its X-Coachwell-Cached-At (null: from the network, the screen is current). */
export function noteAnswer(header: string | null): void {
  if (header === null) set(null);
  else if (!Number.isNaN(Date.parse(header)) && (cachedAt === null || Date.parse(header) < Date.parse(cachedAt))) set(header);
}

export function answersCachedAt(): string | null {
  return cachedAt;
}

export function onAnswerAge(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
