// Two-factor sign-in (TOTP): what goes in and comes out of each call, and the endpoint rows. The rules in words are in
// two-factor.ts; the sign-in's own answer (SecondFactorRequired) and verify request are in auth.api.ts.
import * as z from 'zod/mini';
import { endpoint } from './http';
import { body, Email, requiredString } from './auth.api';
import { isSecondFactorCode, TWO_FACTOR_MESSAGES as M } from './two-factor';

/** A code from the app (6 digits) or a recovery code (16 letters and digits, dashes optional). */
export const SecondFactorCode = requiredString(64).check(
  z.trim(),
  z.refine((code: string) => isSecondFactorCode(code), M.codeFormat),
);

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** ISO time it was turned on; null when off. */
  enabled_at: z.nullable(z.string()),
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/…: what the QR code carries. */
  otpauth_url: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const RecoveryCodes = z.object({
  detail: z.string(),
  /** Shown once: `abcd-efgh-ijkl-mnop` each. */
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const EnableTwoFactorRequest = body({
  code: requiredString(32).check(z.trim(), z.regex(/^\d{6}$/, 'Введите 6 цифр из приложения.')),
});
export type EnableTwoFactorRequest = z.input<typeof EnableTwoFactorRequest>;

/** Turning it off and renewing the recovery codes: the password and a current code. */
export const ConfirmTwoFactorRequest = body({
  password: requiredString(1024).check(z.refine((p: string) => p.trim() !== '', 'Обязательное поле.')),
  code: SecondFactorCode,
});
export type ConfirmTwoFactorRequest = z.input<typeof ConfirmTwoFactorRequest>;

export const StaffTwoFactorResetRequest = body({
  email: Email,
  reason: requiredString(500).check(z.trim(), z.minLength(3, M.reasonRequired)),
});
export const StaffTwoFactorReset = z.object({ detail: z.string(), was_enabled: z.boolean() });

export const twoFactorApi = {
  'GET /api/client/profile/two-factor/': endpoint({
    answer: TwoFactorStatus,
    errors: [401],
    auth: 'customer',
  }),
  'POST /api/client/profile/two-factor/setup/': endpoint({
    answer: TwoFactorSetup,
    errors: [401, 409],
    auth: 'customer',
  }),
  'POST /api/client/profile/two-factor/enable/': endpoint({
    body: EnableTwoFactorRequest,
    answer: RecoveryCodes,
    errors: [400, 401, 409],
    bodyLimit: 1024,
    auth: 'customer',
  }),
  'POST /api/client/profile/two-factor/disable/': endpoint({
    body: ConfirmTwoFactorRequest,
    answer: TwoFactorStatus,
    errors: [400, 401, 409, 429],
    bodyLimit: 4096,
    auth: 'customer',
  }),
  'POST /api/client/profile/two-factor/recovery-codes/': endpoint({
    body: ConfirmTwoFactorRequest,
    answer: RecoveryCodes,
    errors: [400, 401, 409, 429],
    bodyLimit: 4096,
    auth: 'customer',
  }),
} as const;

export const staffTwoFactorApi = {
  'POST /api/staff/two-factor/reset/': endpoint({
    body: StaffTwoFactorResetRequest,
    answer: StaffTwoFactorReset,
    errors: [400, 401, 404],
    bodyLimit: 4096,
    auth: 'staff',
    role: 'admin',
  }),
} as const;
