// Single sign-on connection calls (contract: common/schemas/sso.ts): the district's list, add, change, remove and test.
import useSWR, { mutate } from 'swr';
import type { SsoConnection } from '../../../common/schemas/sso';
import type { SsoKind } from '../../../common/ssoValues';
import { api, type ApiError } from '../../lib/api';

export const ssoConnectionsKey = () => 'district/sso';

export function useSsoConnections(enabled = true) {
  return useSWR<{ data: SsoConnection[] }, ApiError>(enabled ? ssoConnectionsKey() : null, (path: string) => api.get<{ data: SsoConnection[] }>(path));
}

export interface SsoConnectionPayload {
  kind?: SsoKind;
  issuer?: string;
  client_id?: string;
  client_secret?: string;
  domains?: string[];
  password_login?: boolean;
  create_users?: boolean;
}

export async function createSsoConnection(payload: SsoConnectionPayload): Promise<SsoConnection> {
  const connection = await api.post<SsoConnection>('district/sso', payload);
  await mutate(ssoConnectionsKey());
  return connection;
}

export async function updateSsoConnection(id: number, payload: SsoConnectionPayload): Promise<SsoConnection> {
  const connection = await api.put<SsoConnection>(`district/sso/${id}`, payload);
  await mutate(ssoConnectionsKey());
  return connection;
}

export async function deleteSsoConnection(id: number): Promise<void> {
  await api.delete(`district/sso/${id}`);
  await mutate(ssoConnectionsKey());
}

export async function testSsoConnection(id: number): Promise<SsoConnection> {
  const connection = await api.post<SsoConnection>(`district/sso/${id}/test`);
  await mutate(ssoConnectionsKey());
  return connection;
}
