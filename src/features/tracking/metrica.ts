// An optional Yandex Metrica counter (YANDEX_METRICA_ID on the server, which then also lets its origin into the
// CSP). Its script loads only when the counter is set; page views are sent by hand (an SPA: `defer: true`).
import { addAnalyticsSink } from '../../lib/analytics';

export const METRICA_SCRIPT = 'https://mc.yandex.ru/metrika/tag.js';

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
declare global {
  interface Window {
    ym?: Ym;
  }
}

/** Starts the counter; the answer stops its page views and goals (a test's clean-up: a page keeps it for good). */
export function startMetrica(counter: number): () => void {
  if (!Number.isInteger(counter) || counter <= 0) return () => {};
  // The counter's own queue until its script arrives (what its snippet does, without an inline script).
  const ym: Ym =
    window.ym ??
    Object.assign(
      (...args: unknown[]) => {
        (ym.a ??= []).push(args);
      },
      { l: Date.now() },
    );
  window.ym = ym;
  const script = document.createElement('script');
  script.async = true;
  script.src = METRICA_SCRIPT;
  document.head.append(script);
  window.ym(counter, 'init', { defer: true, clickmap: false, trackLinks: true, accurateTrackBounce: true });
  return addAnalyticsSink((event) => {
    if (event.type === 'pageView')
      window.ym?.(counter, 'hit', location.origin + (event.path ?? location.pathname), {
        title: event.title,
        referer: event.referrer,
      });
    else window.ym?.(counter, 'reachGoal', event.name);
  });
}
