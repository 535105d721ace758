// The outbox's rules, free of IndexedDB, fetch and React (issue 31): what a queued write is, the request it
// becomes, which one goes next, and what a server's answer makes of it. outbox.ts stores the records,
// outboxSync.ts sends them; both follow these functions, which the unit tests check.

export type OutboxKind =
  | 'interaction.create'
  | 'interaction.update'
  | 'interaction.complete'
  | 'observation.create'
  | 'observation.update'
  | 'actionStep.create';

/** waiting: to be sent; sending: on its way (or its tab closed while it was: sent again, the server answers the
 *  same record); refused: a 4xx with the server's message, for the person to correct or discard; conflict: the
 *  record changed on the server since the edit started, for the person to settle. */
export type OutboxState = 'waiting' | 'sending' | 'refused' | 'conflict';

export interface OutboxRecord {
  /** The client-made UUID: the record's key, and a create's `client_id`. */
  id: string;
  /** Whose write it is: only they see or send it. */
  userId: number;
  kind: OutboxKind;
  /** The record a write changes: its id on the server, or the UUID of the queued create it waits for. */
  target: number | string | null;
  /** The request body as the form built it (without client_id / base_updated_at: requestOf adds them). */
  body: Record<string, unknown>;
  /** An edit: the `updated_at` of the version it started from. */
  baseUpdatedAt?: string | null;
  createdAt: string;
  /** Send order (oldest first). */
  seq: number;
  state: OutboxState;
  attempts: number;
  /** Refused: the server's message and field errors. */
  message?: string;
  errors?: Record<string, string[]>;
  /** Conflict: the server's current version. */
  server?: Record<string, unknown>;
  /** What the lists and the outbox panel show without asking the server. */
  summary: OutboxSummary;
  /** The form's own values, to reopen it prefilled (correcting a refused write). */
  draft?: unknown;
  /** A write kept again and again (an observation's draft): when this version was made, so an older never replaces it. */
  keptAt?: number;
  /**
   * A copy kept as its tab closed while a save of it was on its way (an autosave whose answer the page never read): that
   * save's preview. The server holding it is the person's own version, not someone else's (issue 31).
   */
  unreadSave?: Record<string, unknown>;
  /**
   * A completed observation's edit kept as its tab closed before "Save changes" (issue 31): a copy only, never sent on its
   * own (the person never chose to save it); offered on the observation's page and in its edit, to save or discard.
   */
  held?: boolean;
}

export interface OutboxSummary {
  /** "Coaching conversation" */
  title: string;
  /** "Ana Ruiz, Ben Cho · 45 min" */
  detail: string;
  /** The educators it is about (their pages show it). */
  staffIds: number[];
  startsAt?: string;
  /** The start of its notes, so two writes alike can be told apart. */
  note?: string;
  /** Enough of the record to show it as a row of its kind (an interaction's type colour, status …). */
  extra?: Record<string, unknown>;
}

// The words of each kind and state are messages of the outbox's components (client/components/outbox/messages.ts).

const CREATES: readonly OutboxKind[] = ['interaction.create', 'observation.create', 'actionStep.create'];
export const isCreate = (kind: OutboxKind) => CREATES.includes(kind);
export const isEdit = (kind: OutboxKind) => kind === 'interaction.update' || kind === 'observation.update';

export interface OutboxRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown> | undefined;
}

/** The request a write becomes. A write whose target is still a queued create cannot go yet (null). */
export function requestOf(record: OutboxRecord): OutboxRequest | null {
  if (typeof record.target === 'string') return null;
  const base = record.baseUpdatedAt ? { base_updated_at: record.baseUpdatedAt } : {};
  switch (record.kind) {
    case 'interaction.create':
      return { method: 'POST', path: 'interaction', body: { ...record.body, client_id: record.id } };
    case 'observation.create':
      return { method: 'POST', path: 'observation', body: { ...record.body, client_id: record.id } };
    case 'actionStep.create':
      return { method: 'POST', path: 'action-step', body: { ...record.body, client_id: record.id } };
    case 'interaction.update':
      return { method: 'PUT', path: `interaction/${record.target}`, body: { ...record.body, ...base } };
    case 'observation.update':
      return { method: 'PUT', path: `observation/${record.target}`, body: { ...record.body, ...base } };
    case 'interaction.complete':
      return { method: 'POST', path: `interaction/${record.target}/complete`, body: undefined };
  }
}

