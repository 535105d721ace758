// Commands on a district's sign-in connections (issue 30): each in one transaction with its audit row. The client
// secret is sealed before it is stored (server/lib/secretBox.ts) and is never in an audit row or an error.
import { nowIso, type DB } from '../../../db/connection';
import { lockDistrictWrites, lockNamed } from '../../../db/locks';
import {
  domainTaken, SSO_MESSAGES, type SsoConnectionChange, type SsoConnectionInput,
} from '../../../common/schemas/sso';
import { SSO_KIND_LABELS, type SsoKind } from '../../../common/ssoValues';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { type Actor, changedFields, recordAudit, type DistrictActor } from '../../lib/audit';
import { type SecretBox, SecretBoxUnavailable } from '../../lib/secretBox';
import type { ConnectionCheck } from './connectionsCheck';
import { domainsOfOtherDistricts, findConnection, parseDomains, type SsoConnectionRow } from './connectionsQueries';

export interface ConnectionRules {
  box: SecretBox;
  allowHttp: boolean;
}

const kindTaken = (kind: SsoKind) => `This district already has a ${SSO_KIND_LABELS[kind]} connection. Change that one instead.`;

function sealed(box: SecretBox, secret: string): string {
  try {
    return box.seal(secret);
  } catch (error) {
    if (error instanceof SecretBoxUnavailable) throw new HttpError(503, error.message, 'sso_key_missing');
    throw error;
  }
}

/** The rules that need the server's settings or other districts' rows, each on its field. */
async function checkRules(trx: DB, districtId: number, rules: ConnectionRules, input: { issuer?: string; domains?: string[] }): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.issuer !== undefined && !rules.allowHttp && new URL(input.issuer).protocol !== 'https:') errors.issuer = [SSO_MESSAGES.issuerHttps];
  if (input.domains !== undefined) {
    // A domain finds its district's connection at sign-in, so one district claims it (db/locks.ts: a named lock across districts).
    await lockNamed(trx, 'sso-domains');
    const taken = await domainsOfOtherDistricts(trx, districtId);
    const clash = input.domains.find((d) => taken.has(d));
    if (clash) errors.domains = [domainTaken(clash)];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

async function kindIsFree(trx: DB, districtId: number, kind: SsoKind, exceptId?: number): Promise<void> {
  let query = trx.selectFrom('sso_connections').select('id').where('district_id', '=', districtId).where('kind', '=', kind);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw conflict(kindTaken(kind));
}

/** What an audit row keeps of a connection: never the secret. */
function audited(row: Pick<SsoConnectionRow, 'kind' | 'issuer' | 'client_id' | 'domains' | 'password_login' | 'create_users'>) {
  return {
    kind: row.kind, issuer: row.issuer, client_id: row.client_id, domains: parseDomains(row.domains).join(', '),
    password_login: row.password_login === 1, create_users: row.create_users === 1,
  };
}

export async function createConnection(db: DB, actor: DistrictActor, rules: ConnectionRules, input: SsoConnectionInput): Promise<number> {
  const secret = sealed(rules.box, input.client_secret);
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): one connection per kind.
    await lockDistrictWrites(trx, actor.districtId);
    await checkRules(trx, actor.districtId, rules, input);
    await kindIsFree(trx, actor.districtId, input.kind);
    const now = nowIso();
    const row = await trx.insertInto('sso_connections').values({
      district_id: actor.districtId, kind: input.kind, issuer: input.issuer, client_id: input.client_id, client_secret_sealed: secret,
      domains: JSON.stringify(input.domains), password_login: input.password_login ? 1 : 0, create_users: input.create_users ? 1 : 0,
      created_by: actor.userId, created_at: now, updated_at: now, last_tested_at: null, last_test_result: null,
    }).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'sso_connection.created', subjectType: 'sso_connection', subjectId: row.id,
      details: { name: SSO_KIND_LABELS[row.kind], ...audited(row) },
    });
    return row.id;
  });
}

export async function updateConnection(db: DB, actor: DistrictActor, rules: ConnectionRules, id: number, input: SsoConnectionChange): Promise<void> {
  const secret = input.client_secret === undefined ? undefined : sealed(rules.box, input.client_secret);
  await db.transaction().execute(async (trx) => {
    await lockDistrictWrites(trx, actor.districtId);
    const before = await findConnection(trx, actor.districtId, id);
    if (!before) throw notFound(SSO_MESSAGES.notFound);
    await checkRules(trx, actor.districtId, rules, input);
    if (input.kind !== undefined && input.kind !== before.kind) await kindIsFree(trx, actor.districtId, input.kind, id);
    const changes = {
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      ...(input.issuer !== undefined ? { issuer: input.issuer } : {}),
      ...(input.client_id !== undefined ? { client_id: input.client_id } : {}),
      ...(input.domains !== undefined ? { domains: JSON.stringify(input.domains) } : {}),
      ...(input.password_login !== undefined ? { password_login: input.password_login ? 1 : 0 } : {}),
      ...(input.create_users !== undefined ? { create_users: input.create_users ? 1 : 0 } : {}),
    };
    // A changed issuer, client or secret makes the last test say nothing about the connection as it is now.
    const retest = changes.issuer !== undefined && changes.issuer !== before.issuer || changes.client_id !== undefined && changes.client_id !== before.client_id
      || secret !== undefined || changes.kind !== undefined && changes.kind !== before.kind;
    await trx.updateTable('sso_connections').set({
      ...changes,
      ...(secret !== undefined ? { client_secret_sealed: secret } : {}),
      ...(retest ? { last_tested_at: null, last_test_result: null } : {}),
      updated_at: nowIso(),
    }).where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    const after = { ...before, ...changes };
    await recordAudit(trx, actor, {
      action: 'sso_connection.updated', subjectType: 'sso_connection', subjectId: id,
      details: { ...changedFields(audited(before), audited(after)), ...(secret !== undefined ? { client_secret: 'replaced' } : {}) },
    });
  });
}

export async function deleteConnection(db: DB, actor: DistrictActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockDistrictWrites(trx, actor.districtId);
    const row = await findConnection(trx, actor.districtId, id);
    if (!row) throw notFound(SSO_MESSAGES.notFound);
    // Its links go with it (ON DELETE CASCADE): those people sign in another way, or link again through a new connection.
    const links = await trx.selectFrom('sso_links').select((eb) => eb.fn.countAll<number>().as('n')).where('connection_id', '=', id).executeTakeFirstOrThrow();
    await trx.deleteFrom('sso_connections').where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'sso_connection.deleted', subjectType: 'sso_connection', subjectId: id,
      details: { name: SSO_KIND_LABELS[row.kind], ...audited(row), links_removed: Number(links.n) },
    });
  });
}

/** Keeps a "Test connection" result on the connection (no audit row: it changes nothing of how people sign in). */
export async function recordTest(db: DB, _actor: Actor, districtId: number, id: number, result: ConnectionCheck): Promise<void> {
  await db.updateTable('sso_connections').set({
    last_tested_at: nowIso(), last_test_result: JSON.stringify({ ok: result.ok, message: result.message }),
  }).where('district_id', '=', districtId).where('id', '=', id).execute();
}
