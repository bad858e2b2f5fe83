// ---- Data ------------------------------------------------------------------------------------------------------
export type NotificationKind = 'success' | 'error' | 'info';

export interface Notification {
  id: string;
  kind: NotificationKind;
  text: string;
  /** Milliseconds on screen; 0 keeps it until dismissed. */
  timeout: number;
}

/** Spec point 9: a notification shows for 5000 ms. */
export const NOTIFICATION_TIMEOUT = 5000;
/** More than this many at once push the oldest out. */
export const MAX_NOTIFICATIONS = 5;

// ---- Context ---------------------------------------------------------------------------------------------------
export interface NotificationsContext {
  items: Notification[];
  seq: number;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type NotificationsEvent =
  | { type: 'notifications.push'; kind: NotificationKind; text: string; timeout?: number }
  | { type: 'notifications.dismiss'; id: string };