/**
 * The next write to send: the oldest waiting one (or one left "sending" by a closed tab) whose create, when it
 * follows one, has reached the server. Refused writes and conflicts wait for the person and hold back only the
 * writes that follow them on the same record.
 */
export function nextToSend(records: readonly OutboxRecord[]): OutboxRecord | null {
  const sorted = [...records].sort((a, b) => a.seq - b.seq);
  const held = new Set<string | number>();
  for (const r of sorted) {
    const key = r.target ?? r.id;
    const stuck = r.state === 'refused' || r.state === 'conflict';
    if (stuck) {
      held.add(r.id);
      if (r.target !== null) held.add(r.target);
      continue;
    }
    if (held.has(key)) continue;
    // Its create has not reached the server yet (once it has, retarget names the server's id).
    if (typeof r.target === 'string') continue;
    return r;
  }
  return null;
}

export type Outcome =
  | { kind: 'done' }
  | { kind: 'retry' }
  | { kind: 'stop' }
  | { kind: 'refused'; message: string; errors: Record<string, string[]> }
  | { kind: 'conflict' };

export interface Answer {
  /** 0: no answer (the network failed). */
  status: number;
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
}

/** What an answer makes of a write. */
export function outcomeOf(record: Pick<OutboxRecord, 'kind'>, answer: Answer, alreadyCompleted: string): Outcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'done' };
  if (status === 0 || status >= 500 || status === 408 || status === 429) return { kind: 'retry' };
  // The session ended (signed out elsewhere, expired): the writes wait for the same person's next sign-in.
  if (status === 401 || status === 419) return { kind: 'stop' };
  if (status === 409 && answer.code === 'edit_conflict' && isEdit(record.kind)) return { kind: 'conflict' };
  if (status === 409 && record.kind === 'interaction.complete' && answer.message === alreadyCompleted) return { kind: 'done' };
  return { kind: 'refused', message: answer.message || 'Coachwell could not save this.', errors: answer.errors ?? {} };
}

/** The wait before the next try after a network failure: 5 s, doubling to at most 5 minutes. */
export function backoffMs(failures: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, failures - 1), 300_000);
}

/** After a create reached the server: the writes that waited for it now name its id. */
export function retarget(records: readonly OutboxRecord[], createId: string, serverId: number): OutboxRecord[] {
  return records.filter((r) => r.target === createId).map((r) => ({ ...r, target: serverId }));
}

/** The writes a person must look at (refused or in conflict), and all that have not reached the server. */
export function stuckCount(records: readonly OutboxRecord[]): number {
  return records.filter((r) => r.state === 'refused' || r.state === 'conflict').length;
}

/**
 * Where a refused write is corrected (issue 31): the form it was made with, prefilled with what was written (null:
 * it cannot be). A new interaction, an edit or a "mark completed" (the interaction's edit, completed) on Activity; an
 * observation in its capture; an action step in the panel's own dialog ('').
 */
export function correctionHref(r: OutboxRecord): string | null {
  switch (r.kind) {
    case 'interaction.create':
    case 'interaction.update':
      return r.draft !== undefined && (r.kind === 'interaction.create' || typeof r.target === 'number') ? `/app/activity?outbox=${r.id}` : null;
    case 'interaction.complete':
      return typeof r.target === 'number' ? `/app/activity?outbox=${r.id}` : null;
    case 'observation.create':
      return r.draft !== undefined ? `/app/observations/new?outbox=${r.id}` : null;
    case 'observation.update':
      return r.draft !== undefined && typeof r.target === 'number' ? `/app/observations/${r.target}/edit?outbox=${r.id}` : null;
    case 'actionStep.create':
      return typeof r.summary.extra?.staffName === 'string' ? '' : null;
  }
}

