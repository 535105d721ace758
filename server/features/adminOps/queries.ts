// Reads of the provider's operations data. These are the one place queries span districts: the
// callers are provider staff who see all districts (policies.ts), never a district user.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { AuditFeedQuery, LogKind, LogListQuery } from '../../../common/schemas/adminOps';
import type { DB } from '../../../db/connection';
import { containsText } from '../../../db/dialect';
import { isAuditRead, parseAuditDetails } from '../../../common/auditActions';
import { plural } from '../../../common/plural';
import { SSO_KIND_LABELS, type SsoKind } from '../../../common/ssoValues';
import { activityLabel, reportEmailLabel } from './labels';

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (date: string) => `${date}T00:00:00.000Z`;
const startOfNextDay = (date: string) => new Date(Date.parse(startOfDay(date)) + DAY_MS).toISOString();

/** Ids of logins whose email or name contains the text (the "person" filters); at most 500. */
async function peopleMatching(db: DB, text: string): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id')
    .where((eb) => eb.or([containsText(db, eb.ref('email'), text), containsText(db, eb.ref('name'), text)]))
    .limit(500).execute();
  return rows.map((r) => r.id);
}

/** A person filter: a user id (plain digits) or a piece of an email or name. */
async function personIds(db: DB, value: string): Promise<number[]> {
  if (/^\d{1,15}$/.test(value)) return [Number(value)];
  return peopleMatching(db, value);
}

export interface AuditCursor {
  at: string;
  id: number;
}

export function encodeCursor(c: AuditCursor): string {
  return Buffer.from(`${c.at}|${c.id}`).toString('base64url');
}

export function decodeCursor(raw: string): AuditCursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(raw)) return null;
  const [at, id, extra] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !/^\d{1,15}$/.test(id) || Number.isNaN(Date.parse(at))) return null;
  return { at, id: Number(id) };
}

/** The audit log across districts, newest first, keyset-paged on (at, id). */
export async function auditFeed(db: DB, query: AuditFeedQuery, cursor: AuditCursor | null, perPage: number) {
  const f = query.filter;
  let q = db.selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('users as i', 'i.id', 'a.impersonator_id')
    .leftJoin('districts as d', 'd.id', 'a.district_id')
    .select([
      'a.id', 'a.action', 'a.subject_type', 'a.subject_id', 'a.ip', 'a.user_agent', 'a.details', 'a.at',
      'a.actor_id', 'u.name as actor_name', 'u.email as actor_email',
      'a.impersonator_id', 'i.name as impersonator_name', 'i.email as impersonator_email',
      'a.district_id', 'd.name as district_name',
    ]);
  if (f.district_id) q = q.where('a.district_id', '=', Number(f.district_id));
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.from) q = q.where('a.at', '>=', startOfDay(f.from));
  if (f.to) q = q.where('a.at', '<', startOfNextDay(f.to));
  if (f.actor) {
    const ids = await personIds(db, f.actor);
    if (ids.length === 0) return [];
    q = q.where((eb) => eb.or([eb('a.actor_id', 'in', ids), eb('a.impersonator_id', 'in', ids)]));
  }
  if (cursor) {
    q = q.where((eb) => eb.or([eb('a.at', '<', cursor.at), eb.and([eb('a.at', '=', cursor.at), eb('a.id', '<', cursor.id)])]));
  }
  return q.orderBy('a.at', 'desc').orderBy('a.id', 'desc').limit(perPage + 1).execute();
}
export type AuditRow = Awaited<ReturnType<typeof auditFeed>>[number];

type LabelQuery = (db: DB, ids: number[]) => Promise<{ id: number; label: string }[]>;
const byName = (table: 'users' | 'buildings' | 'groups' | 'districts' | 'interaction_types' | 'skills' | 'skill_domains' | 'cycle_stages' | 'skill_frameworks'): LabelQuery =>
  (db, ids) => db.selectFrom(table).select(['id', 'name as label']).where('id', 'in', ids).execute() as Promise<{ id: number; label: string }[]>;
const staffName = sql<string>`s.first_name || ' ' || s.last_name`;

