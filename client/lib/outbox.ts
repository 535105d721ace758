// The outbox (issue 31): writes made without a signal, kept in IndexedDB per person until they sync.
// Database `coachwell-outbox`, one store `writes` keyed by the client-made UUID (the create's `client_id`),
// with an index on the person's user id: another person on the same browser never reads or sends them.
// Raw IndexedDB behind a tiny promise wrapper (no dependency). The sync itself lives in outboxSync.ts.
import { useCallback, useSyncExternalStore } from 'react';
import { useAuthUser } from './session';
import type { OutboxKind, OutboxRecord } from './outboxRules';

export type { OutboxRecord } from './outboxRules';

const DB_NAME = 'coachwell-outbox';
const STORE = 'writes';
let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('userId', 'userId');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading, or the database deleted: open it again on the next call.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error);
    };
  });
  return opening;
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await openDb();
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    let result: T | undefined;
    const request = work(tx.objectStore(STORE));
    if (request) request.onsuccess = () => (result = request.result);
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

// Every change is announced here and to the other tabs, so counts and lists follow at once.
// The channel opens on first use in a browser only: at build time (the prerender imports the shell) an open
// channel would keep Node running.
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;
function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(DB_NAME) : null;
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        const data = event.data as { type?: string; edit?: SyncedEdit } | string;
        if (typeof data === 'object' && data?.type === 'synced' && data.edit) heard(data.edit);
        else listeners.forEach((l) => l());
      };
    }
  }
  return channel;
}
// Announced at most every 100 ms: a sync of 200 writes would otherwise redraw every list 200 times.
let announcing: ReturnType<typeof setTimeout> | undefined;
function changed(): void {
  if (announcing !== undefined) return;
  announcing = setTimeout(() => {
    announcing = undefined;
    listeners.forEach((l) => l());
    tabs()?.postMessage('changed');
  }, 100);
}
export function onOutboxChange(listener: () => void): () => void {
  tabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An edit (or create) the sync sent, in any tab: its write, the record, the version it made and the server's answer. */
export interface SyncedEdit {
  id: string;
  userId: number;
  kind: OutboxKind;
  target: number;
  version: string;
  answer: Record<string, unknown>;
}
// The version each write the sync sent made (its id → the answer's updated_at), heard from every tab: a form still open
// on the record goes on from it (the observation capture, whose queued draft another tab may have sent).
const syncedVersions = new Map<string, string>();
const syncedListeners = new Set<(edit: SyncedEdit) => void>();
function heard(edit: SyncedEdit): void {
  syncedVersions.set(edit.id, edit.version);
  syncedListeners.forEach((l) => l(edit));
}
/** Tells this tab and the others that a write reached the server and the version it made. */
export function announceSynced(edit: SyncedEdit): void {
  heard(edit);
  tabs()?.postMessage({ type: 'synced', edit });
}
/** Every write the sync sends from now on, in any tab (an open form adopts the version its own fields made). */
export function onSynced(listener: (edit: SyncedEdit) => void): () => void {
  tabs();
  syncedListeners.add(listener);
  return () => syncedListeners.delete(listener);
}
/** The version the sync's last send of this write made, in any tab. */
export const syncedVersion = (id: string): string | undefined => syncedVersions.get(id);

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

// Whose writes may be sent now: the person signed in in this tab (set by the shell). A retry scheduled for someone
// whose session has ended never sends their writes under the next person's session.
let signedIn: number | undefined;
export function setOutboxUser(userId: number | undefined): void {
  signedIn = userId;
}
export const outboxUser = (): number | undefined => signedIn;

/** The person's writes, oldest first. */
export async function listWrites(userId: number): Promise<OutboxRecord[]> {
  if (!hasIndexedDb()) return [];
  const rows = (await inStore<OutboxRecord[]>('readonly', (s) => s.index('userId').getAll(userId) as IDBRequest<OutboxRecord[]>)) ?? [];
  return rows.sort((a, b) => a.seq - b.seq);
}

export async function getWrite(id: string): Promise<OutboxRecord | undefined> {
  return inStore<OutboxRecord>('readonly', (s) => s.get(id) as IDBRequest<OutboxRecord>);
}

export async function putWrite(record: OutboxRecord): Promise<void> {
  await inStore('readwrite', (s) => s.put(record));
  changed();
}

/**
 * Writes a record in one transaction with the one it replaces: `make` gets the stored record (or undefined) and
 * returns what to store, or null to leave it. So an older save finishing late never overwrites a newer one.
 */
export async function upsertWrite(id: string, make: (current: OutboxRecord | undefined) => OutboxRecord | null): Promise<boolean> {
  let written = false;
  await inStore('readwrite', (s) => {
    const read = s.get(id) as IDBRequest<OutboxRecord | undefined>;
    read.onsuccess = () => {
      const next = make(read.result);
      if (next) {
        s.put(next);
        written = true;
      }
    };
  });
  if (written) {
    changed();
    forgetLastChance(id);
  }
  return written;
}

// The last-chance copy (an observation's draft as its tab is hidden or closed with changes not saved yet, with or
// without a signal): written to localStorage at once, since the page may be gone before an IndexedDB write ends;
// merged into the outbox on the next start (mergeLastChance), unless a save as new or newer reached IndexedDB first.
// Online it is what the page's last save (a keepalive request whose answer nobody reads) may not have saved: a clean
// save drops it (dropLastChance), the page shown again too; else its sync meets the version on the server.
const LAST_CHANCE = 'coachwell-outbox-last:';
const lastChanceKeys = (): string[] => {
  if (typeof localStorage === 'undefined') return [];
  const keys: string[] = [];
  for (let n = 0; n < localStorage.length; n += 1) {
    const key = localStorage.key(n);
    if (key?.startsWith(LAST_CHANCE)) keys.push(key);
  }
  return keys;
};
const readLastChance = (key: string): OutboxRecord | null => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as OutboxRecord | null;
  } catch {
    return null;
  }
};

