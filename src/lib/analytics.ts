// A pluggable analytics sink (spec point 2: a page view per route change, goals). The default sink keeps the events
// in `window.__analytics` so that end-to-end tests can read them; a real counter is plugged in with setAnalyticsSink.

export type AnalyticsEvent =
  { type: 'pageView'; title: string; referrer: string; path?: string } | { type: 'goal'; name: string };

export type AnalyticsSink = (event: AnalyticsEvent) => void;

declare global {
  interface Window {
    __analytics?: AnalyticsEvent[];
  }
}

export const memorySink: AnalyticsSink = (event) => {
  const host = globalThis as { __analytics?: AnalyticsEvent[] };
  (host.__analytics ??= []).push(event);
};

let sink: AnalyticsSink = memorySink;

export function setAnalyticsSink(next: AnalyticsSink): void {
  sink = next;
}

export function pageView(view: { title: string; referrer: string; path?: string }): void {
  sink({ type: 'pageView', ...view });
}

export function goal(name: string): void {
  sink({ type: 'goal', name });
}

/** Spec point 2: the referrer of a page view is the ref or referer query value, else the previous path. */
export function referrerFor(
  search: Record<string, unknown>,
  previousPath: string | null | undefined,
): string {
  for (const key of ['ref', 'referer']) {
    const value = search[key];
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number') return String(value);
  }
  return previousPath ?? '';
}
