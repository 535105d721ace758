// Scheduled report emails: the caller's subscriptions (GET /api/report-subscription), subscribing
// (POST) and removing (DELETE). One key, fetcher and hook; every write revalidates the list.
import useSWR, { mutate } from 'swr';
import type { ReportSubscription, ReportSubscriptionPayload } from '../../../../common/schemas/reports';
import { api } from '../../../lib/api';

export const subscriptionsKey = () => 'report-subscription';

export function useReportSubscriptions(enabled = true) {
  return useSWR<{ data: ReportSubscription[] }>(enabled ? subscriptionsKey() : null, (key: string) => api.get<{ data: ReportSubscription[] }>(key));
}

export const revalidateSubscriptions = () => mutate(subscriptionsKey());

export async function subscribeToReport(payload: ReportSubscriptionPayload): Promise<ReportSubscription> {
  const created = await api.post<ReportSubscription>('report-subscription', payload);
  await revalidateSubscriptions();
  return created;
}

export async function removeReportSubscription(id: number): Promise<void> {
  await api.delete(`report-subscription/${id}`);
  await revalidateSubscriptions();
}