/** Keeps a copy of a write in localStorage, synchronously (a page being hidden or closed). */
export function keepLastChance(record: OutboxRecord): void {
  try {
    localStorage.setItem(LAST_CHANCE + record.id, JSON.stringify(record));
  } catch {
    // Storage full or refused: the IndexedDB write started beside it is all there is.
  }
}

/** Forgets the copies of these writes: what they held reached the server (a form's clean save online). */
export function dropLastChance(...ids: string[]): void {
  if (typeof localStorage === 'undefined') return;
  for (const id of ids) localStorage.removeItem(LAST_CHANCE + id);
}

/** Forgets the copy once IndexedDB holds that save or a newer one. */
function forgetLastChance(id: string): void {
  if (typeof localStorage === 'undefined') return;
  const copy = readLastChance(LAST_CHANCE + id);
  if (!copy) return;
  void getWrite(id).then((stored) => {
    if (stored && (stored.keptAt ?? 0) >= (copy.keptAt ?? 0)) localStorage.removeItem(LAST_CHANCE + id);
  }, () => undefined);
}

// A form that may keep a copy holds a Web Lock named after the copy's id while it is open (issue 31), in whichever tab:
// its copy is the live form's own (the tab only hidden), never another tab's to take up; once the form is gone (its tab
// closed, or the person moved on) the lock is released with it and the copy is merged as any other.
const OPEN_FORM = 'coachwell-open-form:';

// The forms this tab has closed: their locks may still be listed for a moment after (a page opened at once in their place).
const closedHere = new Set<string>();

/** Marks these copies' form open in this tab until the returned function is called (or the tab is gone). */
export function holdWhileOpen(ids: readonly string[]): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return () => undefined;
  for (const id of ids) closedHere.delete(id);
  let release = () => {};
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const id of ids) void locks.request(OPEN_FORM + id, () => open).catch(() => undefined);
  return () => {
    for (const id of ids) closedHere.add(id);
    release();
  };
}

/** The ids of the copies whose form is open in some tab (none known without Web Locks). */
async function openFormIds(): Promise<Set<string>> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return new Set();
  try {
    const { held = [], pending = [] } = await locks.query();
    return new Set([...held, ...pending].map((l) => l.name ?? '').filter((n) => n.startsWith(OPEN_FORM)).map((n) => n.slice(OPEN_FORM.length))
      .filter((id) => !closedHere.has(id)));
  } catch {
    return new Set();
  }
}

/**
 * On start: the person's last-chance copies go into the outbox, where they are newer than what it holds (`only`: those
 * of one record, as its form opens in a tab already started). A copy whose form is still open (another tab, only
 * hidden) stays that form's. How many went in.
 */
