// The data of the signed-in first screen (contract/first-screen.ts): types only, in the API's own shapes.
import type { SessionHandover } from './auth.api';
import type { OrderDetail, OrderList } from './orders.api';
import type { WaitingOrder } from './payments.api';
import type { OrderTab } from './order-status';

/** The first page of the tab's orders, as GET /api/client/orders/?tab&page=1&page_size answers it. */
export interface FirstScreenOrders {
  tab: OrderTab;
  page_size: number;
  list: OrderList;
}

/** The orders waiting for payment, as GET /api/client/payments/waiting/?page_size=100 answers them. */
export interface FirstScreenWaiting {
  page_size: number;
  list: { next: string | null; previous: string | null; count: number; results: WaitingOrder[] };
}

/**
 * The user and the finances as the refresh answers them (SessionHandover), and the page's own data: the dashboard's
 * first page of orders, an order page's order (GET /api/client/orders/{id}/), the payments page's waiting orders.
 * Each is null (or absent) on the other pages.
 */
export interface FirstScreen extends SessionHandover {
  orders: FirstScreenOrders | null;
  order?: OrderDetail | null;
  waiting?: FirstScreenWaiting | null;
}

/**
 * What the server's render of the first screen is given (src/first-screen-ssr.tsx, built beside the app and loaded
 * by server/spa/first-screen-paint.ts): the data the page carries, the page, the theme it is painted in, and whether
 * the customer hid the dashboard's tips (their session data), so the painting is what the app's first render shows.
 */
export interface FirstScreenPaintInput {
  screen: FirstScreen;
  pathname: string;
  theme: 'light' | 'dark';
  tipsHidden: boolean;
}

/** The built module's one export: the markup of `#root`, or null when the page has nothing to paint. */
export type RenderFirstScreen = (input: FirstScreenPaintInput) => string | null;
