import { Link, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import type { OrderDetail, OrderListItem } from '../../../contract/orders.api';
import { useAppActors } from '../../actors/app-actors';
import { useNotify } from '../../actors/hooks';
import { useAction } from '../../actors/use-action';
import type { ApiErrorInfo } from '../../../machines/shared/error-info';
import { selectOutcome } from '../../../machines/order-loader/order-loader.selectors';
import { formatDay } from '../../lib/dates';
import { firstPageRendered } from '../../lib/first-paint';
import { Button, ButtonLink } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Icon } from '../../ui/icon';
import { Badge, LoadingRegion, Skeleton } from '../../ui/primitives';
import { TabLink, Tabs } from '../../ui/tabs';
import { downloadZip, restoreOrder, trashOrder } from './api';
import { isAwaitingPayment, statusTone } from './format';
import { formatMoney } from '../../lib/money';
import * as s from './orders.css';
import { cluster, text } from '../../ui/layout.css';
import { t } from './strings';
import { useOpenOrder, useOrderRealtime } from './use-open-order';
import { orderChanged } from '../../actors/open-order';
import { ORDER_STATUSES } from '../../../contract/order-status';

const UNDELETABLE: readonly number[] = [ORDER_STATUSES.inWork.id, ORDER_STATUSES.rework.id];

/**
 * /order/{id}: the order's header (status, dates, money, actions) and its tabs Чат / Файлы / Доработки. `children`
 * is the tab, the route's Outlet unless given (the server's first screen paints the chat in it: src/first-screen-ssr.tsx).
 */
export function OrderLayout({
  id,
  preview = null,
  children,
}: {
  id: number;
  /** The order's row as the list showed it, when a press on it opened the page: drawn until the order arrives. */
  preview?: OrderListItem | null;
  children?: ReactNode;
}) {
  const loaded = useOpenOrder();
  const { orderLoader } = useAppActors();
  const outcome = useSelector(orderLoader, selectOutcome);
  const navigate = useNavigate();
  useOrderRealtime(id);
  // Opened by a click (not the app's first page, not the server's painting): the header and the tabs commit first
  // and the tab one render later, in the background (React's deferred render, in slices), so the click's own task
  // is the header's and the page shows sooner (docs/performance.md). Between the order's tabs the layout stays: a
  // tab renders at once.
  const [deferTab] = useState(() => children === undefined && firstPageRendered());
  const showTab = useDeferredValue(true, !deferTab);

  // Archived or gone while open (another tab, the manager): the same way out as the route's (spec 2).
  useEffect(() => {
    if (orderLoader.getSnapshot().context.id !== id) return;
    if (outcome === 'archive') void navigate({ to: '/home/$tab', params: { tab: 'archive' }, replace: true });
    if (outcome === 'notFound') void navigate({ to: '/404', replace: true });
  }, [outcome, id, navigate, orderLoader]);

  const order = loaded && loaded.id === id ? loaded : null;
  const shown = order ?? (preview?.id === id ? preview : null);
  if (!shown) return <OrderSkeleton />;

  // The same tree with the row or the order in the header, so the tab below stays mounted when the order arrives.
  return (
    <>
      <Link to="/home" className={s.back}>
        <Icon name="arrowLeft" size={16} />
        {t.order.back}
      </Link>
      <OrderSummary order={shown}>
        {order ? (
          <OrderActions order={order} />
        ) : (
          // The actions depend on what only the order says: a button's place is kept for them.
          <div className={s.actions}>
            <Skeleton width="9em" height="40px" radius="8px" />
          </div>
        )}
      </OrderSummary>
      <Tabs label={t.order.tabsLabel}>
        <TabLink to="/order/$id/chat" params={{ id }} {...(shown.unread > 0 ? { count: shown.unread } : {})}>
          {t.order.tabs.chat}
        </TabLink>
        <TabLink to="/order/$id/files" params={{ id }} {...(order ? { count: order.files.length } : {})}>
          {t.order.tabs.files}
        </TabLink>
        <TabLink to="/order/$id/reworks" params={{ id }} {...(order ? { count: order.reworks_count } : {})}>
          {t.order.tabs.reworks}
        </TabLink>
      </Tabs>
      <div className={s.tabPanel}>{showTab && (children ?? <Outlet />)}</div>
    </>
  );
}

