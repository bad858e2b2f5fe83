import { createFileRoute, useMatch } from '@tanstack/react-router';
import { OrdersDashboard } from '../../features/orders/dashboard-page';
import { orderUrlSearch, parseOrderQuery } from '../../../contract/order-query';

/**
 * /home and /home/{tab}: one dashboard for both (docs/performance.md "Clicks after the first screen"). The layout
 * renders it and its two children only say which list it shows, so a switch between /home and a tab keeps the page
 * (its header, the list's machine, what is on screen) and only the list changes, as between two tabs.
 * The search, filters and sort live in the search params (contract/order-query.ts): a bad value falls back to its
 * default, never an error.
 */
export const Route = createFileRoute('/_cabinet/home')({
  validateSearch: (search: Record<string, unknown>) => orderUrlSearch(parseOrderQuery(search)),
  component: DashboardRoute,
});

function DashboardRoute() {
  const search = Route.useSearch();
  const tab = useMatch({ from: '/_cabinet/home/$tab', shouldThrow: false })?.params.tab;
  return <OrdersDashboard tab={tab ?? 'active'} home={tab === undefined} search={search} />;
}
