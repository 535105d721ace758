// Alert reads. Alerts are the provider's own rows (no district owns them); what a district user reads is
// limited by the audience targets matching their district, plan and roles, in one indexed query.
import { type ExpressionBuilder, sql } from 'kysely';
import type { AlertLevel, AlertState } from '../../../common/schemas/alerts';
import type { DB } from '../../../db/connection';
import { containsText } from '../../../db/dialect';
import type { Database } from '../../../db/types';

type Conn = Pick<DB, 'selectFrom' | 'getExecutor'>;

export interface AlertRow {
  id: number;
  title: string;
  body: string;
  level: AlertLevel;
  audience: 'everyone' | 'plan' | 'districts' | 'roles';
  starts_at: string;
  ends_at: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

const ALERT_COLUMNS = [
  'alerts.id', 'alerts.title', 'alerts.body', 'alerts.level', 'alerts.audience', 'alerts.starts_at', 'alerts.ends_at',
  'alerts.created_by', 'alerts.updated_by', 'alerts.created_at', 'alerts.updated_at',
] as const;

export interface AlertListFilter {
  search: string;
  level?: AlertLevel;
  state?: AlertState;
  now: string;
}

/** The state condition of an alert at `now` (scheduled, current, ended). */
function stateIs(eb: ExpressionBuilder<Database, 'alerts'>, state: AlertState, now: string) {
  if (state === 'scheduled') return eb('alerts.starts_at', '>', now);
  if (state === 'ended') return eb.and([eb('alerts.ends_at', 'is not', null), eb('alerts.ends_at', '<=', now)]);
  return eb.and([eb('alerts.starts_at', '<=', now), eb.or([eb('alerts.ends_at', 'is', null), eb('alerts.ends_at', '>', now)])]);
}

function listQuery(db: Conn, filter: AlertListFilter) {
  let query = db.selectFrom('alerts').where('alerts.deleted_at', 'is', null);
  if (filter.search) {
    const search = filter.search;
    query = query.where((eb) => eb.or([containsText(db, sql.ref('alerts.title'), search), containsText(db, sql.ref('alerts.body'), search)]));
  }
  if (filter.level) query = query.where('alerts.level', '=', filter.level);
  if (filter.state) {
    const state = filter.state;
    query = query.where((eb) => stateIs(eb, state, filter.now));
  }
  return query;
}

/** One page of alerts (newest start first) and the total matching. */
export async function listAlerts(db: Conn, filter: AlertListFilter, page: { perPage: number; offset: number }): Promise<{ rows: AlertRow[]; total: number }> {
  const { total } = await listQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await listQuery(db, filter).select(ALERT_COLUMNS)
    .orderBy('alerts.starts_at', 'desc').orderBy('alerts.id', 'desc')
    .limit(page.perPage).offset(page.offset).execute();
  return { rows: rows as AlertRow[], total: Number(total) };
}

/** An alert that is not deleted. */
export async function findAlert(db: Conn, id: number): Promise<AlertRow | undefined> {
  const row = await db.selectFrom('alerts').select(ALERT_COLUMNS).where('alerts.id', '=', id).where('alerts.deleted_at', 'is', null).executeTakeFirst();
  return row as AlertRow | undefined;
}

/** The audience rows of the alerts, by alert id. */
export async function targetsOf(db: Conn, alertIds: number[]): Promise<Map<number, { kind: string; value: string }[]>> {
  const out = new Map<number, { kind: string; value: string }[]>();
  if (alertIds.length === 0) return out;
  const rows = await db.selectFrom('alert_targets').select(['alert_id', 'kind', 'value']).where('alert_id', 'in', alertIds).execute();
  for (const row of rows) {
    const list = out.get(row.alert_id) ?? [];
    list.push({ kind: row.kind, value: row.value });
    out.set(row.alert_id, list);
  }
  return out;
}

/** How many people dismissed each alert. */
export async function dismissalCounts(db: Conn, alertIds: number[]): Promise<Map<number, number>> {
  if (alertIds.length === 0) return new Map();
  const rows = await db.selectFrom('alert_dismissals').select((eb) => ['alert_id', eb.fn.countAll<number>().as('n')])
    .where('alert_id', 'in', alertIds).groupBy('alert_id').execute();
  return new Map(rows.map((r) => [r.alert_id, Number(r.n)]));
}

export async function namesOfUsers(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function plansByKey(db: Conn, keys?: string[]): Promise<{ key: string; name: string }[]> {
  let query = db.selectFrom('plans').select(['key', 'name']).orderBy('sort_order').orderBy('id');
  if (keys) {
    if (keys.length === 0) return [];
    query = query.where('key', 'in', keys);
  }
  return query.execute();
}

export async function districtsById(db: Conn, ids: number[]): Promise<{ id: number; name: string; state: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('districts').select(['id', 'name', 'state']).where('id', 'in', ids).orderBy('name').orderBy('id').execute();
}

/** Districts whose name contains the search (the audience picker), at most `limit`, by name. */
export async function searchDistricts(db: Conn, search: string, limit = 20): Promise<{ id: number; name: string; state: string }[]> {
  let query = db.selectFrom('districts').select(['id', 'name', 'state']);
  if (search) query = query.where(containsText(db, sql.ref('name'), search));
  return query.orderBy('name').orderBy('id').limit(limit).execute();
}

/** Who reads the banner: the user, their district, its plan and their roles. */
export interface AlertAudienceOf {
  userId: number;
  districtId: number;
  planKey: string;
  roles: string[];
}

export interface CurrentAlertRow {
  id: number;
  title: string;
  body: string;
  level: AlertLevel;
  starts_at: string;
  ends_at: string | null;
  dismissed: number;
}

/**
 * The alerts shown to a person at `now`: started, not ended, not deleted, aimed at everyone, their
 * district, its plan or one of their roles. One statement: the audience is looked up on the targets'
 * (kind, value) key and each alert joined by its id. Without `includeDismissed`, info and warning alerts
 * the person dismissed are left out (critical ones always stay). Critical first, then newest start.
 */
export function currentAlertsQuery(db: Conn, who: AlertAudienceOf, now: string, opts: { alertId?: number; includeDismissed?: boolean } = {}) {
  let query = db.selectFrom('alert_targets as t')
    .innerJoin('alerts', 'alerts.id', 't.alert_id')
    .leftJoin('alert_dismissals as d', (join) => join.onRef('d.alert_id', '=', 'alerts.id').on('d.user_id', '=', who.userId))
    .select(['alerts.id', 'alerts.title', 'alerts.body', 'alerts.level', 'alerts.starts_at', 'alerts.ends_at'])
    .select(sql<number>`d.alert_id is not null`.as('dismissed'))
    // Selected, so that DISTINCT may order by it (PostgreSQL requires it).
    .select(sql<number>`case alerts.level when 'critical' then 0 when 'warning' then 1 else 2 end`.as('level_rank'))
    .distinct()
    .where((eb) => {
      const targets = [
        eb.and([eb('t.kind', '=', 'everyone'), eb('t.value', '=', '*')]),
        eb.and([eb('t.kind', '=', 'plan'), eb('t.value', '=', who.planKey)]),
        eb.and([eb('t.kind', '=', 'district'), eb('t.value', '=', String(who.districtId))]),
      ];
      if (who.roles.length > 0) targets.push(eb.and([eb('t.kind', '=', 'role'), eb('t.value', 'in', who.roles)]));
      return eb.or(targets);
    })
    .where('alerts.deleted_at', 'is', null)
    .where('alerts.starts_at', '<=', now)
    .where((eb) => eb.or([eb('alerts.ends_at', 'is', null), eb('alerts.ends_at', '>', now)]));
  if (opts.alertId !== undefined) query = query.where('alerts.id', '=', opts.alertId);
  if (!opts.includeDismissed) query = query.where((eb) => eb.or([eb('alerts.level', '=', 'critical'), eb('d.alert_id', 'is', null)]));
  return query
    .orderBy('level_rank')
    .orderBy('alerts.starts_at', 'desc').orderBy('alerts.id', 'desc')
    .limit(50);
}

export async function currentAlertsFor(
  db: Conn, who: AlertAudienceOf, now: string, opts: { alertId?: number; includeDismissed?: boolean } = {},
): Promise<CurrentAlertRow[]> {
  return (await currentAlertsQuery(db, who, now, opts).execute()) as CurrentAlertRow[];
}