/** "“Observation” with Lucas Williams and 2 others": an interaction's type and its first participant. */
const interactionLabels: LabelQuery = async (db, ids) => {
  const rows = await db.selectFrom('interactions as x').innerJoin('interaction_types as t', 't.id', 'x.interaction_type_id')
    .select(['x.id', 't.name']).where('x.id', 'in', ids).execute();
  const people = await db.selectFrom('interaction_participants as p').innerJoin('staff as s', 's.id', 'p.staff_id')
    .select(['p.interaction_id', staffName.as('name')]).where('p.interaction_id', 'in', ids).orderBy('p.interaction_id').orderBy('p.id').execute();
  const byInteraction = new Map<number, string[]>();
  for (const p of people) byInteraction.set(p.interaction_id, [...(byInteraction.get(p.interaction_id) ?? []), p.name]);
  return rows.map((r) => {
    const names = byInteraction.get(r.id) ?? [];
    const others = names.length - 1;
    const who = names.length === 0 ? '' : ` with ${names[0]}${others > 0 ? ` and ${plural(others, 'other', 'others')}` : ''}`;
    return { id: r.id, label: `“${r.name}”${who}` };
  });
};

/**
 * How each audited subject type is named in the feed, read when the feed is read (a batched query per
 * type and page). A record since deleted falls back to the name kept in the row's details (presenter.ts),
 * else reads "a deleted …" (common/auditActions.ts).
 */
const SUBJECT_LABELS: Record<string, LabelQuery> = {
  user: byName('users'),
  coach: byName('users'),
  building: byName('buildings'),
  group: byName('groups'),
  district: byName('districts'),
  interaction_type: byName('interaction_types'),
  skill: byName('skills'),
  skill_domain: byName('skill_domains'),
  skill_framework: byName('skill_frameworks'),
  cycle_stage: byName('cycle_stages'),
  staff: (db, ids) => db.selectFrom('staff as s').select(['s.id', staffName.as('label')]).where('s.id', 'in', ids).execute(),
  observation_form: (db, ids) => db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'v.name as label']).where('f.id', 'in', ids).execute(),
  observation: (db, ids) => db.selectFrom('observations as o').innerJoin('observation_form_versions as v', 'v.id', 'o.version_id')
    .innerJoin('staff as s', 's.id', 'o.staff_id')
    .select(['o.id', sql<string>`${sql.ref('v.name')} || ' of ' || ${sql.ref('s.first_name')} || ' ' || ${sql.ref('s.last_name')}`.as('label')])
    .where('o.id', 'in', ids).execute(),
  calibration_session: (db, ids) => db.selectFrom('calibration_sessions').select(['id', 'title as label']).where('id', 'in', ids).execute(),
  action_step: (db, ids) => db.selectFrom('action_steps').select(['id', 'title as label']).where('id', 'in', ids).execute(),
  interaction_field: (db, ids) => db.selectFrom('interaction_fields').select(['id', 'label']).where('id', 'in', ids).execute(),
  import: (db, ids) => db.selectFrom('imports').select(['id', 'file_name as label']).where('id', 'in', ids).execute(),
  coaching_cycle: (db, ids) => db.selectFrom('coaching_cycles').select(['id', 'title as label']).where('id', 'in', ids).execute(),
  cycle_goal_template: (db, ids) => db.selectFrom('cycle_goal_templates').select(['id', 'title as label']).where('id', 'in', ids).execute(),
  quote: (db, ids) => db.selectFrom('quotes').select(['id', 'number as label']).where('id', 'in', ids).execute(),
  invoice: (db, ids) => db.selectFrom('invoices').select(['id', 'number as label']).where('id', 'in', ids).execute(),
  article: (db, ids) => db.selectFrom('articles').select(['id', 'title as label']).where('id', 'in', ids).execute(),
  alert: (db, ids) => db.selectFrom('alerts').select(['id', 'title as label']).where('id', 'in', ids).execute(),
  sso_connection: async (db, ids) => (await db.selectFrom('sso_connections').select(['id', 'kind']).where('id', 'in', ids).execute())
    .map((r) => ({ id: r.id, label: SSO_KIND_LABELS[r.kind as SsoKind] ?? r.kind })),
  interaction: interactionLabels,
  activity: async (db, ids) => (await db.selectFrom('activities').select(['id', 'category', 'minutes']).where('id', 'in', ids).execute())
    .map((r) => ({ id: r.id, label: activityLabel(r.category, r.minutes) })),
  report_subscription: async (db, ids) => (await db.selectFrom('report_subscriptions').select(['id', 'report', 'frequency']).where('id', 'in', ids).execute())
    .map((r) => ({ id: r.id, label: reportEmailLabel(r.report, r.frequency) })),
  building_history_request: async (db, ids) => (await db.selectFrom('building_history_requests as r')
    .innerJoin('staff as s', 's.id', 'r.staff_id').innerJoin('buildings as b', 'b.id', 'r.building_id')
    .select(['r.id', staffName.as('staff'), 'b.name as building']).where('r.id', 'in', ids).execute())
    .map((r) => ({ id: r.id, label: `for ${r.staff} at ${r.building}` })),
  coaching_request: async (db, ids) => (await db.selectFrom('coaching_requests as r').innerJoin('staff as s', 's.id', 'r.staff_id')
    .select(['r.id', staffName.as('staff')]).where('r.id', 'in', ids).execute())
    .map((r) => ({ id: r.id, label: `of ${r.staff}` })),
};