/** The order's actions (pay, edit, download all, delete or restore) and the delete confirmation. */
function OrderActions({ order }: { order: OrderDetail }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { orderLoader } = useAppActors();
  const [confirm, setConfirm] = useState(false);
  const id = order.id;
  const router = useRouter();
  // The header outlives moves between the order's tabs (and Back / Forward): any navigation closes the
  // confirmation, as it closes the app's other dialogs, so it never asks about an order that is not on screen. At
  // the navigation's start, not at its end: a tab whose chunk is still loading resolves later, and the customer may
  // already have opened the confirmation on it (the end of that navigation closed it again at once).
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.hrefChanged) setConfirm(false);
      }),
    [router],
  );

  const failed = (error: ApiErrorInfo) => notify('error', error.message);
  const remove = useAction({
    call: trashOrder,
    onDone: (_, [orderId]) => {
      setConfirm(false);
      notify('success', t.order.deleted(orderId));
      void navigate({ to: '/home/$tab', params: { tab: 'archive' } }).then(() =>
        orderChanged(orderLoader, orderId),
      );
    },
    onError: failed,
  });
  const restore = useAction({
    call: restoreOrder,
    onDone: (_, [orderId]) => {
      orderChanged(orderLoader, orderId);
      notify('success', t.undo.restored(orderId));
    },
    onError: failed,
  });
  const zip = useAction({ call: downloadZip, onError: failed });

  return (
    <>
      <div className={s.actions}>
        {isAwaitingPayment(order.status.id) && !order.is_trash && (
          <ButtonLink
            to="/order/$id/pay"
            params={{ id }}
            variant="primary"
            iconStart={<Icon name="card" size={18} />}
          >
            {t.order.pay}
          </ButtonLink>
        )}
        {order.is_editable && (
          <ButtonLink to="/order/$id/edit" params={{ id }} variant="secondary">
            {t.order.edit}
          </ButtonLink>
        )}
        {order.files.length > 0 && (
          <Button
            variant="secondary"
            loading={zip.busy}
            onClick={() => zip.run(id)}
            iconStart={<Icon name="file" size={18} />}
          >
            {t.order.downloadAll}
          </Button>
        )}
        {order.is_trash ? (
          <Button variant="secondary" loading={restore.busy} onClick={() => restore.run(id)}>
            {t.order.restore}
          </Button>
        ) : (
          !UNDELETABLE.includes(order.status.id) && (
            <Button variant="ghost" onClick={() => setConfirm(true)}>
              {t.order.delete}
            </Button>
          )
        )}
      </div>
      <Dialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t.order.deleteConfirmTitle}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirm(false)} data-autofocus>
              {t.order.cancel}
            </Button>
            <Button variant="danger" loading={remove.busy} onClick={() => remove.run(id)}>
              {t.order.deleteConfirm}
            </Button>
          </>
        }
      >
        {t.order.deleteConfirmText}
      </Dialog>
    </>
  );
}

/**
 * The order's title, status, topic and facts: from the order, or from its list row while the order is on its way
 * (then what only the order says — the promo code, the guarantee — waits as a placeholder). `children`: the actions.
 */
function OrderSummary({ order, children }: { order: OrderDetail | OrderListItem; children?: ReactNode }) {
  const detail = 'guarantee_until' in order ? order : null;
  return (
    <section className={s.orderHeader} aria-labelledby="order-title" aria-busy={detail ? undefined : true}>
      <div className={cluster[3]}>
        <h1 id="order-title" className={s.orderTitle}>
          {t.order.title(order.id)}
        </h1>
        <Badge tone={statusTone(order.status.id)}>{order.status.title}</Badge>
      </div>
      <p className={s.orderTopic}>{order.topic}</p>
      <p className={text.muted}>
        {order.work_type}
        {order.subject ? ` · ${order.subject}` : ''}
      </p>
      <dl className={s.facts}>
        <Fact label={t.order.deadline}>{formatDay(order.deadline)}</Fact>
        <Fact
          label={t.order.price}
          note={
            detail?.promo_code && (
              <dd className={text.mutedXs} data-testid="order-header-promo">
                {t.order.promo(detail.promo_code)}
              </dd>
            )
          }
        >
          {order.price > 0 ? formatMoney(order.price) : t.row.priceUnknown}
        </Fact>
        <Fact label={t.order.paid}>{formatMoney(order.paid)}</Fact>
        <Fact label={t.order.guarantee}>
          {!detail ? (
            <Skeleton width="6em" height="1.1em" />
          ) : detail.guarantee_until ? (
            formatDay(detail.guarantee_until)
          ) : (
            t.order.noGuarantee
          )}
        </Fact>
      </dl>
      {children}
    </section>
  );
}

/** One box of the header's facts: its label, its value, and a line under the value when there is one. */
function Fact({ label, note, children }: { label: string; note?: ReactNode; children: ReactNode }) {
  return (
    <div className={s.factBox}>
      <dt className={text.mutedXs}>{label}</dt>
      <dd className={s.factBoxValue}>{children}</dd>
      {note}
    </div>
  );
}

function OrderSkeleton() {
  return (
    <LoadingRegion label={t.order.loading}>
      <div className={s.orderHeader}>
        <Skeleton width="40%" height="1.75em" />
        <Skeleton width="80%" height="1.1em" />
        <div className={s.facts}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="56px" radius="8px" />
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}
