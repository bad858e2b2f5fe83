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

/**
 * Sinks that load after the first page (our collector, an optional Metrica counter: src/features/tracking) get every
 * event from then on, and first the ones that came before them: the first page view happens before they load.
 */
const extraSinks: AnalyticsSink[] = [];
const BACKLOG_MAX = 50;
const backlog: AnalyticsEvent[] = [];

export function addAnalyticsSink(next: AnalyticsSink): () => void {
  extraSinks.push(next);
  for (const event of backlog) next(event);
  return () => {
    const i = extraSinks.indexOf(next);
    if (i >= 0) extraSinks.splice(i, 1);
  };
}

function send(event: AnalyticsEvent): void {
  sink(event);
  if (backlog.length < BACKLOG_MAX) backlog.push(event);
  for (const extra of extraSinks) extra(event);
}

export function pageView(view: { title: string; referrer: string; path?: string }): void {
  send({ type: 'pageView', ...view });
}

export function goal(name: string): void {
  send({ type: 'goal', name });
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
