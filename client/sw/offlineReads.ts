// What the service worker (client/sw/sw.ts) and the page (client/lib/offline.ts) agree on: the caches' names,
// the header marking an answer served from the device, the messages between them, and which API reads a
// coach can open without a signal (issue 31). Imports nothing: both bundles take it.

/** Each person's cached API answers: `coachwell-api-<userId>`. */
export const API_CACHE_PREFIX = 'coachwell-api-';
/** Who the device serves (so a cold start knows them). */
export const DEVICE_CACHE = 'coachwell-device';
/** On an answer served from the device's cache: the ISO instant it was stored. */
export const CACHED_AT_HEADER = 'X-Coachwell-Cached-At';
/** The app shell the worker precaches and serves for a page under /app when there is no network. */
export const SHELL_URL = '/index.html';

export type WorkerMessage =
  | { type: 'coachwell-user'; userId: number | null }
  | { type: 'coachwell-sign-out'; userId: number }
  | { type: 'SKIP_WAITING' };

/**
 * The API reads kept for offline use (GET, same origin, 200 answers only), by path: the signed-in person (a
 * cold start opens the app as them), the dashboard, Activity, the caseload's educators, interaction types
 * and observation forms, and the lookups those screens read.
 */
const OFFLINE_READS: RegExp[] = [
  // Who is signed in: a cold start with no network opens the app as the person.
  /^\/api\/auth\/user$/,
  // The dashboard (a coach's, an educator's home, an administrator's checklist) and the banners above every screen.
  /^\/api\/(report\/pulse|me\/home|setup-checklist|action-step\/follow-through|coaching-request|trial|alert)$/,
  // Activity (today, this week: the list of interactions and the calendar's entries) and the log form's lookups.
  /^\/api\/(interaction|activity|interaction\/default-school)$/,
  // The caseload's educators (the list, an educator's page) and the Educators screen's filters.
  /^\/api\/(staff|staff\/\d+|building|group|coach)$/,
  // Interaction types and observation forms.
  /^\/api\/(interaction-type|observation-form)$/,
];

export function isOfflineRead(pathname: string): boolean {
  return OFFLINE_READS.some((pattern) => pattern.test(pathname));
}
