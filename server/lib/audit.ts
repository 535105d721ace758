import type { Request } from 'express';
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';

export interface AuditEntry {
  action: string;
  districtId?: number | null;
  actorId?: number | null;
  impersonatorId?: number | null;
  subjectType?: string;
  subjectId?: number;
  details?: Record<string, unknown>;
}

/** Writes one audit row; the request supplies IP and user agent. */
export async function recordAudit(db: DB, req: Request | null, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values({
    action: entry.action,
    district_id: entry.districtId ?? null,
    actor_id: entry.actorId ?? null,
    impersonator_id: entry.impersonatorId ?? null,
    subject_type: entry.subjectType ?? null,
    subject_id: entry.subjectId ?? null,
    ip: req?.ip ?? null,
    user_agent: req?.get('user-agent')?.slice(0, 300) ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    at: nowIso(),
  }).execute();
}
