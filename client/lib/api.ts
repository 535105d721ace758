// The one fetch wrapper (DESIGN §3): base /api, credentials, X-Requested-With, XSRF header,
// bracket-style array params; a 401 or 419 answer clears the session and goes to /app/auth/login.
import { API_BASE } from '../../common/constants';
import { CACHED_AT_HEADER } from '../sw/offlineReads';
import { noteAnswer } from './answerAge';
import { finishPendingSignOut } from './pendingSignOut';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message for a field, for inline form errors. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

export type QueryValue = string | number | boolean | null | undefined | (string | number)[];
export type Query = Record<string, QueryValue | Record<string, QueryValue>>;

/**
 * Serialises query params in bracket style, unencoded brackets: `a[]=1&a[]=2`, `filter[status]=active`.
 * Empty values are left out.
 */
export function serializeQuery(query: Query = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: QueryValue) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${key}[]=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${key}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, subValue] of Object.entries(value)) add(`${key}[${sub}]`, subValue);
    } else {
      add(key, value as QueryValue);
    }
  }
  return parts.join('&');
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

let onSessionEnded: () => void = () => {
  window.location.assign('/app/auth/login');
};

/** The router installs the handler that clears the session and navigates to the login page. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A body sent as it is instead of JSON (a calendar file upload). */
  raw?: { contentType: string; data: Blob | string };
  /** The auth probe (GET auth/user) treats 401 as "guest", not as an ended session. */
  allowUnauthenticated?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (a draft saved as the tab closes). */
  keepalive?: boolean;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // A sign-out made without a signal ends the server's session first (issue 31).
  await finishPendingSignOut();
  const qs = serializeQuery(options.query);
  const url = `${API_BASE}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  // Only a state-changing call needs the token (server/http/csrf.ts): reading document.cookie serialises every cookie,
  // and a screen's first render starts many reads (issue 35).
  const xsrf = method === 'GET' || method === 'HEAD' ? undefined : readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  // The screen asking, so the admin activity feed can say which screens were viewed while impersonating.
  if (typeof location !== 'undefined') headers['X-Coachwell-Screen'] = location.pathname;
  // A file upload (FormData or a Blob) goes as it is, raw text with its own type; anything else as JSON.
  const upload = (typeof FormData !== 'undefined' && options.body instanceof FormData) || (typeof Blob !== 'undefined' && options.body instanceof Blob);
  if (options.raw) headers['Content-Type'] = options.raw.contentType;
  else if (upload && typeof Blob !== 'undefined' && options.body instanceof Blob && options.body.type) headers['Content-Type'] = options.body.type;
  else if (options.body !== undefined && !upload) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: options.raw ? options.raw.data : options.body === undefined ? undefined : upload ? (options.body as BodyInit) : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'We could not reach Coachwell. Check your connection and try again.', 'network_error');
  }

  if (response.status === 204) return undefined as T;
  const data = await response.json().catch(() => ({}));
  // Served by the service worker from the device (no signal): the shell says how old it is (issue 31).
  if (response.ok && method === 'GET') noteAnswer(response.headers.get(CACHED_AT_HEADER));
  if (response.ok) return data as T;

  if (response.status === 419 || (response.status === 401 && !options.allowUnauthenticated)) {
    onSessionEnded();
  }
  throw new ApiError(
    response.status,
    typeof data.message === 'string' ? data.message : 'Something went wrong. Please try again.',
    typeof data.code === 'string' ? data.code : 'error',
    data.errors ?? {},
  );
}

export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query' | 'body'>) => apiRequest<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
  /** POST of a file: a multipart form, or a Blob sent raw with its type (`query` for its name). */
  upload: <T>(path: string, body: FormData | Blob, query?: Query) => apiRequest<T>('POST', path, { body, query }),
  /** A JSON write that outlives the page (keepalive), for saving as the page is closed. */
  send: <T>(method: 'POST' | 'PUT', path: string, body: unknown) => apiRequest<T>(method, path, { body, keepalive: true }),
};

/**
 * A write's answer, given once `refresh` (the revalidation of the SWR keys it changed) is done, so a screen that
 * awaits the write reads fresh lists: `refreshedAfter(api.put<X>(path, input), (x) => revalidateX(x))`.
 */
export async function refreshedAfter<T>(write: Promise<T>, refresh: (answer: T) => unknown): Promise<T> {
  const answer = await write;
  await refresh(answer);
  return answer;
}

/**
 * A GET answered with a file (a zip made for the person, issue 32): its bytes and the name the server gave it, or the
 * server's refusal as an ApiError (a 429's message) rather than a file of JSON saved to disk.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  await finishPendingSignOut();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  } catch {
    throw new ApiError(0, 'We could not reach Coachwell. Check your connection and try again.', 'network_error');
  }
  if (!response.ok) {
    const data = await response.json().catch(() => ({})) as { message?: unknown; code?: unknown };
    if (response.status === 419 || response.status === 401) onSessionEnded();
    throw new ApiError(response.status, typeof data.message === 'string' ? data.message : 'Something went wrong. Please try again.',
      typeof data.code === 'string' ? data.code : 'error');
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** Hands a downloaded file to the browser to save. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
