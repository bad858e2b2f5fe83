// The clicks after the first screen (docs/performance.md "Clicks after the first screen"): once a cabinet page has
// loaded and the browser is idle, the chunks of the pages a customer most often opens from it are fetched and
// evaluated, one per idle moment, so that the click that opens one waits for no script. The first page's own
// scripts before its load event stay what they were; /login (not a cabinet page) warms nothing.
import type { AnyRouter } from '@tanstack/react-router';
import { afterLoad } from '../lib/first-paint';

/** The dashboard's next pages: an order (its chat opens first) and its payment (its tabs are the same page). */
const FROM_DASHBOARD = ['/_cabinet/order/$id', '/_cabinet/order/$id/chat', '/_cabinet/order_/$id/pay'];
/** The order page's next pages: its other tabs, its payment, back to the lists. */
const FROM_ORDER = [
  '/_cabinet/order/$id/chat',
  '/_cabinet/order/$id/files',
  '/_cabinet/order_/$id/pay',
  '/_cabinet/home',
  '/_cabinet/order/$id/reworks',
];

/** The routes to warm after rendering the page whose deepest match is `leaf`, else none. */
export function nextRoutesOf(leaf: string | undefined): readonly string[] {
  if (leaf === '/_cabinet/home/' || leaf === '/_cabinet/home/$tab') return FROM_DASHBOARD;
  if (leaf?.startsWith('/_cabinet/order/$id')) return FROM_ORDER;
  return [];
}

export function installRouteWarmup(router: AnyRouter): () => void {
  const warmed = new Set<string>();
  const queue: string[] = [];
  let running = false;
  // One chunk per idle callback: each evaluation is a task of its own, never one long task.
  const pump = () => {
    const id = queue.shift();
    if (id === undefined) {
      running = false;
      return;
    }
    const route = (router.routesById as Record<string, Parameters<AnyRouter['loadRouteChunk']>[0]>)[id];
    const loaded = route ? router.loadRouteChunk(route) : undefined;
    // A chunk that failed (offline, a new deploy) is tried again after a later page; the click loads it anyway.
    void Promise.resolve(loaded)
      .catch(() => warmed.delete(id))
      .finally(() => afterLoad(pump));
  };
  return router.subscribe('onRendered', () => {
    const leaf = router.state.matches.at(-1)?.routeId;
    const next = nextRoutesOf(leaf).filter((id) => !warmed.has(id));
    if (next.length === 0) return;
    for (const id of next) warmed.add(id);
    queue.push(...next);
    if (running) return;
    running = true;
    afterLoad(pump);
  });
}
