// The alert shapes of common/schemas/alerts.ts, field by field.
import type { AdminAlertAnswer, CurrentAlertAnswer } from '../../../common/schemas/answers/alerts';
import { renderMarkdown } from '../../../common/markdown';
import type { AlertAudienceValue, AlertState } from '../../../common/schemas/alerts';
import { ROLE_LABELS, type DistrictRole } from '../../../common/schemas/users';
import type { AlertRow, CurrentAlertRow } from './queries';

export function alertState(row: Pick<AlertRow, 'starts_at' | 'ends_at'>, now: string): AlertState {
  if (row.starts_at > now) return 'scheduled';
  if (row.ends_at !== null && row.ends_at <= now) return 'ended';
  return 'current';
}

/** What the presenter needs besides the rows: labels of the audience values, dismissal counts, names. */
export interface AlertContext {
  now: string;
  targets: Map<number, { kind: string; value: string }[]>;
  plans: Map<string, string>;
  districts: Map<number, string>;
  dismissals: Map<number, number>;
  names: Map<number, string>;
}

function audienceValues(row: AlertRow, ctx: AlertContext): AlertAudienceValue[] {
  const targets = ctx.targets.get(row.id) ?? [];
  if (row.audience === 'everyone') return [];
  if (row.audience === 'districts') {
    return targets.map((t) => Number(t.value))
      .map((id) => ({ value: id, label: ctx.districts.get(id) ?? `District ${id}` }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }
  if (row.audience === 'plan') {
    const order = [...ctx.plans.keys()];
    return targets.map((t) => ({ value: t.value, label: ctx.plans.get(t.value) ?? t.value }))
      .sort((a, b) => order.indexOf(String(a.value)) - order.indexOf(String(b.value)));
  }
  const order = Object.keys(ROLE_LABELS);
  return targets.map((t) => ({ value: t.value, label: ROLE_LABELS[t.value as DistrictRole] ?? t.value }))
    .sort((a, b) => order.indexOf(String(a.value)) - order.indexOf(String(b.value)));
}

const person = (id: number | null, names: Map<number, string>) => (id === null ? null : { id, name: names.get(id) ?? 'Former staff member' });

export function presentAdminAlert(row: AlertRow, ctx: AlertContext): AdminAlertAnswer {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    level: row.level,
    audience: row.audience,
    audience_values: audienceValues(row, ctx),
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    state: alertState(row, ctx.now),
    dismissals: ctx.dismissals.get(row.id) ?? 0,
    created_by: person(row.created_by, ctx.names),
    updated_by: person(row.updated_by, ctx.names),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A banner alert: the body rendered (and sanitised) by common/markdown.ts, never the raw source. */
export function presentCurrentAlert(row: CurrentAlertRow, impersonating: boolean): CurrentAlertAnswer {
  return {
    id: row.id,
    title: row.title,
    level: row.level,
    html: renderMarkdown(row.body).html,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    dismissible: row.level !== 'critical' && !impersonating,
  };
}
