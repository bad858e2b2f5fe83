import { PASSWORD_MIN_LENGTH } from '../../../contract/auth';
import { tp } from './page-strings';

// The forms' own checks of e-mail and password (the server checks again), with the registration screen's texts.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own e-mail check (the server checks again). */
export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return tp.registration.required.email;
  return EMAIL.test(email.trim()) ? undefined : tp.registration.required.emailFormat;
}

/** The password rules the server applies too: PASSWORD_MIN_LENGTH characters, not digits only. */
export function passwordProblem(password: string): string | undefined {
  if (!password) return tp.registration.required.password;
  if (password.length < PASSWORD_MIN_LENGTH) return tp.registration.required.passwordShort;
  if (/^\d+$/.test(password)) return tp.registration.required.passwordDigits;
  return undefined;
}
