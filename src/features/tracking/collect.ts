// Page views and goals leave the browser (issue 27; docs/analytics.md): batched to our collector,
// and to a Yandex Metrica counter when the server has one. Loaded after the page's load event (main.tsx), never with
// the first visit's bytes; with Global Privacy Control or Do-Not-Track on it is not even loaded.
import { addAnalyticsSink, type AnalyticsEvent, type AnalyticsSink } from '../../lib/analytics';
import { analyticsSettings, sendBatch } from '../../api/beacon';
import { COLLECT_MAX_EVENTS, cleanPath, cleanReferrer } from '../../../contract/page-events';
import type { PageEvent } from '../../../contract/analytics.api';
import { startMetrica } from './metrica';
import { whenIdle } from '../../lib/first-paint';

/** How long events wait for company before a batch goes (the page going away sends at once). */
export const BATCH_DELAY_MS = 2000;
const BATCH_SIZE = 10;

/** What the collector is sent: names, the path without its query, the referrer without its query. */
export function toPageEvent(event: AnalyticsEvent, currentPath: string): PageEvent {
  return event.type === 'pageView'
    ? {
        type: 'pageView',
        title: event.title,
        referrer: cleanReferrer(event.referrer, globalThis.location?.origin),
        path: cleanPath(event.path ?? currentPath),
      }
    : { type: 'goal', name: event.name, path: cleanPath(currentPath) };
}

/** A sink that gathers events and sends them in batches through `send`. */
export function batchingSink(
  send: (body: string) => void,
  opts: { delayMs?: number; size?: number; path?: () => string; later?: (fn: () => void) => void } = {},
): { sink: AnalyticsSink; flush: () => void } {
  const delay = opts.delayMs ?? BATCH_DELAY_MS;
  const size = Math.min(opts.size ?? BATCH_SIZE, COLLECT_MAX_EVENTS);
  const path = opts.path ?? (() => location.pathname);
  const later = opts.later ?? whenIdle;
  const queue: PageEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (queue.length) send(JSON.stringify({ events: queue.splice(0, size) }));
  };
  const sink: AnalyticsSink = (event) => {
    queue.push(toPageEvent(event, path()));
    if (queue.length >= size) flush();
    // The batch goes when the page is idle after the delay: a send is 12–40 ms of the main thread at 4× CPU, and
    // the timer fell inside a tab switch in the interactions bench's trace.
    else timer ??= setTimeout(() => later(flush), delay);
  };
  return { sink, flush };
}

export function startCollection(): void {
  const { sink, flush } = batchingSink(sendBatch);
  addAnalyticsSink(sink);
  // The page going away (tab closed, another site, app in the background): what is queued goes now.
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  void analyticsSettings().then((settings) => {
    if (settings?.metrica_counter) startMetrica(settings.metrica_counter);
  });
}
