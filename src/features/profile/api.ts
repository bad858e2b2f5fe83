// The profile calls of spec point 7 (both prefixes), typed from the shared contract.
import { api } from '../../api/client';
import type {
  Avatars,
  CallbackRequest,
  CallbackRequestBody,
  EmailChangeConfirmed,
  EmailChangeStatus,
  Profile,
  ProfilePatch,
  ProfilePopup,
  SocialProfileLink,
  SubscribeStatus,
} from '../../../contract/profile.api';

const PROFILE = '/api/client/profile';

export const fetchProfile = (signal?: AbortSignal) => api<Profile>(`${PROFILE}/`, signal ? { signal } : {});
export const patchProfile = (body: ProfilePatch) => api<Profile>(`${PROFILE}/`, { method: 'PATCH', body });

/** The mailing subscription (email_delivery): POST subscribes, DELETE unsubscribes. */
export const setSubscribed = (subscribed: boolean) =>
  api<SubscribeStatus>(`${PROFILE}/subscribe/`, { method: subscribed ? 'POST' : 'DELETE' });

export const fetchAvatars = () => api<Avatars>(`${PROFILE}/avatar/`);
export function uploadAvatar(file: Blob, name = 'avatar.png') {
  const body = new FormData();
  body.append('file', file, name);
  return api<Avatars>(`${PROFILE}/avatar/`, { method: 'POST', body });
}
export const deleteAvatar = () => api<Avatars>(`${PROFILE}/avatar/`, { method: 'DELETE' });

/** 429 is this form's own limit (3 an hour) with a message of its own: shown in the form, not on /429. */
export const requestCallback = (body: CallbackRequestBody) =>
  api<CallbackRequest>('/api/client/callbacks/', { method: 'POST', body, keep429: true });

export const fetchProfilePopup = (signal?: AbortSignal) =>
  api<ProfilePopup>('/client/api/profile/profile-popup/', signal ? { signal } : {});
export const dismissProfilePopup = () =>
  api<ProfilePopup>(`${PROFILE}/popup/`, { method: 'PATCH', body: {} });

/** Answers the provider page to go to; the browser comes back to /profile?msg=…. */
export const startSocialLink = (network_name: string) =>
  api<SocialProfileLink>('/client/api/socials/profile/', { method: 'POST', body: { network_name } });

const CHANGE_EMAIL = '/client/api/change-email';
export const fetchEmailChangeStatus = () => api<EmailChangeStatus>(`${CHANGE_EMAIL}/status/`);
/** 429 is this form's own limit (links mailed per quarter hour): shown in the form, which keeps the address. */
export const requestEmailChange = (email: string) =>
  api<EmailChangeStatus>(`${CHANGE_EMAIL}/request-change/`, {
    method: 'POST',
    body: { email },
    keep429: true,
  });
export const cancelEmailChange = () =>
  api<EmailChangeStatus>(`${CHANGE_EMAIL}/request-change/`, { method: 'DELETE' });
export const confirmEmailChange = (token: string) =>
  api<EmailChangeConfirmed>(`${CHANGE_EMAIL}/confirm/`, { method: 'POST', body: { token } });
