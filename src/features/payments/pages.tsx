// The /payments layout: the page title, the tabs Оплата / Пополнение / История, and the child route.
import { Outlet, useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../ui/button';
import { PageHeader } from '../../ui/primitives';
import { TabLink, Tabs } from '../../ui/tabs';
import * as s from './payments.css';
import { t } from './strings';
import { useFreshFinances } from '../../actors/finances';
import { fetchFinances } from './api';

/** `children`: the tab, the route's Outlet unless given (the server's first screen paints it: src/first-screen-ssr.tsx). */
export function PaymentsPage({ children }: { children?: ReactNode }) {
  useFreshFinances(fetchFinances);
  // The pay-out (verification) child has its own title and no tabs.
  const isPayOut = useMatches({ select: (m) => m.some((x) => x.routeId === '/_cabinet/payments/pay-out') });

  if (isPayOut) return <Outlet />;
  return (
    <div className={s.page}>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <ButtonLink to="/withdraw" variant="secondary">
            {t.withdrawLink}
          </ButtonLink>
        }
      />
      <Tabs label={t.tabsLabel}>
        <TabLink to="/payments/pay">{t.tabs.pay}</TabLink>
        <TabLink to="/payments/replenish">{t.tabs.replenish}</TabLink>
        <TabLink to="/payments/history">{t.tabs.history}</TabLink>
      </Tabs>
      {children ?? <Outlet />}
    </div>
  );
}
