// Sending the outbox (issue 31): a write is sent at once when it can be, else queued (offline, or no answer
// came back); the queue is sent in order on the `online` event, on start and every minute while something
// waits, one write at a time, oldest first, in one tab at a time (Web Locks). Creates carry their UUID as
// `client_id`, so a write the server made but whose answer was lost is answered again (200), never doubled.
import { mutate } from 'swr';
import { INTERACTION_COLOURS, INTERACTION_MESSAGES } from '../../common/interactionValues';
import { EDIT_CONFLICT_CODE } from '../../common/syncValues';
import type { Interaction } from '../../common/schemas/interactions';
import { api, ApiError, apiRequest } from './api';
import { revalidateActionSteps } from './actionSteps';
import { participantsLine, revalidateInteractions } from './interactions';
import { announceSynced, deleteWrite, getWrite, keepLastChance, listWrites, outboxUser, putWrite, upsertWrite } from './outbox';
import {
  type Answer, backoffMs, isCreate, isEdit, nextSeq, nextToSend, observationHolds, type OutboxKind, type OutboxRecord, outcomeOf, rebase, requestOf, retarget,
} from './outboxRules';

const LOCK = 'coachwell-outbox-sync';

/** What a form hands over: the write, what to show for it, and its own values to reopen it. */
export interface NewWrite {
  kind: OutboxKind;
  target?: number | string | null;
  body: Record<string, unknown>;
  baseUpdatedAt?: string | null;
  summary: OutboxRecord['summary'];
  draft?: unknown;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

const uuid = () => crypto.randomUUID().toLowerCase();

export async function queueWrite(userId: number, write: NewWrite, id: string = uuid()): Promise<OutboxRecord> {
  const record = newRecord(userId, write, id);
  await putWrite(record);
  return record;
}

/**
 * Keeps the newest version of a record in the outbox under one id (an observation's draft saved again and again
 * without a signal): the write is made, or its body replaced while it waits.
 */
export async function keepInOutbox(userId: number, id: string, write: NewWrite, keptAt: number = Date.now()): Promise<void> {
  await upsertWrite(id, (current) => keptVersion(userId, id, write, keptAt, current));
}

/**
 * The record `keepInOutbox` stores: the write made, or the waiting one's body replaced; null when what is stored was
 * kept later (an older save finishing after a newer one).
 */
export function keptVersion(userId: number, id: string, write: NewWrite, keptAt: number, current: OutboxRecord | undefined): OutboxRecord | null {
  if (current && (current.keptAt ?? 0) > keptAt) return null;
  if (current) {
    return {
      ...current, body: write.body, summary: write.summary, draft: write.draft ?? current.draft, keptAt,
      state: current.state === 'conflict' ? 'conflict' : 'waiting', message: undefined, errors: undefined,
    };
  }
  return newRecord(userId, write, id, keptAt);
}

function newRecord(userId: number, write: NewWrite, id: string, keptAt?: number): OutboxRecord {
  return {
    id, userId, kind: write.kind, target: write.target ?? null, body: write.body, baseUpdatedAt: write.baseUpdatedAt ?? null,
    createdAt: new Date().toISOString(), seq: nextSeq(), state: 'waiting', attempts: 0, summary: write.summary, draft: write.draft, keptAt,
  };
}

/**
 * The last chance (a page hidden or closed without a signal): the write goes to localStorage at once, and to the
 * outbox as `keepInOutbox` does; the copy is merged on the next start should the page be gone first.
 */
export function keepBeforeLeaving(userId: number, id: string, write: NewWrite): void {
  const keptAt = Date.now();
  keepLastChance(newRecord(userId, write, id, keptAt));
  void keepInOutbox(userId, id, write, keptAt);
}

/**
 * The last-chance copy alone (a page hidden or closed with a signal and changes not saved yet, issue 31): its last save
 * is a request whose answer nobody reads, so what it holds is kept in localStorage too, merged into the outbox on the
 * next start and sent from the version the form had: the server's answer then settles it (saved, the same version
 * already there, or the conflict panel).
 */
export function keepCopyOnLeaving(userId: number, id: string, write: NewWrite, extra: Pick<OutboxRecord, 'unreadSave' | 'held'> = {}): void {
  keepLastChance({ ...newRecord(userId, write, id, Date.now()), ...extra });
}

/**
 * An edit the server refused as made from an older version while the form was online (issue 31, 409 `edit_conflict`):
 * kept on the device under `id` as a conflict with the server's current version, for the conflict panel to settle (a
 * waiting write under that id is replaced). Later saves of the form replace its body and keep it a conflict.
 */
export async function keepAsConflict(userId: number, id: string, write: NewWrite, server: Record<string, unknown> | undefined): Promise<void> {
  await upsertWrite(id, (current) => ({
    ...(current ?? newRecord(userId, write, id)), body: write.body, summary: write.summary, draft: write.draft ?? current?.draft,
    baseUpdatedAt: current?.baseUpdatedAt ?? write.baseUpdatedAt ?? null, keptAt: Date.now(), state: 'conflict', server, message: undefined, errors: undefined,
  }));
}

/** The server's current version of the record an edit changes (undefined when it cannot be read). */
const serverVersionOf = (write: Pick<NewWrite, 'kind' | 'target'>) =>
  api.get<Record<string, unknown>>(write.kind === 'interaction.update' ? `interaction/${write.target}` : `observation/${write.target}`).catch(() => undefined);

/**
 * A form's online edit answered 409 `edit_conflict` (issue 31). When the server's version equals what is being saved,
 * field for field (another tab's sync sent it, or this page's last save as it closed), it is no conflict: saved again
 * on that version, silently (`resend(base)`). Else it is kept on the device under `id` as a conflict with the server's
 * version (keepAsConflict), for the conflict panel.
 */
export async function settleEditConflict<T>(
  userId: number, id: string, write: NewWrite, resend: (base: string) => Promise<T>,
): Promise<{ saved: true; answer: T } | { saved: false }> {
  let server = await serverVersionOf(write);
  if (server && typeof server.updated_at === 'string' && (await import('./outboxConflict')).sameAsServer(write, server)) {
    try {
      return { saved: true, answer: await resend(server.updated_at) };
    } catch (err) {
      if (!(err instanceof ApiError && err.code === EDIT_CONFLICT_CODE)) throw err;
      // Changed again meanwhile: that version is the one to compare with.
      server = await serverVersionOf(write);
    }
  }
  await keepAsConflict(userId, id, write, server);
  return { saved: false };
}

/** Saves a corrected or settled write and sends the outbox again. */
export async function requeue(record: OutboxRecord, patch: Partial<OutboxRecord>): Promise<void> {
  await putWrite({ ...record, ...patch, state: 'waiting', message: undefined, errors: undefined, server: undefined });
  void syncNow(record.userId);
}

export type Sent<T> = { queued: false; answer: T } | { queued: true; record: OutboxRecord };

/**
 * Sends a write now when the device is online, else queues it. A network failure queues it too (with the same
 * UUID: if the server did make it, the sync is answered the same record); a refusal (4xx) throws the ApiError as
 * any form's request does.
 */
export async function sendOrQueue<T>(userId: number, write: NewWrite): Promise<Sent<T>> {
  const id = uuid();
  const waitsForCreate = typeof write.target === 'string';
  if (!online() || waitsForCreate) return { queued: true, record: await queueWrite(userId, write, id) };
  const request = requestOf({ id, kind: write.kind, target: write.target ?? null, body: write.body, baseUpdatedAt: write.baseUpdatedAt } as OutboxRecord);
  try {
    const answer = await apiRequest<T>(request!.method, request!.path, { body: request!.body });
    await revalidateKind(write.kind, answer);
    return { queued: false, answer };
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) {
      const record = await queueWrite(userId, write, id);
      retryLater(userId);
      return { queued: true, record };
    }
    throw err;
  }
}

