import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';

/**
 * Who acts on a request: built once per request by the identity layer (`req.actor`) and passed to
 * services instead of the request, so commands never need Express. For a guest, user and district are null.
 */
export interface Actor {
  districtId: number | null;
  userId: number | null;
  /** The provider staff member behind an impersonated session, else null. */
  impersonatorId: number | null;
  ip: string | null;
  userAgent: string | null;
}

/** An actor inside a district: what district-scoped commands take. */
export type DistrictActor = Actor & { districtId: number; userId: number };

export interface AuditEntry {
  action: string;
  subjectType?: string;
  subjectId?: number;
  details?: Record<string, unknown>;
}

/** Writes one audit row for the actor (pass it a transaction to keep the row with the change). */
export async function recordAudit(db: DB, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values({
    action: entry.action,
    district_id: actor.districtId,
    actor_id: actor.userId,
    impersonator_id: actor.impersonatorId,
    subject_type: entry.subjectType ?? null,
    subject_id: entry.subjectId ?? null,
    ip: actor.ip,
    user_agent: actor.userAgent,
    details: entry.details ? JSON.stringify(entry.details) : null,
    at: nowIso(),
  }).execute();
}

/**
 * `{ field: { from, to } }` for each field of `after` whose value differs from `before`: what an edit's
 * audit row records, so an edit (also one made while impersonating) can be read back and undone.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) if (before[key] !== value) out[key] = { from: before[key], to: value };
  return out;
}
