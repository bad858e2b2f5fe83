// The auth calls the pages make themselves (sign-in itself goes through the session machine).
import { call } from '../../api/client';
import { continueRegistrationError, isApiError } from '../../api/errors';
import type { RegistrationRequest, RestoreRequest, SetPasswordRequest } from '../../../contract/auth.api';
import type { SocialEmailRequest } from '../../../contract/socials.api';
import type { ReopenAccountRequest } from '../../../contract/account.api';

export const fetchSocialLinks = (signal?: AbortSignal) => call('GET /client/api/socials/links/', { signal });

/** POST /api/client/profile/ → 201 tokens: the new customer is signed in. */
export const registerCustomer = (body: RegistrationRequest) => call('POST /api/client/profile/', { body });

/** Always answers 200 (no account enumeration). */
export const requestPasswordRestore = (body: RestoreRequest) =>
  call('POST /api/client/auth/password_change/', { body });

/** 200 while the restore link works, else 404: the page tells a dead link before showing the form. */
export const checkRestoreLink = (id: string, signal?: AbortSignal) =>
  call('GET /api/client/auth/password_change/:id/', { params: { id }, signal });

export const setNewPassword = (id: string, body: SetPasswordRequest) =>
  call('PATCH /api/client/auth/password_change/:id/', { params: { id }, body, noRefresh: true });

/** The e-mail a social network did not give us (continue-registration); answers tokens of the new account. */
export const socialEmailAuth = (body: SocialEmailRequest) =>
  call('POST /client/api/socials/email/', { body, noRefresh: true }).catch((error: unknown) => {
    throw isApiError(error) ? continueRegistrationError(error) : error;
  });

/** "Отменить закрытие": reopens a closed account within its 14 days (login and password). */
export const reopenAccount = (body: ReopenAccountRequest) =>
  call('POST /api/client/auth/reopen/', { body, noRefresh: true });
