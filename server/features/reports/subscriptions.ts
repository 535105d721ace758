// Scheduled report emails (issue 11): a user's subscriptions to report views. Queries (each taking
// `db` first, filtered by district), commands (one transaction with their audit row), the presenter,
// and the stored query string read back as a report query (with the page's relative date preset
// resolved on the day it is sent).
import type { ReportSubscriptionAnswer } from '../../../common/schemas/answers/reports';
import {
  DATE_PRESETS, type DatePreset, REPORT_TITLES, type ReportKind, type SubscriptionFrequency,
} from '../../../common/schemas/reports';
import { presetRange } from '../../../common/reportValues';
import { lockDistrictWrites } from '../../../db/locks';
import { nowIso, type DB } from '../../../db/connection';
import type { ReportSubscriptionsTable } from '../../../db/types';
import type { Selectable } from 'kysely';
import { conflict } from '../../http/errors';
import { type Actor, recordAudit } from '../../lib/audit';
import { createHmac } from 'node:crypto';
import { hashToken, newToken } from '../../identity/tokens';
import { nextRunAt } from './subscriptionSchedule';

export type SubscriptionRow = Selectable<ReportSubscriptionsTable>;

export const MAX_SUBSCRIPTIONS_PER_USER = 20;
export const SUBSCRIPTION_NOT_FOUND = 'We could not find that subscription.';
export const TOO_MANY_SUBSCRIPTIONS = `You can have at most ${MAX_SUBSCRIPTIONS_PER_USER} report subscriptions. Remove one before adding another.`;
export const ALREADY_SUBSCRIBED = 'You already get this report view by email at that frequency.';

// ---- The stored query ------------------------------------------------------------------------------

type QueryObject = Record<string, unknown> & { filter?: Record<string, unknown> };

/**
 * A report view's query string as the report API reads it (bracket style: `filter[x]=v`,
 * `filter[x][]=v`, `interval=week` …). Keys of any other shape are kept as they are, so the report's
 * own validation names them.
 */
export function parseReportQuery(query: string): QueryObject {
  const out: QueryObject = {};
  const filter: Record<string, unknown> = {};
  const put = (target: Record<string, unknown>, key: string, value: string, list: boolean) => {
    const existing = target[key];
    if (list || existing !== undefined) target[key] = [...(Array.isArray(existing) ? existing : existing === undefined ? [] : [existing]), value];
    else target[key] = value;
  };
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    return out;
  }
  for (const [key, value] of params) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const inFilter = /^filter\[([a-z_]{1,40})\](\[\])?$/.exec(key);
    if (inFilter) {
      put(filter, inFilter[1]!, value, inFilter[2] !== undefined);
      continue;
    }
    const top = /^([a-z_]{1,40})(\[\])?$/.exec(key);
    if (top) put(out, top[1]!, value, top[2] !== undefined);
    else out[key] = value;
  }
  if (Object.keys(filter).length) out.filter = filter;
  return out;
}

const presetOf = (q: QueryObject): DatePreset | null =>
  typeof q.preset === 'string' && (DATE_PRESETS as readonly string[]).includes(q.preset) ? (q.preset as DatePreset) : null;

/** The report query to run on `today`: a relative preset (this month, last 30 days …) becomes its dates. */
export function reportQueryOn(query: string, today: string): QueryObject {
  const q = parseReportQuery(query);
  const preset = presetOf(q);
  const { preset: _preset, ...rest } = q;
  void _preset;
  if (!preset || preset === 'custom') return rest;
  const range = presetRange(preset, today);
  const filter = { ...(rest.filter ?? {}) };
  delete filter.from;
  delete filter.to;
  if (range) Object.assign(filter, range);
  return { ...rest, filter };
}

/** The path of a report's screen (the link back from an email, with the view's query). */
export function reportPath(kind: ReportKind): string {
  return kind === 'interactions' ? '/app/reports' : `/app/reports/${kind}`;
}

const PRESET_WORDS: Record<DatePreset, string> = {
  'school-year': 'This school year',
  'last-30-days': 'Last 30 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  custom: 'Custom dates',
};

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined || v === null || v === '' ? [] : [String(v)]);
const ids = (v: unknown) => asList(v).filter((s) => /^\d{1,15}$/.test(s)).map(Number);

