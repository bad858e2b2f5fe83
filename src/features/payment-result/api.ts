import { call } from '../../api/client';

/** PATCH /api/client/profile/status/: the balances after the provider's answer. */
export const fetchFinances = () => call('PATCH /api/client/profile/status/');