async function revalidateKind(kind: OutboxKind, answer?: unknown): Promise<void> {
  if (kind.startsWith('interaction.')) await revalidateInteractions(answer as Interaction | undefined);
  else if (kind.startsWith('observation.')) await mutate((key: unknown) => Array.isArray(key) && key[0] === 'observation');
  else await revalidateActionSteps();
}

async function answerOf(record: OutboxRecord): Promise<{ answer: Answer; data?: unknown }> {
  const request = requestOf(record)!;
  try {
    const data = await apiRequest<unknown>(request.method, request.path, { body: request.body });
    return { answer: { status: 200 }, data };
  } catch (err) {
    if (err instanceof ApiError) return { answer: { status: err.status, code: err.code, message: err.message, errors: err.errors } };
    return { answer: { status: 0 } };
  }
}

// The server's ids of the creates this tab has synced, for a write made meanwhile that still names its create.
const created = new Map<string, number>();
async function withCreatedIds(records: OutboxRecord[]): Promise<OutboxRecord[]> {
  const out: OutboxRecord[] = [];
  for (const r of records) {
    const id = typeof r.target === 'string' ? created.get(r.target) : undefined;
    if (id === undefined) {
      out.push(r);
      continue;
    }
    const fixed = { ...r, target: id };
    await putWrite(fixed);
    out.push(fixed);
  }
  return out;
}