/**
 * A readable summary of a view's filters ("This school year · Lincoln Middle · Casey Coach"): names of
 * schools, coaches, types and groups come from the subscriber's district only.
 */
export async function describeQueries(db: DB, districtId: number, queries: string[]): Promise<string[]> {
  const parsed = queries.map(parseReportQuery);
  const wanted = { buildings: new Set<number>(), users: new Set<number>(), types: new Set<number>(), groups: new Set<number>() };
  for (const q of parsed) {
    const f = q.filter ?? {};
    ids(f.building_id).forEach((id) => wanted.buildings.add(id));
    ids(f.coach_id).forEach((id) => wanted.users.add(id));
    ids(f.interaction_type_id).forEach((id) => wanted.types.add(id));
    ids(f.group_id).forEach((id) => wanted.groups.add(id));
    if (q.compare === 'building') ids([q.a, q.b]).forEach((id) => wanted.buildings.add(id));
    if (q.compare === 'coach') ids([q.a, q.b]).forEach((id) => wanted.users.add(id));
    if (q.compare === 'group') ids([q.a, q.b]).forEach((id) => wanted.groups.add(id));
  }
  const names = async (table: 'buildings' | 'users' | 'interaction_types' | 'groups', set: Set<number>) => {
    if (!set.size) return new Map<number, string>();
    const rows = await db.selectFrom(table).select(['id', 'name']).where('district_id', '=', districtId).where('id', 'in', [...set]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  };
  const [buildings, users, types, groups] = await Promise.all([
    names('buildings', wanted.buildings), names('users', wanted.users), names('interaction_types', wanted.types), names('groups', wanted.groups),
  ]);
  return parsed.map((q) => {
    const f = q.filter ?? {};
    const parts: string[] = [];
    const preset = presetOf(q);
    const from = typeof f.from === 'string' ? f.from : null;
    const to = typeof f.to === 'string' ? f.to : null;
    if (preset && preset !== 'custom') parts.push(PRESET_WORDS[preset]);
    else if (from || to) parts.push(from && to ? `${from} to ${to}` : from ? `From ${from}` : `Until ${to}`);
    else parts.push(PRESET_WORDS['school-year']);
    const named = (map: Map<number, string>, list: number[]) => list.map((id) => map.get(id)).filter((n): n is string => !!n);
    parts.push(...named(buildings, ids(f.building_id)), ...named(users, ids(f.coach_id)), ...named(types, ids(f.interaction_type_id)), ...named(groups, ids(f.group_id)));
    const grades = asList(f.grade_level);
    if (grades.length) parts.push(`Grade ${grades.join(', ')}`);
    parts.push(...asList(f.subject));
    if (q.view === 'not-coached') parts.push('Not yet coached this year');
    if (typeof q.compare === 'string') {
      if (q.compare === 'period') parts.push(`Comparing ${String(q.a_from ?? '?')}–${String(q.a_to ?? '?')} with ${String(q.b_from ?? '?')}–${String(q.b_to ?? '?')}`);
      else {
        const map = q.compare === 'building' ? buildings : q.compare === 'coach' ? users : groups;
        const [a, b] = ids([q.a, q.b]).map((id) => map.get(id) ?? '?');
        if (a && b) parts.push(`${a} compared with ${b}`);
      }
    }
    return parts.join(' · ');
  });
}

// ---- Reads -------------------------------------------------------------------------------------------

export function subscriptionsOf(db: DB, districtId: number, userId: number): Promise<SubscriptionRow[]> {
  return db.selectFrom('report_subscriptions').selectAll()
    .where('district_id', '=', districtId).where('user_id', '=', userId).orderBy('id').execute();
}

export function findOwnSubscription(db: DB, districtId: number, userId: number, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('report_subscriptions').selectAll()
    .where('district_id', '=', districtId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function findByTokenHash(db: DB, hash: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('report_subscriptions').selectAll().where('unsubscribe_token_hash', '=', hash).executeTakeFirst();
}

// ---- The unsubscribe token ----------------------------------------------------------------------------

/**
 * The one-click unsubscribe token of a subscription: an HMAC of its id and creation time under the
 * server's secret, so every email of the subscription carries the same working link while the database
 * keeps only its SHA-256 hash. It does one thing: remove that subscription (no sign-in, nothing else).
 */
export function unsubscribeToken(secret: string, row: Pick<SubscriptionRow, 'id' | 'created_at'>): string {
  return createHmac('sha256', secret).update(`report-unsubscribe:${row.id}:${row.created_at}`).digest('base64url');
}

// ---- Commands ----------------------------------------------------------------------------------------

/**
 * Subscribes the actor to a report view. The first send is the next Monday or 1st at 07:00 in `timeZone`.
 * 409 past MAX_SUBSCRIPTIONS_PER_USER or for the same view at the same frequency.
 */
export async function createSubscription(
  db: DB, actor: Actor & { districtId: number; userId: number },
  input: { report: ReportKind; frequency: SubscriptionFrequency; query: string }, timeZone: string, secret: string, now = new Date(),
): Promise<SubscriptionRow> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a person's subscriptions are counted and compared before one is added.
    await lockDistrictWrites(trx, actor.districtId);
    const own = await trx.selectFrom('report_subscriptions').select(['report', 'frequency', 'query'])
      .where('district_id', '=', actor.districtId).where('user_id', '=', actor.userId).execute();
    if (own.length >= MAX_SUBSCRIPTIONS_PER_USER) throw conflict(TOO_MANY_SUBSCRIPTIONS);
    if (own.some((s) => s.report === input.report && s.frequency === input.frequency && s.query === input.query)) throw conflict(ALREADY_SUBSCRIBED);
    const at = nowIso();
    const inserted = await trx.insertInto('report_subscriptions').values({
      district_id: actor.districtId, user_id: actor.userId, report: input.report, frequency: input.frequency, query: input.query,
      unsubscribe_token_hash: newToken().hash, next_run_at: nextRunAt(input.frequency, timeZone, now).toISOString(),
      last_sent_at: null, last_skipped_reason: null, claimed_at: null, claim_token: null, created_at: at, updated_at: at,
    }).returningAll().executeTakeFirstOrThrow();
    // The row's id is part of its token: the placeholder hash (random, never sent) is replaced at once.
    const tokenHash = hashToken(unsubscribeToken(secret, inserted));
    await trx.updateTable('report_subscriptions').set({ unsubscribe_token_hash: tokenHash }).where('id', '=', inserted.id).execute();
    const row = { ...inserted, unsubscribe_token_hash: tokenHash };
    await recordAudit(trx, actor, {
      action: 'report_subscription_created', subjectType: 'report_subscription', subjectId: row.id,
      details: { report: row.report, frequency: row.frequency, query: row.query },
    });
    return row;
  });
}

/** Removes a subscription; `how` says why (the owner removed it, an unsubscribe link, the runner). */
export async function removeSubscription(
  db: DB, actor: Actor, row: SubscriptionRow, how: 'removed' | 'unsubscribed' | 'user_inactive',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('report_subscriptions').where('id', '=', row.id).where('district_id', '=', row.district_id).execute();
    await recordAudit(trx, actor, {
      action: how === 'removed' ? 'report_subscription_removed' : how === 'unsubscribed' ? 'report_subscription_unsubscribed' : 'report_subscription_dropped',
      subjectType: 'report_subscription', subjectId: row.id,
      details: { report: row.report, frequency: row.frequency, user_id: row.user_id },
    });
  });
}

// ---- Presenter ---------------------------------------------------------------------------------------

export function presentSubscription(row: SubscriptionRow, description: string): ReportSubscriptionAnswer {
  return {
    id: row.id,
    report: row.report as ReportKind,
    frequency: row.frequency,
    query: row.query,
    description,
    next_run_at: row.next_run_at,
    last_sent_at: row.last_sent_at,
    created_at: row.created_at,
  };
}

export const reportTitle = (kind: ReportKind) => REPORT_TITLES[kind];
