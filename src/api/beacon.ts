// The page-view collector's transport (docs/analytics.md): navigator.sendBeacon, which the browser
// delivers even as the page goes away, else fetch with keepalive. Same origin: the access cookie goes along, so the
// server knows a signed-in customer's id without the page sending it.
import type { AnalyticsSettings } from '../../contract/analytics.api';
import { COLLECT_PATH } from '../../contract/page-events';

export function sendBatch(body: string): void {
  const blob = new Blob([body], { type: 'application/json' });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(COLLECT_PATH, blob)) return;
  } catch {
    // A browser that refuses the beacon (quota, policy): fetch below.
  }
  void fetch(COLLECT_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
  }).catch(() => {});
}

/** The server's analytics settings (a Metrica counter id, or null). */
export async function analyticsSettings(): Promise<AnalyticsSettings | null> {
  try {
    const res = await fetch('/api/client/analytics/settings/', { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as AnalyticsSettings) : null;
  } catch {
    return null;
  }
}
