// The data of the signed-in first screen (contract/first-screen.ts): types only, in the API's own shapes.
import type { SessionHandover } from './auth.api';
import type { OrderList } from './orders.api';
import type { OrderTab } from './order-status';

/** The first page of the tab's orders, as GET /api/client/orders/?tab&page=1&page_size answers it. */
export interface FirstScreenOrders {
  tab: OrderTab;
  page_size: number;
  list: OrderList;
}

/** The user and the finances as the refresh answers them (SessionHandover), and the dashboard's first page. */
export interface FirstScreen extends SessionHandover {
  orders: FirstScreenOrders | null;
}
