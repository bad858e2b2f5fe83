// The server's painting of the signed-in first screen (docs/performance.md "The signed-in start"): built at build
// time as a small SSR bundle beside the app (scripts/prerender.ts) and loaded by the server on the first painted
// page (server/spa/first-screen-paint.ts). It renders the very components of the page's first render, in the
// cabinet's frame, from the data block the page carries, so the page shows before any script has run: the
// dashboard (the greeting, the tips, the tabs with their counters, the search bar and the first page of orders), an
// order's page (its header, its tabs and the chat as it opens, loading its messages) or the payments (the orders
// waiting for payment). No router is rendered: only its context, for the links. The machines are created and never
// started (the order loader is given its one order, with no IO): a render reads their first snapshots, exactly what
// the SPA's first render reads, and runs nothing (no IO, no timers).
// ~1 ms of CPU per page with a full page of orders (docs/performance.md).
// The SPA then renders its own tree and replaces this markup in one commit (src/main.tsx).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  RouterContextProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  type RegisteredRouter,
} from '@tanstack/react-router';
import { createActor } from 'xstate';
import { AppActorsProvider, type AppActors } from './actors/app-actors';
import type { SessionDataSync } from './actors/session-data';
import { AppChrome } from './features/shell/app-chrome';
import { CabinetLayout } from './features/shell/cabinet-layout';
import { OrdersDashboard } from './features/orders/dashboard-page';
import { OrderLayout } from './features/orders/order-layout';
import { ChatPanel } from './features/chat/chat-panel';
import { PaymentsPage } from './features/payments/pages';
import { WaitingPage } from './features/payments/waiting-page';
import type { WaitingResource } from './features/payments/resources';
import { typedResourceMachine } from '../machines/resource/resource.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { themeMachine } from '../machines/theme/theme.machine';
import { dialogsMachine } from '../machines/dialogs/dialogs.machine';
import { notificationsMachine } from '../machines/notifications/notifications.machine';
import { realtimeMachine } from '../machines/realtime/realtime.machine';
import { availabilityMachine } from '../machines/availability/availability.machine';
import { orderLoaderMachine } from '../machines/order-loader/order-loader.machine';
import { systemClock } from '../machines/shared/clock';
import { firstScreenPage } from '../contract/first-screen';
import type { OrderDetail } from '../contract/orders.api';
import type { ReactNode } from 'react';
import type {
  FirstScreenPaintInput,
  FirstScreenWaiting,
  RenderFirstScreen,
} from '../contract/first-screen.api';
import { orderUrlSearch, parseOrderQuery } from '../contract/order-query';
import type { ThemeName } from '../contract/theme';

/** The same for every customer: created once (never started, so never changed). */
const shared = {
  dialogs: createActor(dialogsMachine),
  notifications: createActor(notificationsMachine),
  realtime: createActor(realtimeMachine),
  availability: createActor(availabilityMachine),
  orderLoader: createActor(orderLoaderMachine, { input: { now: systemClock } }),
};
const themes: Record<ThemeName, AppActors['theme']> = {
  light: createActor(themeMachine, { input: { stored: 'light' } }),
  dark: createActor(themeMachine, { input: { stored: 'dark' } }),
};

/** The order loader of an order's page: its one order open, as after the route's beforeLoad (no IO runs). */
function loaderWith(order: OrderDetail): typeof shared.orderLoader {
  const loader = createActor(orderLoaderMachine, { input: { now: systemClock } }).start();
  loader.send({ type: 'orderLoader.set', order });
  loader.send({ type: 'orderLoader.open', id: order.id });
  loader.stop();
  return loader;
}

/** The waiting orders' resource as the payments page reads it once answered (loaded; never started, no IO). */
function waitingWith(list: FirstScreenWaiting['list']): WaitingResource {
  const logic = typedResourceMachine<FirstScreenWaiting['list'], null>();
  const snapshot = logic.resolveState({
    value: 'loaded',
    context: { key: null, data: list, previous: null, error: null },
  });
  return createActor(logic, { snapshot, input: { key: null } }) as unknown as WaitingResource;
}

/**
 * One router per painted page, only for its context: the links' hrefs (built from `to` and the params, no route
 * needed) and the link marked current (from the location). Not the app's route tree, which would bring every
 * route's module into this bundle; never loaded. The latest ones are kept (every order is a page of its own).
 */
const routers = new Map<string, RegisteredRouter>();
const ROUTERS_KEPT = 64;
function routerFor(pathname: string): RegisteredRouter {
  let router = routers.get(pathname);
  if (router) {
    routers.delete(pathname);
  } else {
    router = createRouter({
      routeTree: createRootRoute(),
      history: createMemoryHistory({ initialEntries: [pathname] }),
    }) as unknown as RegisteredRouter;
    if (routers.size >= ROUTERS_KEPT) routers.delete(routers.keys().next().value!);
  }
  routers.set(pathname, router);
  return router;
}

const NO_SEARCH = orderUrlSearch(parseOrderQuery({}));
const noop = () => {};

export const renderFirstScreen: RenderFirstScreen = ({
  screen,
  pathname,
  theme,
  tipsHidden,
}: FirstScreenPaintInput) => {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const page = firstScreenPage(path);
  let content: ReactNode;
  let orderLoader = shared.orderLoader;
  if (page?.kind === 'dashboard') {
    if (!screen.orders || screen.orders.tab !== page.tab) return null;
    content = (
      <OrdersDashboard
        tab={page.tab}
        home={path === '/home'}
        search={NO_SEARCH}
        firstPage={screen.orders.list}
      />
    );
  } else if (page?.kind === 'order') {
    // Only the customer's own order, and not an archived one (the route takes that to the archive tab).
    const order = screen.order;
    if (!order || order.id !== page.id || order.is_trash) return null;
    orderLoader = loaderWith(order);
    content = (
      <OrderLayout id={order.id}>
        <ChatPanel orderId={order.id} />
      </OrderLayout>
    );
  } else if (page?.kind === 'payments') {
    if (!screen.waiting) return null;
    content = (
      <PaymentsPage>
        <WaitingPage resource={waitingWith(screen.waiting.list)} />
      </PaymentsPage>
    );
  } else return null;
  const sessionData: SessionDataSync = {
    tipsHidden: () => tipsHidden,
    hideTips: noop,
    subscribe: () => noop,
    stop: noop,
  };
  const actors = {
    ...shared,
    orderLoader,
    // Signed in as the page's customer, as the SPA's session starts from the same block (authSuccess.confirming).
    session: createActor(sessionMachine, {
      input: { firstScreen: { user: screen.user, finances: screen.finances } },
    }),
    theme: themes[theme],
    sessionData,
  } as unknown as AppActors;
  const html = renderToString(
    <StrictMode>
      <AppActorsProvider actors={actors}>
        <RouterContextProvider router={routerFor(path)}>
          <AppChrome>
            <CabinetLayout>{content}</CabinetLayout>
          </AppChrome>
        </RouterContextProvider>
      </AppActorsProvider>
    </StrictMode>,
  );
  // The CSP allows no inline script; nothing here renders one, and nothing may.
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
};
