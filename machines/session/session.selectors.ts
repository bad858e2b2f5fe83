import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';
import type { SessionStatus } from './session.types';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectIsSignedIn = (s: SessionSnapshot) => s.matches('authSuccess');
/** The start-up attempt is settled (signed in, signed out or failed). */
export const selectIsLoaded = (s: SessionSnapshot) => !s.matches('notLoaded');
export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectFinances = (s: SessionSnapshot) => s.context.finances;
export const selectError = (s: SessionSnapshot) => s.context.error;
export const selectIsBusy = (s: SessionSnapshot) => s.hasTag('loading');
/** The one-time code was sent: the login page shows the code form. */
export const selectIsAwaitingCode = (s: SessionSnapshot) =>
  s.matches({ authError: 'awaitingCode' }) || s.matches({ authError: 'verifyingCode' });
export const selectCodeLogin = (s: SessionSnapshot) => s.context.codeLogin;
/** The first factor was right and two-factor is on: the login page shows the authenticator code form. */
export const selectIsAwaitingSecondFactor = (s: SessionSnapshot) =>
  s.matches({ authError: 'awaitingSecondFactor' }) || s.matches({ authError: 'verifyingSecondFactor' });

/** The session as the navigation guard sees it (spec point 2). */
export function selectStatus(s: SessionSnapshot): SessionStatus {
  if (s.matches('authSuccess')) return 'authSuccess';
  if (s.matches('authError')) return 'authError';
  if (s.matches('initFailed')) return 'initFailed';
  return 'notLoaded';
}

/** Why the server signed this tab out, for /login (null after a plain expiry or sign-out). */
export const selectSignedOutMessage = (s: SessionSnapshot) => s.context.signedOutMessage;
