// The auth calls the pages make themselves (sign-in itself goes through the session machine).
import { api } from '../../api/client';
import { continueRegistrationError, isApiError } from '../../api/errors';
import type {
  AuthTokens,
  DetailError,
  RegistrationRequest,
  RestoreLinkStatus,
  RestoreRequest,
  SetPasswordRequest,
  SocialEmailRequest,
  SocialLink,
} from '../../../contract/auth';

export const fetchSocialLinks = (signal?: AbortSignal) =>
  api<SocialLink[]>('/client/api/socials/links/', signal ? { signal } : {});

/** POST /api/client/profile/ → 201 tokens: the new customer is signed in. */
export const registerCustomer = (body: RegistrationRequest) =>
  api<AuthTokens>('/api/client/profile/', { method: 'POST', body });

/** Always answers 200 (no account enumeration). */
export const requestPasswordRestore = (body: RestoreRequest) =>
  api<DetailError>('/api/client/auth/password_change/', { method: 'POST', body });

/** 200 while the restore link works, else 404: the page tells a dead link before showing the form. */
export const checkRestoreLink = (id: string, signal?: AbortSignal) =>
  api<RestoreLinkStatus>(
    `/api/client/auth/password_change/${encodeURIComponent(id)}/`,
    signal ? { signal } : {},
  );

export const setNewPassword = (id: string, body: SetPasswordRequest) =>
  api<AuthTokens>(`/api/client/auth/password_change/${encodeURIComponent(id)}/`, {
    method: 'PATCH',
    body,
    noRefresh: true,
  });

/** The e-mail a social network did not give us (continue-registration); answers tokens of the new account. */
export const socialEmailAuth = (body: SocialEmailRequest) =>
  api<AuthTokens>('/client/api/socials/email/', { method: 'POST', body, noRefresh: true }).catch(
    (error: unknown) => {
      throw isApiError(error) ? continueRegistrationError(error) : error;
    },
  );