/**
 * Sends the person's waiting writes in order until none is left or the network fails. The list is read once and
 * kept as the writes go (each write's own record checked just before it is recorded), then read again for writes
 * made meanwhile.
 */
async function sendAll(userId: number): Promise<'done' | 'offline' | 'stopped'> {
  const touched = new Set<OutboxKind>();
  const resent = new Set<string>();
  const removals: Promise<void>[] = [];
  try {
    let records = await withCreatedIds(await listWrites(userId));
    for (;;) {
      if (!online()) return 'offline';
      // Signed out, or someone else signed in, meanwhile: their writes wait for them.
      if (outboxUser() !== userId) return 'stopped';
      let next = nextToSend(records);
      if (!next) {
        await Promise.all(removals.splice(0));
        records = await withCreatedIds(await listWrites(userId));
        next = nextToSend(records);
        if (!next) return 'done';
      }
      const sending: OutboxRecord = { ...next, attempts: next.attempts + 1 };
      const { answer, data } = await answerOf(sending);
      records = records.filter((r) => r.id !== sending.id);
      const outcome = outcomeOf(sending, answer, INTERACTION_MESSAGES.alreadyCompleted);
      // A draft may have been saved again while it was on its way; anything else kept is checked for a discard
      // meanwhile (the person, in another tab) before it is recorded. A write done is simply removed: its removal
      // is not waited for (were the tab closed first, the write would go again and be answered the same record).
      const stored = outcome.kind !== 'done' || sending.kind === 'observation.create' || isEdit(sending.kind) ? await getWrite(sending.id) : sending;
      if (!stored) continue;
      if (outcome.kind === 'done') {
        const serverId = data && typeof (data as { id?: unknown }).id === 'number' ? (data as { id: number }).id : null;
        if (isCreate(sending.kind) && serverId !== null) {
          created.set(sending.id, serverId);
          const followers = retarget(records, sending.id, serverId);
          for (const follower of followers) await putWrite(follower);
          if (followers.length) records = records.map((r) => followers.find((f) => f.id === r.id) ?? r);
        }
        // The person's later edits of this record started from their own queued change: they follow the version it made.
        const version = data && typeof (data as { updated_at?: unknown }).updated_at === 'string' ? (data as { updated_at: string }).updated_at : null;
        const recordId = serverId ?? (typeof sending.target === 'number' ? sending.target : null);
        // Every tab hears it: a form open on the record goes on from this version (its own write's, or fields it holds).
        if (version && recordId !== null) announceSynced({ id: sending.id, userId, kind: sending.kind, target: recordId, version, answer: data as Record<string, unknown> });
        if (version && !isCreate(sending.kind)) {
          const moved = rebase(records, sending, version);
          for (const r of moved) await putWrite(r);
          if (moved.length) records = records.map((r) => moved.find((f) => f.id === r.id) ?? r);
        }
        // Changed while it was on its way (a draft saved again): what is newer goes next, as an edit of the record made.
        // Or a new observation's repeat was answered the one an earlier save made, which holds less (that save was on its
        // way as the tab closed): the rest follows the same way.
        const changedMeanwhile = JSON.stringify(stored.body) !== JSON.stringify(sending.body)
          || (sending.kind === 'observation.create' && !!data && typeof data === 'object' && !observationHolds(stored.body, data as Record<string, unknown>));
        if (sending.kind === 'observation.create' && serverId !== null && changedMeanwhile) {
          // From the version the create made: a change on the server since (another device) meets the conflict panel.
          const edit: OutboxRecord = { ...stored, kind: 'observation.update', target: serverId, baseUpdatedAt: version };
          await putWrite(edit);
          records = [edit, ...records];
        } else if (isEdit(sending.kind) && changedMeanwhile) {
          // An edit made again while this one was on its way (it replaced it): it goes next, from the version just made.
          const again: OutboxRecord = { ...stored, baseUpdatedAt: stored.baseUpdatedAt && version ? version : stored.baseUpdatedAt };
          await putWrite(again);
          records = [again, ...records];
        } else {
          removals.push(deleteWrite(sending.id));
        }
        touched.add(sending.kind);
      } else if (outcome.kind === 'retry' || outcome.kind === 'stop') {
        await putWrite({ ...stored, attempts: sending.attempts, state: 'waiting' });
        return outcome.kind === 'retry' ? 'offline' : 'stopped';
      } else if (outcome.kind === 'refused') {
        await putWrite({ ...stored, attempts: sending.attempts, state: 'refused', message: outcome.message, errors: outcome.errors });
      } else {
        const server = await serverVersionOf(sending);
        // The server already holds this very version (field for field), or the save its page had on its way as it closed
        // (the person's own): no conflict, sent again on it, once.
        if (server && typeof server.updated_at === 'string' && !resent.has(sending.id) && (await import('./outboxConflict')).ownVersionOnServer(stored, server)) {
          resent.add(sending.id);
          const again: OutboxRecord = { ...stored, attempts: sending.attempts, state: 'waiting', baseUpdatedAt: server.updated_at };
          await putWrite(again);
          records = [again, ...records];
          continue;
        }
        await putWrite({ ...stored, attempts: sending.attempts, state: 'conflict', server });
      }
    }
  } finally {
    await Promise.allSettled(removals);
    await Promise.all([...touched].map((kind) => revalidateKind(kind)));
  }
}

