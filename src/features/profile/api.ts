// The profile calls of spec point 7 (both prefixes), typed from the contract's endpoint table.
import { call } from '../../api/client';
import type { SocialNetwork } from '../../../contract/auth';
import type { CallbackRequestBody, ProfilePatch } from '../../../contract/profile.api';

export const fetchProfile = (signal?: AbortSignal) =>
  call('GET /api/client/profile/', signal ? { signal } : {});
export const patchProfile = (body: ProfilePatch) => call('PATCH /api/client/profile/', { body });

/** The mailing subscription (email_delivery): POST subscribes, DELETE unsubscribes. */
export const setSubscribed = (subscribed: boolean) =>
  call(subscribed ? 'POST /api/client/profile/subscribe/' : 'DELETE /api/client/profile/subscribe/');

export const fetchAvatars = () => call('GET /api/client/profile/avatar/');
export function uploadAvatar(file: Blob, name = 'avatar.png') {
  const body = new FormData();
  body.append('file', file, name);
  return call('POST /api/client/profile/avatar/', { body });
}
export const deleteAvatar = () => call('DELETE /api/client/profile/avatar/');

/** 429 is this form's own limit (3 an hour) with a message of its own: shown in the form, not on /429. */
export const requestCallback = (body: CallbackRequestBody) =>
  call('POST /api/client/callbacks/', { body, keep429: true });

export const fetchProfilePopup = (signal?: AbortSignal) =>
  call('GET /client/api/profile/profile-popup/', signal ? { signal } : {});
export const dismissProfilePopup = () => call('PATCH /api/client/profile/popup/');

/** Answers the provider page to go to; the browser comes back to /profile?msg=…. */
export const startSocialLink = (network_name: SocialNetwork) =>
  call('POST /client/api/socials/profile/', { body: { network_name } });

export const fetchEmailChangeStatus = () => call('GET /client/api/change-email/status/');
/** 429 is this form's own limit (links mailed per quarter hour): shown in the form, which keeps the address. */
export const requestEmailChange = (email: string) =>
  call('POST /client/api/change-email/request-change/', { body: { email }, keep429: true });
export const cancelEmailChange = () => call('DELETE /client/api/change-email/request-change/');
export const confirmEmailChange = (token: string) =>
  call('POST /client/api/change-email/confirm/', { body: { token } });