/** The subject types the feed names by a query (the rest fall back to their details). */
export const LABELLED_SUBJECT_TYPES = Object.keys(SUBJECT_LABELS);

/** `type:id` → readable label for the subjects of a page of audit rows (one query per type). */
export async function subjectLabels(db: DB, rows: { subject_type: string | null; subject_id: number | null }[]): Promise<Map<string, string>> {
  const wanted = new Map<string, Set<number>>();
  for (const r of rows) {
    if (r.subject_type && r.subject_id !== null && SUBJECT_LABELS[r.subject_type]) {
      let set = wanted.get(r.subject_type);
      if (!set) wanted.set(r.subject_type, (set = new Set()));
      set.add(r.subject_id);
    }
  }
  const labels = new Map<string, string>();
  for (const [type, ids] of wanted) {
    for (const row of await SUBJECT_LABELS[type]!(db, [...ids])) labels.set(`${type}:${row.id}`, row.label);
  }
  return labels;
}

/** Reads of one impersonation within this long of each other read as one entry. */
export const READ_GAP_MS = 10 * 60 * 1000;
/** At most this many reads in one entry (a longer run continues in the next entry). */
export const READS_PER_ENTRY = 500;
const SCAN_BATCH = 200;

/** A change's request is folded into the change's own row when written within this long before it. */
export const REQUEST_FOLD_MS = 5000;

/**
 * One entry of the feed: an audit row, or a run of reads (newest first). `request`: the impersonated
 * request (POST, PUT…) that made the row's change, folded into it rather than read as a second entry.
 */
export interface AuditFeedEntry {
  rows: AuditRow[];
  reads: boolean;
  request?: AuditRow;
}

/** Whether `row` (older) continues the run of reads `entry`: same staff member, district user and district, close in time. */
function continuesReads(entry: AuditFeedEntry, row: AuditRow): boolean {
  if (!entry.reads || entry.rows.length >= READS_PER_ENTRY || !isAuditRead(row.action, parseAuditDetails(row.details))) return false;
  const last = entry.rows[entry.rows.length - 1]!;
  return last.impersonator_id === row.impersonator_id && last.actor_id === row.actor_id && last.subject_id === row.subject_id
    && last.district_id === row.district_id && Date.parse(last.at) - Date.parse(row.at) <= READ_GAP_MS;
}

/**
 * Whether `row` (older) is the impersonated write request that made `entry`'s change: the same staff member,
 * acting as the request's district user (or stopping or signing out themselves), just before it.
 */
function requestOf(entry: AuditFeedEntry, row: AuditRow): boolean {
  const change = entry.rows[0]!;
  if (entry.reads || entry.request || entry.rows.length > 1 || change.action === 'impersonated_request') return false;
  if (row.action !== 'impersonated_request' || isAuditRead(row.action, parseAuditDetails(row.details))) return false;
  if (change.impersonator_id === null || change.impersonator_id !== row.impersonator_id) return false;
  const sameRequester = change.actor_id === row.subject_id || (change.actor_id === row.actor_id && change.subject_id === row.subject_id);
  const gap = Date.parse(change.at) - Date.parse(row.at);
  return sameRequester && gap >= 0 && gap <= REQUEST_FOLD_MS;
}

/**
 * One page of the feed, newest first: `perPage` entries after the cursor (the oldest row of the previous
 * page's last entry). Consecutive reads (in the filtered feed's order) of one impersonation, each within
 * READ_GAP_MS of the next, are one entry; an impersonated write request is folded into the change it made
 * (requestOf); every other row is an entry of its own. The page reads on until
 * its last entry is closed by the row after it, so a run is never split between pages (except past
 * READS_PER_ENTRY) and the next page starts at that row.
 */
