// What happens after each navigation (spec point 2): dialogs close, the `msg` dialog opens, a page view is
// reported, a saved scroll position waits for the page to be tall enough (scroll-hold.ts), the likely next pages' chunks load
// while the browser is idle (route-warmup.ts); and a change of the session re-runs the guard on the current page (or, after a refused refresh on a
// public page, goes to /login?redirect=<that page>).
import type { AnyRouter } from '@tanstack/react-router';
import { selectSignedOutMessage, selectStatus } from '../../machines/session/session.selectors';
import { redirectValueFor } from '../../contract/redirect';
import { goal, pageView, referrerFor } from '../lib/analytics';
import { ORDER_THANKS_GOAL, ORDER_THANKS_MESSAGE } from '../lib/messages';
import { routeNameFor } from '../lib/route-names';
import type { AppActors } from '../actors/app-actors';
import { createActorsSlot, type ActorsSlot } from '../actors/actors-slot';
import { hasChunkLoadError, showChunkLoadErrorDialog } from './chunk-load-error';
import { setResolvedPath } from '../actors/navigation-state';
import { installScrollHold } from './scroll-hold';
import { installRouteWarmup } from './route-warmup';
import { takeSessionExpiredReturn } from './session-expiry';

export const MSG_DIALOG_ID = 'query-msg';

function onCabinetPage(router: AnyRouter): boolean {
  return router.state.matches.some((m) => m.staticData?.requiresAuth === true);
}

/**
 * Once the customer closes the `msg` dialog, `msg` leaves the URL (a history replace): a reload, or a sign-in from
 * /login?msg=… (rule 3 passes `msg` along to Home), does not show the read message again. Closed by a navigation
 * (another URL), the URL is already another one and is left alone.
 */
function forgetMsgOnClose(router: AnyRouter, dialogs: AppActors['dialogs'], href: string) {
  const sub = dialogs.subscribe((snapshot) => {
    if (snapshot.context.stack.some((d) => d.id === MSG_DIALOG_ID)) return;
    sub.unsubscribe();
    if (router.state.location.href !== href) return;
    const url = new URL(href, 'http://x');
    url.searchParams.delete('msg');
    void router.navigate({ href: `${url.pathname}${url.search}${url.hash}`, replace: true });
  });
}

/** `slot`: the app's (the actors may load after the first page); `actors`: already made (a test). */
export function installNavigationEffects(
  router: AnyRouter,
  actorsOrSlot: AppActors | ActorsSlot,
): () => void {
  const slot = 'fill' in actorsOrSlot ? actorsOrSlot : createActorsSlot(actorsOrSlot);
  // Sent at once when the actors are there; a first page rendered before them gets its dialogs when they arrive.
  const toDialogs = (fn: (dialogs: AppActors['dialogs']) => void) => slot.onActors((a) => fn(a.dialogs));

  // A navigation closes the dialogs when it starts, not when it resolves: a page whose chunk is still loading
  // resolves later, and a dialog the visitor opened meanwhile would close again at once.
  const offBefore = router.subscribe('onBeforeNavigate', (event) => {
    if (event.hrefChanged) toDialogs((dialogs) => dialogs.send({ type: 'dialogs.closeAll' }));
  });
  const offResolved = router.subscribe('onResolved', (event) => {
    const to = event.toLocation;
    setResolvedPath(to.pathname);
    if (!event.hrefChanged) return;

    const search = to.search as Record<string, unknown>;
    const msg = typeof search.msg === 'string' ? search.msg.trim() : '';
    const chunkLoadError = hasChunkLoadError();
    toDialogs((dialogs) => {
      if (msg) {
        dialogs.send({ type: 'dialogs.open', id: MSG_DIALOG_ID, kind: 'info', text: msg });
        forgetMsgOnClose(router, dialogs, to.href);
      }
      // The site stays broken until reloaded: its dialog survives the close-on-navigation.
      if (chunkLoadError) showChunkLoadErrorDialog(dialogs);
    });
    if (msg === ORDER_THANKS_MESSAGE) goal(ORDER_THANKS_GOAL);

    if (event.pathChanged || !event.fromLocation) {
      pageView({
        title: routeNameFor(to.pathname),
        // The first view has no previous path: the page that linked here, if the browser tells.
        referrer: referrerFor(search, event.fromLocation?.pathname ?? globalThis.document?.referrer),
        path: to.pathname,
      });
    }
  });

  // Signed in (this tab or another), signed out, expired, or a retried start-up settled: the guard decides again
  // for the page on screen (e.g. a cabinet page → /login?redirect=…, /login → the redirect target or Home).
  let sub: { unsubscribe(): void } | undefined;
  let uninstalled = false;
  slot.onActors(({ session }) => {
    if (uninstalled) return;
    let status = selectStatus(session.getSnapshot());
    sub = session.subscribe((snapshot) => {
      const next = selectStatus(snapshot);
      if (next === status) return;
      status = next;
      const expiredOn = takeSessionExpiredReturn();
      // Signed out by the server with a reason (ended from another device): /login says why, from any page.
      const msg = next === 'authError' ? selectSignedOutMessage(snapshot) : null;
      if (msg) {
        const redirect = expiredOn ?? redirectValueFor(globalThis.location);
        void router.navigate({ href: `/login?${new URLSearchParams({ redirect, msg })}`, replace: true });
        return;
      }
      // A refused refresh on a page the guard lets a signed-out visitor stay on (/payment, /404, /429).
      if (next === 'authError' && expiredOn !== null && !onCabinetPage(router)) {
        void router.navigate({
          href: `/login?${new URLSearchParams({ redirect: expiredOn })}`,
          replace: true,
        });
        return;
      }
      if (next !== 'notLoaded' && router.state.resolvedLocation) void router.invalidate();
    });
  });

  const offScrollHold = typeof window === 'undefined' ? () => {} : installScrollHold(router);
  const offWarmup = typeof window === 'undefined' ? () => {} : installRouteWarmup(router);

  return () => {
    offBefore();
    offResolved();
    offScrollHold();
    offWarmup();
    uninstalled = true;
    sub?.unsubscribe();
  };
}
