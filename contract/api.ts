// The endpoint table of spec point 7 and the staff API: every method and path the server mounts, with the schemas
// of what goes in and comes back. The server's route test walks it; the SPA's typed call reads its types only.
import { authApi } from './auth.api';
import { profileApi } from './profile.api';
import { ordersApi, staffOrdersApi } from './orders.api';
import { socialsApi } from './socials.api';
import { staffApi } from './staff.api';
import { accountApi, closingApi } from './account.api';
import { paymentsApi, staffPaymentsApi } from './payments.api';
import { analyticsApi, staffAnalyticsApi } from './analytics.api';
import { staffTwoFactorApi, twoFactorApi } from './two-factor.api';
import { staffDoorApi } from './staff-door.api';

export const customerApi = {
  ...authApi,
  ...socialsApi,
  ...paymentsApi,
  ...profileApi,
  ...ordersApi,
  ...analyticsApi,
  ...twoFactorApi,
  ...accountApi,
  ...closingApi,
} as const;

export const api = {
  ...customerApi,
  ...staffApi,
  ...staffPaymentsApi,
  ...staffOrdersApi,
  ...staffAnalyticsApi,
  ...staffTwoFactorApi,
  ...staffDoorApi,
} as const;

/** The table's type: the SPA imports this (types only, nothing of zod reaches the bundle). */
export type Api = typeof customerApi;
export type ApiKey = keyof Api;
