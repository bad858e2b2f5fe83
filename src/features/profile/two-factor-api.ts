// Профиль → Двухфакторная защита, typed from the contract's rows in two-factor.api.ts.
import { call } from '../../api/client';
import type { ConfirmTwoFactorRequest } from '../../../contract/two-factor.api';

export const fetchTwoFactor = () => call('GET /api/client/profile/two-factor/');
export const startTwoFactorSetup = () => call('POST /api/client/profile/two-factor/setup/');
export const enableTwoFactor = (code: string) =>
  call('POST /api/client/profile/two-factor/enable/', { body: { code } });
export const disableTwoFactor = (body: ConfirmTwoFactorRequest) =>
  call('POST /api/client/profile/two-factor/disable/', { body });
export const renewRecoveryCodes = (body: ConfirmTwoFactorRequest) =>
  call('POST /api/client/profile/two-factor/recovery-codes/', { body });