/** The fields of an edit shown side by side in the conflict panel, with whether they differ. */
export function conflictRows(mine: Record<string, unknown>, server: Record<string, unknown>, fields: readonly { key: string; label: string }[]) {
  return fields.map(({ key, label }) => {
    // An empty text and no text are the same.
    const a = mine[key] === '' ? null : mine[key] ?? null;
    const b = server[key] === '' ? null : server[key] ?? null;
    return { key, label, mine: a, server: b, differs: JSON.stringify(a) !== JSON.stringify(b) };
  });
}

/** Two versions of a text merged for the person to edit: both texts, when they differ. */
export function mergeText(mine: unknown, server: unknown): string {
  const a = typeof mine === 'string' ? mine.trim() : '';
  const b = typeof server === 'string' ? server.trim() : '';
  if (!a || a === b) return b;
  if (!b) return a;
  if (b.includes(a)) return b;
  if (a.includes(b)) return a;
  return `${b}\n\n${a}`;
}

/**
 * After a write on a record reached the server: the person's later edits of that record started from the version
 * that write started from (they saw their own queued change), so they now start from the version it made; an edit
 * that started from another version keeps it (and meets a conflict if the record changed meanwhile).
 */
export function rebase(records: readonly OutboxRecord[], done: Pick<OutboxRecord, 'id' | 'target' | 'baseUpdatedAt'>, version: string): OutboxRecord[] {
  if (!done.baseUpdatedAt || typeof done.target !== 'number') return [];
  return records
    .filter((r) => r.id !== done.id && r.target === done.target && isEdit(r.kind) && r.baseUpdatedAt === done.baseUpdatedAt)
    .map((r) => ({ ...r, baseUpdatedAt: version }));
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const emptyAnswer = (value: unknown, evidence: unknown) => (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) && !textOf(evidence);
const answersKey = (answers: unknown): string => JSON.stringify(((Array.isArray(answers) ? answers : []) as { item_id: number; value: unknown; evidence?: unknown }[])
  .filter((a) => !emptyAnswer(a.value, a.evidence))
  .map((a) => [a.item_id, a.value, textOf(a.evidence) || null])
  .sort((a, b) => (a[0] as number) - (b[0] as number)));
const instantOf = (at: unknown) => (typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? Date.parse(at) : at);

/**
 * Whether the observation a create was answered holds what the create sent (issue 31). A repeat of its client_id is
 * answered the observation made the first time: made by a save that was on its way as the tab closed, it holds less than
 * the copy kept then, and the rest follows as an edit of it.
 */
export function observationHolds(body: Record<string, unknown>, answer: Record<string, unknown>): boolean {
  const a = answer as { form?: { id?: unknown }; educator?: { id?: unknown }; observed_at?: unknown; duration_minutes?: unknown; status?: unknown; answers?: unknown } & Record<string, unknown>;
  return a.form?.id === body.form_id && a.educator?.id === body.staff_id && instantOf(a.observed_at) === instantOf(body.observed_at)
    && a.duration_minutes === body.duration_minutes && a.status === body.status
    && ['notes', 'next_steps', 'private_notes'].every((key) => textOf(a[key]) === textOf(body[key]))
    && answersKey(a.answers) === answersKey(body.answers);
}

let lastSeq = 0;
/** A send order later than every one made before in this tab (creation time, ties broken). */
export function nextSeq(now: number = Date.now()): number {
  lastSeq = Math.max(now * 1000, lastSeq + 1);
  return lastSeq;
}