export async function auditEntries(db: DB, query: AuditFeedQuery, cursor: AuditCursor | null, perPage: number): Promise<{ entries: AuditFeedEntry[]; more: boolean }> {
  const entries: AuditFeedEntry[] = [];
  let scan = cursor;
  for (;;) {
    const rows = await auditFeed(db, query, scan, SCAN_BATCH);
    const batch = rows.slice(0, SCAN_BATCH);
    for (const row of batch) {
      const open = entries[entries.length - 1];
      if (open && continuesReads(open, row)) {
        open.rows.push(row);
        continue;
      }
      if (open && requestOf(open, row)) {
        open.request = row;
        continue;
      }
      if (entries.length === perPage) return { entries, more: true };
      entries.push({ rows: [row], reads: isAuditRead(row.action, parseAuditDetails(row.details)) });
    }
    const last = batch[batch.length - 1];
    if (rows.length <= SCAN_BATCH || !last) return { entries, more: false };
    scan = { at: last.at, id: last.id };
  }
}

function securityBase(db: DB) {
  return db.selectFrom('security_events as l').leftJoin('users as u', 'u.id', 'l.user_id').leftJoin('districts as d', 'd.id', 'l.district_id');
}
function serverBase(db: DB) {
  return db.selectFrom('server_errors as l').leftJoin('users as u', 'u.id', 'l.user_id').leftJoin('districts as d', 'd.id', 'l.district_id');
}
function clientBase(db: DB) {
  return db.selectFrom('client_errors as l').leftJoin('users as u', 'u.id', 'l.user_id').leftJoin('districts as d', 'd.id', 'l.district_id');
}

/** The filters every log shares (district, person, dates), over the table aliased `l`. */
function commonFilters(f: LogListQuery['filter'], userIds: number[] | null) {
  // The three log tables share these columns; the builder is typed loosely over the alias.
  return (eb: ExpressionBuilder<any, any>) => {
    const parts: Expression<SqlBool>[] = [];
    if (f.district_id) parts.push(eb('l.district_id', '=', Number(f.district_id)));
    if (f.from) parts.push(eb('l.at', '>=', startOfDay(f.from)));
    if (f.to) parts.push(eb('l.at', '<', startOfNextDay(f.to)));
    if (userIds) parts.push(eb('l.user_id', 'in', userIds));
    return eb.and(parts);
  };
}

const LIST_PERSON = ['u.id as user_id', 'u.name as user_name', 'u.email as user_email', 'd.id as district_id', 'd.name as district_name'] as const;

/** A log entry row, whichever table it came from (columns a table lacks are null). */
export interface LogRow {
  id: number;
  message: string | null;
  kind: string | null;
  email: string | null;
  method: string | null;
  url: string | null;
  status: number | null;
  ip: string | null;
  details: string | null;
  at: string;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  district_id: number | null;
  district_name: string | null;
}

/** One page of a log, newest first, with its total. */
export async function listLog(db: DB, query: LogListQuery, page: { perPage: number; offset: number }): Promise<{ rows: LogRow[]; total: number }> {
  const kind = query.kind as LogKind;
  const f = query.filter;
  const userIds = f.user ? await personIds(db, f.user) : null;
  if (userIds && userIds.length === 0) return { rows: [], total: 0 };
  if (kind !== 'security' && f.security_kind) return { rows: [], total: 0 };
  const where = commonFilters(f, userIds);

  if (kind === 'security') {
    let q = securityBase(db).where(where);
    if (f.security_kind) q = q.where('l.kind', '=', f.security_kind);
    if (f.search) q = q.where((eb) => eb.or([containsText(db, eb.ref('l.email'), f.search), containsText(db, eb.ref('l.path'), f.search), containsText(db, eb.ref('l.details'), f.search)]));
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
    const rows = await q.select(['l.id', 'l.kind', 'l.email', 'l.method', 'l.path as url', 'l.ip', 'l.details', 'l.at', ...LIST_PERSON])
      .orderBy('l.at', 'desc').orderBy('l.id', 'desc').limit(page.perPage).offset(page.offset).execute();
    return { rows: rows.map((r) => ({ ...r, message: null, status: null })), total };
  }
  if (kind === 'server') {
    let q = serverBase(db).where(where);
    if (f.search) q = q.where((eb) => containsText(db, eb.ref('l.message'), f.search));
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
    const rows = await q.select(['l.id', 'l.message', 'l.method', 'l.path as url', 'l.status', 'l.ip', 'l.at', ...LIST_PERSON])
      .orderBy('l.at', 'desc').orderBy('l.id', 'desc').limit(page.perPage).offset(page.offset).execute();
    return { rows: rows.map((r) => ({ ...r, kind: null, email: null, details: null })), total };
  }
  let q = clientBase(db).where(where);
  if (f.search) q = q.where((eb) => containsText(db, eb.ref('l.message'), f.search));
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  const rows = await q.select(['l.id', 'l.message', 'l.url', 'l.at', ...LIST_PERSON])
    .orderBy('l.at', 'desc').orderBy('l.id', 'desc').limit(page.perPage).offset(page.offset).execute();
  return { rows: rows.map((r) => ({ ...r, kind: null, email: null, method: null, status: null, ip: null, details: null })), total };
}

