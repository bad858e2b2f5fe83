import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import {
  selectHasNotifications,
  selectNotifications,
} from '../../machines/notifications/notifications.selectors';
import { MAX_NOTIFICATIONS, NOTIFICATION_TIMEOUT } from '../../machines/notifications/notifications.types';
import { describeModel } from './coverage';

type Snap = SnapshotFrom<typeof notificationsMachine>;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pushes = [
  { type: 'notifications.push', kind: 'success', text: 'Сохранено' },
  { type: 'notifications.push', kind: 'error', text: 'Сервер не отвечает', timeout: 0 },
];

const serializeState = (s: Snap) =>
  JSON.stringify({ value: s.value, items: s.context.items.map((n) => [n.kind, n.text, n.timeout]) });

describeModel(notificationsMachine, {
  name: 'notifications machine (model-based)',
  events: (s) => [
    ...pushes,
    ...s.context.items.map((n) => ({ type: 'notifications.dismiss', id: n.id })),
    { type: 'notifications.dismiss', id: 'gone' },
  ],
  serializeState,
  filterEvents: (s, e) => e.type !== 'notifications.push' || s.context.items.length < 2,
  agreeOn: (s) => s.context.items,
  invariants: (final) => {
    expect(selectHasNotifications(final)).toBe(final.context.items.length > 0);
    expect(final.value).toBe(final.context.items.length ? 'showing' : 'empty');
  },
});

describe('notifications machine (timing)', () => {
  it('dismisses a notification after 5000 ms by default, or after its own timeout', async () => {
    const actor = createActor(notificationsMachine).start();
    actor.send({ type: 'notifications.push', kind: 'success', text: 'A' });
    actor.send({ type: 'notifications.push', kind: 'info', text: 'B', timeout: 1000 });
    expect(selectNotifications(actor.getSnapshot()).map((n) => [n.text, n.timeout])).toEqual([
      ['A', NOTIFICATION_TIMEOUT],
      ['B', 1000],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectNotifications(actor.getSnapshot()).map((n) => n.text)).toEqual(['A']);
    await vi.advanceTimersByTimeAsync(3999);
    expect(selectNotifications(actor.getSnapshot())).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectNotifications(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('keeps a notification with timeout 0 until it is dismissed', async () => {
    const actor = createActor(notificationsMachine).start();
    actor.send({ type: 'notifications.push', kind: 'error', text: 'Ошибка', timeout: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    const [item] = selectNotifications(actor.getSnapshot());
    expect(item?.text).toBe('Ошибка');
    actor.send({ type: 'notifications.dismiss', id: item!.id });
    expect(selectNotifications(actor.getSnapshot())).toEqual([]);
  });

  it('a dismissed notification does not dismiss a later one when its timer would have fired', async () => {
    const actor = createActor(notificationsMachine).start();
    actor.send({ type: 'notifications.push', kind: 'info', text: 'A' });
    const id = selectNotifications(actor.getSnapshot())[0]!.id;
    actor.send({ type: 'notifications.dismiss', id });
    await vi.advanceTimersByTimeAsync(4000);
    actor.send({ type: 'notifications.push', kind: 'info', text: 'B' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectNotifications(actor.getSnapshot()).map((n) => n.text)).toEqual(['B']);
  });

  it(`shows at most ${MAX_NOTIFICATIONS}, pushing the oldest out`, () => {
    const actor = createActor(notificationsMachine).start();
    for (let i = 1; i <= MAX_NOTIFICATIONS + 2; i++)
      actor.send({ type: 'notifications.push', kind: 'info', text: `${i}` });
    expect(selectNotifications(actor.getSnapshot()).map((n) => n.text)).toEqual(['3', '4', '5', '6', '7']);
  });
});
