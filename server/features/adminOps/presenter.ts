// Field whitelists from rows to the admin operations API (common/schemas/adminOps.ts).
import { auditSentence, parseAuditDetails, readsSentence, type SentenceTranslator } from '../../../common/auditActions';
import type { Locale } from '../../../common/locales';
import { translate } from '../../i18n/translate';
import type { AdminDashboardAnswer, AuditEntryAnswer, LogDetailAnswer, LogEntryAnswer } from '../../../common/schemas/answers/adminOps';
import type { AuditEntry, AuditRead, DistrictRef, LogKind, PersonRef, SecurityEventKind } from '../../../common/schemas/adminOps';
import { SECURITY_EVENT_LABELS } from '../../../common/schemas/adminOps';
import { labelFromDetails } from './labels';
import type { AuditFeedEntry, dashboardFigures, LogRow } from './queries';

const person = (id: number | null, name: string | null, email: string | null): PersonRef | null =>
  id !== null && name !== null && email !== null ? { id, name, email } : null;
const district = (id: number | null, name: string | null): DistrictRef | null => (id !== null && name !== null ? { id, name } : null);

/** At most this many reads of a run are listed (the count says how many there were). */
const LISTED_READS = 100;

/**
 * The sentences' parts in the reader's language (issue 33; server/i18n/texts/es/auditLog.json). In Spanish "de el" and
 * "a el" contract as the language writes them ("del marco", "al/a la educador/a").
 */
export function sentenceTranslator(locale: Locale): SentenceTranslator {
  if (locale === 'en') return (english) => english;
  return (english) => translate(locale, english)
    .replace(/\b(de|a) el\/la /g, (_, p: string) => (p === 'de' ? 'del/de la ' : 'al/a la '))
    .replace(/\b(de|a) el /g, (_, p: string) => (p === 'de' ? 'del ' : 'al '));
}

export function presentAuditEntry(entry: AuditFeedEntry, labels: Map<string, string>, locale: Locale): AuditEntryAnswer {
  const tr = sentenceTranslator(locale);
  const row = entry.rows[0]!;
  const details = parseAuditDetails(row.details);
  const label = row.subject_type && row.subject_id !== null
    ? labels.get(`${row.subject_type}:${row.subject_id}`) ?? labelFromDetails(row.subject_type, details)
    : null;
  const request = entry.request ? parseAuditDetails(entry.request.details) : null;
  const presented: Omit<AuditEntry, 'sentence' | 'reads'> = {
    id: row.id,
    action: row.action,
    actor: person(row.actor_id, row.actor_name, row.actor_email),
    impersonator: person(row.impersonator_id, row.impersonator_name, row.impersonator_email),
    district: district(row.district_id, row.district_name),
    subject: row.subject_type ? { type: row.subject_type, id: row.subject_id, label } : null,
    details,
    ip: row.ip,
    user_agent: row.user_agent,
    at: row.at,
    request: entry.request
      ? { id: entry.request.id, at: entry.request.at, method: typeof request?.method === 'string' ? request.method : null, path: typeof request?.path === 'string' ? request.path : null }
      : null,
  };
  if (!entry.reads) return { ...presented, sentence: auditSentence(presented, tr), reads: null };
  const items = entry.rows.map((r): AuditRead => {
    const d = parseAuditDetails(r.details);
    return { id: r.id, at: r.at, screen: typeof d?.screen === 'string' ? d.screen : null, path: typeof d?.path === 'string' ? d.path : null };
  }).reverse();
  return {
    ...presented,
    sentence: readsSentence(presented, items, tr),
    reads: {
      count: items.length,
      screens: new Set(items.map((i) => i.screen).filter((x) => x !== null)).size,
      first_at: items[0]!.at,
      last_at: row.at,
      items: items.slice(0, LISTED_READS),
    },
  };
}

/** A security event's headline: its kind and what it concerned. */
function securityMessage(kind: string, email: string | null, path: string | null): string {
  const label = SECURITY_EVENT_LABELS[kind as SecurityEventKind] ?? kind;
  return [label, email ? `for ${email}` : null, path ? `on ${path}` : null].filter(Boolean).join(' ');
}

export function presentLogEntry(kind: LogKind, row: LogRow): LogEntryAnswer {
  return {
    id: row.id,
    kind,
    message: kind === 'security' ? securityMessage(row.kind ?? '', row.email, row.url) : row.message ?? '',
    security_kind: kind === 'security' ? (row.kind as SecurityEventKind) : null,
    status: row.status,
    method: row.method,
    url: row.url,
    user: person(row.user_id, row.user_name, row.user_email),
    district: district(row.district_id, row.district_name),
    email: row.email,
    ip: row.ip,
    at: row.at,
  };
}

export function presentLogDetail(kind: LogKind, row: LogRow & { stack?: string | null; user_agent: string | null; request_id?: string | null }): LogDetailAnswer {
  return {
    ...presentLogEntry(kind, row),
    stack: row.stack ?? null,
    user_agent: row.user_agent,
    request_id: row.request_id ?? null,
    details: parseAuditDetails(row.details),
  };
}

const STATUS_LABELS = { trial: 'Trial', active: 'Active', suspended: 'Suspended' } as const;
const districtsLink = (filter: string, value: string) => `/admin/districts?filter[${filter}]=${encodeURIComponent(value)}`;

/** The provider's dashboard; its labels in the reader's language (plan names are names). */
export function presentDashboard(f: Awaited<ReturnType<typeof dashboardFigures>>, now: Date, locale: Locale = 'en'): AdminDashboardAnswer {
  const since = f.since24h.slice(0, 10);
  return {
    districts_by_status: (Object.keys(STATUS_LABELS) as (keyof typeof STATUS_LABELS)[]).map((status) => ({
      key: status, label: translate(locale, STATUS_LABELS[status]), count: f.byStatus.get(status) ?? 0, link: districtsLink('status', status),
    })),
    districts_by_plan: f.byPlan.map((p) => ({ key: p.key, label: p.name, count: p.count, link: districtsLink('plan', p.key) })),
    trials_ending: f.trials.map((t) => ({ id: t.id, name: t.name, plan: t.plan, trial_ends_at: t.trial_ends_at!, link: `/admin/districts/${t.id}` })),
    active_users: { last_7_days: f.active7, last_30_days: f.active30, link: '/admin/users' },
    interactions_this_week: { count: f.interactions, since: f.weekStart, link: '/admin/districts?sort=-last_activity' },
    errors_last_24_hours: {
      client: { key: 'client', label: translate(locale, 'Client errors'), count: f.clientErrors, link: `/admin/logs?kind=client&from=${since}` },
      server: { key: 'server', label: translate(locale, 'Server errors'), count: f.serverErrors, link: `/admin/logs?kind=server&from=${since}` },
    },
    generated_at: now.toISOString(),
  };
}