export async function mergeLastChance(userId: number, only?: (copy: OutboxRecord) => boolean): Promise<number> {
  if (!hasIndexedDb()) return 0;
  let merged = 0;
  const open = await openFormIds();
  for (const key of lastChanceKeys()) {
    const copy = readLastChance(key);
    if (!copy || copy.userId !== userId || (only && !only(copy)) || open.has(copy.id) || copy.held) continue;
    merged += 1;
    await upsertWrite(copy.id, (current) => {
      if (current && (current.keptAt ?? 0) >= (copy.keptAt ?? 0)) return null;
      if (current) {
        return {
          ...current, body: copy.body, summary: copy.summary, draft: copy.draft, keptAt: copy.keptAt, unreadSave: copy.unreadSave ?? current.unreadSave,
          state: current.state === 'conflict' ? 'conflict' : 'waiting', message: undefined, errors: undefined,
        };
      }
      return copy;
    });
    localStorage.removeItem(key);
  }
  return merged;
}

/**
 * The person's unsaved edit of a completed observation, kept as its tab closed (`held`, issue 31): the newest copy of
 * that observation whose form is not open in any tab, or null. It stays on the device until saved or discarded.
 */
export async function heldCopyOf(userId: number, observationId: number): Promise<OutboxRecord | null> {
  const open = await openFormIds();
  const copies = lastChanceKeys().map(readLastChance)
    .filter((c): c is OutboxRecord => !!c && c.held === true && c.userId === userId && c.kind === 'observation.update' && c.target === observationId && !open.has(c.id));
  return copies.sort((a, b) => (a.keptAt ?? 0) - (b.keptAt ?? 0)).at(-1) ?? null;
}

/**
 * How many of the person's completed observations have an unsaved edit kept on this device (`held` copies, one per
 * observation): never sent, so not in the outbox's count, and lost by a sign-out all the same.
 */
export function heldCount(userId: number): number {
  const observations = new Set<number>();
  for (const key of lastChanceKeys()) {
    const copy = readLastChance(key);
    if (copy?.held === true && copy.userId === userId && typeof copy.target === 'number') observations.add(copy.target);
  }
  return observations.size;
}

export async function deleteWrite(id: string): Promise<void> {
  await inStore('readwrite', (s) => s.delete(id));
  changed();
}

/** How many of the person's writes have not reached the server (waiting, refused or in conflict). */
export async function pendingCount(userId: number): Promise<number> {
  if (!hasIndexedDb()) return 0;
  return (await inStore<number>('readonly', (s) => s.index('userId').count(userId))) ?? 0;
}

/** Forgets the person's writes (sign-out after the warning; never another person's). */
export async function clearOutbox(userId: number): Promise<void> {
  copies.delete(userId);
  for (const key of lastChanceKeys()) if (readLastChance(key)?.userId === userId) localStorage.removeItem(key);
  if (!hasIndexedDb()) return;
  const rows = await listWrites(userId);
  if (rows.length === 0) return;
  await inStore('readwrite', (s) => {
    for (const row of rows) s.delete(row.id);
  });
  changed();
}

// One copy of each person's writes for every component that shows them (the header's count, the panel, each
// list's queued rows, a row's "waiting" mark), read again once per announced change.
const EMPTY: OutboxRecord[] = [];
const copies = new Map<number, OutboxRecord[]>();
const watched = new Map<number, number>();
const readers = new Set<() => void>();
let listening = false;
function reread(userId: number): void {
  void listWrites(userId).then((rows) => {
    copies.set(userId, rows);
    readers.forEach((r) => r());
  }, () => undefined);
}
function watch(userId: number, reader: () => void): () => void {
  if (!listening) {
    listening = true;
    onOutboxChange(() => watched.forEach((_, id) => reread(id)));
  }
  readers.add(reader);
  const first = !watched.has(userId);
  watched.set(userId, (watched.get(userId) ?? 0) + 1);
  if (first) reread(userId);
  return () => {
    readers.delete(reader);
    const left = (watched.get(userId) ?? 1) - 1;
    if (left > 0) watched.set(userId, left);
    else watched.delete(userId);
  };
}

/** The signed-in person's writes, oldest first, kept current as the outbox changes (any tab). */
export function useOutbox(): OutboxRecord[] {
  const { user } = useAuthUser();
  const userId = user?.id;
  const subscribe = useCallback((reader: () => void) => (userId === undefined ? () => undefined : watch(userId, reader)), [userId]);
  return useSyncExternalStore(subscribe, () => (userId === undefined || !hasIndexedDb() ? EMPTY : copies.get(userId) ?? EMPTY), () => EMPTY);
}

/** The signed-in person's count of writes waiting to sync. */
export function usePendingCount(): number {
  return useOutbox().length;
}
