// A connection as the API answers it: an explicit whitelist, never the sealed or plain secret (`has_secret` instead).
import type { SsoConnectionAnswer } from '../../../common/schemas/answers/sso';
import { SSO_CALLBACK_PATH, SSO_KIND_LABELS } from '../../../common/ssoValues';
import { parseDomains, type SsoConnectionRow } from './connectionsQueries';

function lastTest(row: SsoConnectionRow): SsoConnectionAnswer['last_test'] {
  if (!row.last_tested_at || !row.last_test_result) return null;
  try {
    const stored = JSON.parse(row.last_test_result) as { ok?: unknown; message?: unknown };
    return { at: row.last_tested_at, ok: stored.ok === true, message: typeof stored.message === 'string' ? stored.message : '' };
  } catch {
    return { at: row.last_tested_at, ok: false, message: row.last_test_result };
  }
}

/** The redirect address a provider's console needs: the app's public address and the callback path. */
export function redirectUri(appUrl: string): string {
  return `${appUrl}${SSO_CALLBACK_PATH}`;
}

export function presentConnection(row: SsoConnectionRow, appUrl: string): SsoConnectionAnswer {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: SSO_KIND_LABELS[row.kind],
    issuer: row.issuer,
    client_id: row.client_id,
    has_secret: row.client_secret_sealed !== '',
    domains: parseDomains(row.domains),
    password_login: row.password_login === 1,
    create_users: row.create_users === 1,
    redirect_uri: redirectUri(appUrl),
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_test: lastTest(row),
  };
}
