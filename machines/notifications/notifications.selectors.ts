import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine';

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectNotifications = (s: NotificationsSnapshot) => s.context.items;
export const selectHasNotifications = (s: NotificationsSnapshot) => s.matches('showing');
