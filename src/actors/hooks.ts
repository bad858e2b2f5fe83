// Narrow hooks: each reads ONE value with useSelector, so a component re-renders only when that value changes.
import { useCallback, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { useAppActors } from './app-actors';
import {
  selectCodeLogin,
  selectError,
  selectFinances,
  selectIsAwaitingCode,
  selectIsBusy,
  selectIsLoaded,
  selectIsSignedIn,
  selectUser,
} from '../../machines/session/session.selectors';
import { selectIsDark, selectTheme } from '../../machines/theme/theme.selectors';
import { selectDialogs } from '../../machines/dialogs/dialogs.selectors';
import { selectNotifications } from '../../machines/notifications/notifications.selectors';
import type { DialogOpenRequest } from '../../machines/dialogs/dialogs.types';
import type { NotificationKind } from '../../machines/notifications/notifications.types';

// ---- Session ---------------------------------------------------------------------------------------------------
export const useIsSignedIn = () => useSelector(useAppActors().session, selectIsSignedIn);
export const useIsSessionLoaded = () => useSelector(useAppActors().session, selectIsLoaded);
export const useUser = () => useSelector(useAppActors().session, selectUser);
export const useFinances = () => useSelector(useAppActors().session, selectFinances);
/** The last sign-in failure (`{ status?, message, fields? }`) or null. */
export const useSessionError = () => useSelector(useAppActors().session, selectError);
/** A sign-in, code request, auto-login or sign-out is running (tag 'loading'). */
export const useSessionBusy = () => useSelector(useAppActors().session, selectIsBusy);
export const useIsAwaitingCode = () => useSelector(useAppActors().session, selectIsAwaitingCode);
export const useCodeLogin = () => useSelector(useAppActors().session, selectCodeLogin);

// ---- Theme -----------------------------------------------------------------------------------------------------
export const useTheme = () => useSelector(useAppActors().theme, selectTheme);
export const useIsDarkTheme = () => useSelector(useAppActors().theme, selectIsDark);

/** The dashboard tips the customer hid (kept in the session data, so hidden in every browser). */
export function useTipsHidden(): [hidden: boolean, hide: () => void] {
  const { sessionData } = useAppActors();
  const hidden = useSyncExternalStore(sessionData.subscribe, sessionData.tipsHidden, () => false);
  return [hidden, sessionData.hideTips];
}

// ---- Dialogs and notifications ---------------------------------------------------------------------------------
export const useDialogs = () => useSelector(useAppActors().dialogs, selectDialogs);
export const useNotifications = () => useSelector(useAppActors().notifications, selectNotifications);

/** `openDialog({ text, title?, … })` with the spec defaults filled in by the dialogs machine. */
export function useOpenDialog() {
  const { dialogs } = useAppActors();
  return useCallback(
    (request: DialogOpenRequest) => dialogs.send({ type: 'dialogs.open', ...request }),
    [dialogs],
  );
}

/** `notify('success', 'Сохранено')`; the notification hides itself after 5000 ms unless `timeout` says otherwise. */
export function useNotify() {
  const { notifications } = useAppActors();
  return useCallback(
    (kind: NotificationKind, text: string, timeout?: number) =>
      notifications.send(
        timeout === undefined
          ? { type: 'notifications.push', kind, text }
          : { type: 'notifications.push', kind, text, timeout },
      ),
    [notifications],
  );
}
