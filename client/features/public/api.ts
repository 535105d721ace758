import useSWR from 'swr';
import { api } from '../../lib/api';

export interface Plan {
  key: string;
  name: string;
  description: string;
  price_per_seat_cents: number;
  features: { key: string; label: string }[];
}

export function usePlans() {
  return useSWR<{ data: Plan[] }>('plan', (key: string) => api.get<{ data: Plan[] }>(key));
}
