import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import {
  MAX_NOTIFICATIONS,
  NOTIFICATION_TIMEOUT,
  type NotificationsContext,
  type NotificationsEvent,
} from './notifications.types';

function timeoutOf(event: NotificationsEvent): number {
  if (event.type !== 'notifications.push') return NOTIFICATION_TIMEOUT;
  const t = event.timeout;
  return typeof t === 'number' && Number.isFinite(t) && t >= 0 ? t : NOTIFICATION_TIMEOUT;
}

const dismissId = (id: string) => `notification-dismiss-${id}`;

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    /** Adds the notification, drops the oldest beyond the limit and schedules the auto-dismiss. */
    pushNotification: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'notifications.push');
      const id = `n${context.seq + 1}`;
      const timeout = timeoutOf(event);
      const items = [...context.items, { id, kind: event.kind, text: event.text, timeout }];
      const overflow = items.slice(0, Math.max(0, items.length - MAX_NOTIFICATIONS));
      for (const old of overflow) enqueue.cancel(dismissId(old.id));
      enqueue.assign({ seq: context.seq + 1, items: items.slice(overflow.length) });
      if (timeout > 0) {
        enqueue.raise(
          { type: 'notifications.dismiss', id },
          { id: dismissId(id), delay: 'notificationTimeout' },
        );
      }
    }),
    removeNotification: enqueueActions(({ context, enqueue }, id: string) => {
      enqueue.cancel(dismissId(id));
      enqueue.assign({ items: context.items.filter((n) => n.id !== id) });
    }),
    clearAll: assign({ items: [] }),
  },
  guards: {
    isLastNotification: ({ context }, id: string) =>
      context.items.length === 1 && context.items[0]?.id === id,
  },
  delays: {
    /** The push event's own timeout, else 5000 ms (spec point 9). */
    notificationTimeout: ({ event }) => timeoutOf(event),
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], seq: 0 },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'notifications.push': { target: 'showing', actions: 'pushNotification' },
      },
    },
    showing: {
      description:
        'Notifications on screen; each one dismisses itself after its timeout (a raised, delayed event).',
      on: {
        'notifications.push': { actions: 'pushNotification' },
        'notifications.dismiss': [
          {
            guard: { type: 'isLastNotification', params: ({ event }) => event.id },
            target: 'empty',
            actions: { type: 'removeNotification', params: ({ event }) => event.id },
          },
          { actions: { type: 'removeNotification', params: ({ event }) => event.id } },
        ],
      },
    },
  },
});