let running: Promise<unknown> | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function retryLater(userId: number): void {
  failures += 1;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void syncNow(userId), backoffMs(failures));
}

/** Sends the outbox now, unless this tab or another is already sending it. */
export function syncNow(userId: number): Promise<unknown> {
  if (running) return running;
  const work = async () => {
    const result = await sendAll(userId);
    if (result === 'offline' && online()) retryLater(userId);
    else if (result === 'done') failures = 0;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  running = (locks ? locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? work() : undefined)) : work())
    .catch(() => retryLater(userId))
    .finally(() => {
      running = null;
    });
  return running;
}

/** A fresh start for the backoff (the device is back online, the app has started). */
export function resetBackoff(): void {
  failures = 0;
  clearTimeout(retryTimer);
}

/** Marks an interaction completed now, or once there is a signal (issue 31). */
export function completeOrQueue(userId: number, i: Interaction): Promise<Sent<Interaction>> {
  return sendOrQueue<Interaction>(userId, {
    kind: 'interaction.complete',
    target: i.id,
    // The version it started from: an edit made after it, from the completed version shown, follows it (rebase).
    baseUpdatedAt: i.updated_at,
    body: {},
    summary: {
      title: i.interaction_type.name,
      detail: participantsLine(i),
      staffIds: i.participants.map((p) => p.id),
      startsAt: i.starts_at,
      extra: { colourHex: INTERACTION_COLOURS[i.interaction_type.colour]?.hex ?? null },
    },
  });
}
