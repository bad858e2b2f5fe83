/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) — the rules both sides need,
 * zod-free. The schemas and endpoint rows are in two-factor.api.ts; docs/security.md "Two-factor sign-in"
 * says why.
 *
 * Turning it on (Bearer; Профиль → «Двухфакторная защита»)
 * - POST /api/client/profile/two-factor/setup/    → 200 TwoFactorSetup: a new secret (base32) and its otpauth:// link
 *     for the QR code; replaces an unconfirmed one; 409 when two-factor is already on.
 * - POST /api/client/profile/two-factor/enable/   { code } → 200 RecoveryCodes: the 10 one-time recovery codes, shown
 *     this once (only their hashes are kept) | 400 { code } wrong | 409 no setup started, or already on.
 * - GET  /api/client/profile/two-factor/          → 200 TwoFactorStatus (on or off, recovery codes left).
 * - POST /api/client/profile/two-factor/disable/  { password, code } → 200 TwoFactorStatus (off).
 * - POST /api/client/profile/two-factor/recovery-codes/ { password, code } → 200 RecoveryCodes (the old ones die).
 *   `code`: from the app, or a recovery code. A wrong password or code counts toward the sign-in lockout (429).
 *
 * Signing in with it on: every way in (password by e-mail or phone, an SMS/e-mail code, `al`, a social network, a
 * restore link) answers 200 SecondFactorRequired instead of tokens; then POST …/auth/login/verify/
 * { ticket, code } → 200 SignInAnswer | 400 { detail } | 429. The ticket lives 10 minutes and dies after 5 wrong
 * codes. An app code is good for ±1 step (30 s) of clock skew and once; a recovery code once.
 *
 * Staff: POST /api/staff/two-factor/reset/ { email, reason } turns it off for a customer who lost both the app and the
 * recovery codes (after checking who they are), written to the audit trail.
 */

export const RECOVERY_CODE_COUNT = 10;
/** The app's code: 6 digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: four groups of four (a–z, 2–7), 80 random bits; dashes and spaces are optional. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{16}$/;

/** A recovery code as typed → its canonical form (lower case, no dashes or spaces). */
export const normalizeRecoveryCode = (raw: string) => raw.toLowerCase().replace(/[\s-]/g, '');

/** Either kind of second-factor code, after trimming. */
export const isSecondFactorCode = (raw: string) =>
  TOTP_CODE_PATTERN.test(raw.trim()) || RECOVERY_CODE_PATTERN.test(normalizeRecoveryCode(raw));

/** How long the step between the first factor and the code may take. */
export const SECOND_FACTOR_TICKET_TTL_MS = 10 * 60_000;
/** Wrong codes one ticket takes before the customer must sign in again. */
export const SECOND_FACTOR_TICKET_TRIES = 5;

/** The issuer the authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Кабинет';

export const TWO_FACTOR_MESSAGES = {
  required: 'Введите код из приложения-аутентификатора или один из кодов восстановления.',
  codeFormat: 'Введите 6 цифр из приложения или код восстановления.',
  wrongCode: 'Неверный код.',
  replayed: 'Этот код уже использован. Дождитесь следующего кода в приложении.',
  ticketDead: 'Время на ввод кода истекло. Войдите снова.',
  ticketExhausted: 'Слишком много неверных кодов. Войдите снова.',
  wrongPassword: 'Неверный пароль.',
  alreadyOn: 'Двухфакторная защита уже включена.',
  notOn: 'Двухфакторная защита не включена.',
  noPassword: 'Сначала задайте пароль: он понадобится, чтобы отключить защиту.',
  noSetup: 'Подключение не начато или устарело: начните заново.',
  enabled: 'Двухфакторная защита включена.',
  disabled: 'Двухфакторная защита отключена.',
  renewed: 'Новые коды восстановления созданы, старые больше не действуют.',
  reset: 'Двухфакторная защита клиента сброшена.',
  reasonRequired: 'Укажите, как вы проверили клиента (до 500 символов).',
  userNotFound: 'Пользователь не найден.',
} as const;