const PERSON = ['u.id as user_id', 'u.name as user_name', 'u.email as user_email', 'd.id as district_id', 'd.name as district_name'] as const;

export async function findClientError(db: DB, id: number) {
  return clientBase(db).select(['l.id', 'l.message', 'l.stack', 'l.url', 'l.user_agent', 'l.at', ...PERSON]).where('l.id', '=', id).executeTakeFirst();
}
export async function findServerError(db: DB, id: number) {
  return serverBase(db).select(['l.id', 'l.message', 'l.stack', 'l.method', 'l.path', 'l.status', 'l.request_id', 'l.ip', 'l.user_agent', 'l.at', ...PERSON])
    .where('l.id', '=', id).executeTakeFirst();
}
export async function findSecurityEvent(db: DB, id: number) {
  return securityBase(db).select(['l.id', 'l.kind', 'l.email', 'l.method', 'l.path', 'l.ip', 'l.user_agent', 'l.details', 'l.at', ...PERSON])
    .where('l.id', '=', id).executeTakeFirst();
}

/** The admin dashboard's figures at `now`. */
export async function dashboardFigures(db: DB, now: Date) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const t = now.getTime();
  const byStatus = await db.selectFrom('districts').select(['status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('status').execute();
  const byPlan = await db.selectFrom('plans').leftJoin('districts', 'districts.plan_id', 'plans.id')
    .select(['plans.key', 'plans.name', 'plans.sort_order', (eb) => eb.fn.count<number>('districts.id').as('count')])
    .groupBy(['plans.id', 'plans.key', 'plans.name', 'plans.sort_order']).orderBy('plans.sort_order').execute();
  const trials = await db.selectFrom('districts').innerJoin('plans', 'plans.id', 'districts.plan_id')
    .select(['districts.id', 'districts.name', 'districts.trial_ends_at', 'plans.name as plan'])
    .where('districts.status', '=', 'trial')
    .where('districts.trial_ends_at', '>=', now.toISOString())
    .where('districts.trial_ends_at', '<=', iso(t + 14 * DAY_MS))
    .orderBy('districts.trial_ends_at').orderBy('districts.id').limit(100).execute();
  const activeSince = async (since: string) => Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('district_id', 'is not', null).where('status', '=', 'active').where('last_login_at', '>=', since).executeTakeFirstOrThrow()).n);
  // The week starts on Monday, 00:00 UTC.
  const day = now.getUTCDay();
  const weekStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((day + 6) % 7))).toISOString();
  const interactions = Number((await db.selectFrom('interactions').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', weekStart).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);
  const since24h = iso(t - DAY_MS);
  const count24h = async (table: 'client_errors' | 'server_errors') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('at', '>=', since24h).executeTakeFirstOrThrow()).n);
  return {
    byStatus: new Map(byStatus.map((r) => [r.status, Number(r.count)])),
    byPlan: byPlan.map((r) => ({ key: r.key, name: r.name, count: Number(r.count) })),
    trials,
    active7: await activeSince(iso(t - 7 * DAY_MS)),
    active30: await activeSince(iso(t - 30 * DAY_MS)),
    interactions,
    weekStart,
    since24h,
    clientErrors: await count24h('client_errors'),
    serverErrors: await count24h('server_errors'),
  };
}
