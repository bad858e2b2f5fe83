import { api } from '../../api/client';
import type { Finances } from '../../../contract/payments.api';

/** PATCH /api/client/profile/status/: the balances after the provider's answer. */
export const fetchFinances = () =>
  api<Finances>('/api/client/profile/status/', { method: 'PATCH', body: {} });
