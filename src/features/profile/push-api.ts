// Web Push in this browser (Профиль → Уведомления): the service's key, the browsers subscribed, subscribing and
// removing one, typed from the contract's rows in profile.api.ts.
import { call } from '../../api/client';

export const fetchPush = () => call('GET /api/client/notifications/push/');
export const removePush = (id: number) =>
  call('DELETE /api/client/notifications/push/:id/', { params: { id: String(id) } });

/** Whether this browser can get pushes at all (a service worker, the Push API, notifications). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Asks the customer's permission, subscribes this browser with the service's key and sends the subscription to the
 * server. Answers 'denied' when the customer (or the browser) refused notifications.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<'subscribed' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await call('POST /api/client/notifications/push/', { body: { endpoint: json.endpoint, keys: json.keys } });
  return 'subscribed';
}
