import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { OrderTab } from '../../../contract/order-status';
import { useAppActors } from '../../actors/app-actors';
import { useNotify, useTipsHidden, useUser } from '../../actors/hooks';
import { orderListMachine } from '../../../machines/order-list/order-list.machine';
import {
  selectBusyId,
  selectCount,
  selectCounters,
  selectError,
  selectHasMore,
  selectIsFailed,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsUndoing,
  selectItems,
  selectSearch,
  selectRemoved,
  selectUndoable,
} from '../../../machines/order-list/order-list.selectors';
import type { OrderListRequest } from '../../../machines/order-list/order-list.types';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { Carousel } from '../../ui/carousel';
import { TextField } from '../../ui/field';
import { Icon } from '../../ui/icon';
import { EmptyState, LoadingRegion, PageHeader } from '../../ui/primitives';
import { TabLink, Tabs } from '../../ui/tabs';
import { fetchOrders, restoreOrder, trashOrder } from './api';
import { givenName } from '../../lib/names';
import { expireOnListChanges } from '../../actors/open-order';
import { OrderRow, OrderRowSkeleton } from './order-row';
import * as s from './orders.css';
import { grid, text } from '../../ui/layout.css';
import { t } from './strings';
import { afterFirstPaint } from '../../lib/first-paint';

const TABS: readonly OrderTab[] = ['active', 'done', 'archive'];
/** Typing pauses this long before the search is sent (each new request cancels the running one anyway). */
const SEARCH_DELAY = 300;

const machine = orderListMachine.provide({
  actors: {
    // The greeting and the tips paint first; the list's skeleton stands in meanwhile (src/lib/first-paint.ts).
    fetchOrders: fromPromise<Awaited<ReturnType<typeof fetchOrders>>, OrderListRequest>(
      async ({ input, signal }) => {
        await afterFirstPaint();
        return fetchOrders(input, signal);
      },
    ),
    trashOrder: fromPromise(({ input }: { input: { id: number } }) => trashOrder(input.id)),
    restoreOrder: fromPromise(({ input }: { input: { id: number } }) => restoreOrder(input.id)),
  },
});

type OrderListRef = ReturnType<typeof useActorRef<typeof machine>>;

/**
 * /home (the dashboard: greeting, tips, the active orders) and /home/{tab}: the order lists with their counters,
 * search, paging ("show more"), delete to the archive with "Отменить", and restore from the archive.
 */
export function OrdersDashboard({ tab, home = false }: { tab: OrderTab; home?: boolean }) {
  const list = useActorRef(machine, { input: { tab } });
  const notify = useNotify();
  const { orderLoader } = useAppActors();
  useEffect(() => expireOnListChanges(list, orderLoader), [list, orderLoader]);

  // /home/active → /home/done reuses this page: the list follows the URL.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    list.send({ type: 'orderList.load', tab });
  }, [list, tab]);

  useEffect(() => {
    const subs = [
      list.on('orderList.restored', (e) => notify('success', t.undo.restored(e.id))),
      list.on('orderList.trashFailed', (e) => notify('error', e.error.message)),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [list, notify]);

  return (
    <div className={s.stack}>
      {home ? <Greeting /> : <PageHeader title={t.tabTitles[tab]} actions={<NewOrderLink />} />}
      {home && <Tips />}
      <TabsWithCounters list={list} tab={tab} home={home} />
      <SearchBox key={tab} list={list} />
      <OrderListView list={list} tab={tab} />
      <UndoToast list={list} />
    </div>
  );
}

/** The tips carousel; "Скрыть советы" hides it for this customer in every browser (session data). */
function Tips() {
  const [hidden, hide] = useTipsHidden();
  if (hidden) return null;
  return (
    <div className={grid[2]}>
      <Carousel
        label={t.dashboard.tipsLabel}
        speed={400}
        interval={5000}
        pausable
        slides={t.tips.map((tip) => (
          <div key={tip.title} className={s.tip}>
            <p className={s.tipTitle}>{tip.title}</p>
            <p className={s.tipText}>{tip.text}</p>
          </div>
        ))}
      />
      <Button variant="ghost" size="sm" className={s.hideTips} onClick={hide}>
        {t.dashboard.hideTips}
      </Button>
    </div>
  );
}

function Greeting() {
  const user = useUser();
  return (
    <PageHeader
      title={t.dashboard.greeting(givenName(user?.fio))}
      description={t.dashboard.lead}
      actions={<NewOrderLink />}
    />
  );
}

function NewOrderLink() {
  return (
    <ButtonLink to="/order-new" variant="primary" iconStart={<Icon name="plus" size={18} />}>
      {t.dashboard.orderNew}
    </ButtonLink>
  );
}

function TabsWithCounters({ list, tab, home }: { list: OrderListRef; tab: OrderTab; home: boolean }) {
  const counters = useSelector(list, selectCounters);
  return (
    <Tabs label={t.dashboard.tabsLabel}>
      {TABS.map((name) => (
        <TabLink
          key={name}
          to="/home/$tab"
          params={{ tab: name }}
          // /home shows the active list without being /home/active.
          {...(home && name === tab ? { 'aria-current': 'page' as const } : {})}
          {...(counters ? { count: counters[name] } : {})}
        >
          {t.tabs[name]}
        </TabLink>
      ))}
    </Tabs>
  );
}

function SearchBox({ list }: { list: OrderListRef }) {
  const current = useSelector(list, selectSearch);
  const [value, setValue] = useState(current);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const send = (search: string) => {
    window.clearTimeout(timer.current);
    if (search.trim() !== list.getSnapshot().context.search) list.send({ type: 'orderList.load', search });
  };

  return (
    <form
      role="search"
      className={s.searchForm}
      onSubmit={(e) => {
        e.preventDefault();
        send(value);
      }}
    >
      <TextField
        label={t.search.label}
        type="search"
        name="search"
        value={value}
        placeholder={t.search.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        onChange={(e) => {
          const next = e.target.value;
          setValue(next);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => send(next), SEARCH_DELAY);
        }}
      />
    </form>
  );
}

function OrderListView({ list, tab }: { list: OrderListRef; tab: OrderTab }) {
  const headingId = useId();
  const items = useSelector(list, selectItems);
  const count = useSelector(list, selectCount);
  const loading = useSelector(list, selectIsLoading);
  const failed = useSelector(list, selectIsFailed);
  const error = useSelector(list, selectError);
  const search = useSelector(list, selectSearch);
  const busyId = useSelector(list, selectBusyId);

  const onDelete = useCallback((id: number) => list.send({ type: 'orderList.delete', id }), [list]);
  const onRestore = useCallback((id: number) => list.send({ type: 'orderList.restore', id }), [list]);

  let body;
  if (loading) {
    body = (
      <LoadingRegion label={t.list.loading}>
        <ul className={s.list}>
          {[0, 1, 2, 3].map((i) => (
            <OrderRowSkeleton key={i} />
          ))}
        </ul>
      </LoadingRegion>
    );
  } else if (failed) {
    body = (
      <Alert tone="danger" live="alert" title={t.list.failed}>
        <p>{error?.message}</p>
        <Button variant="secondary" size="sm" onClick={() => list.send({ type: 'orderList.retry' })}>
          {t.list.retry}
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = search ? (
      <EmptyState icon="compass" title={t.list.noMatch(search)} titleAs="h3">
        {t.list.noMatchText}
      </EmptyState>
    ) : (
      <EmptyState
        icon="file"
        title={t.list.empty[tab].title}
        titleAs="h3"
        actions={tab === 'active' ? <NewOrderLink /> : undefined}
      >
        {t.list.empty[tab].text}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className={s.list} data-testid="order-list" aria-labelledby={headingId}>
          {items.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              busy={busyId === order.id}
              onDelete={onDelete}
              onRestore={onRestore}
            />
          ))}
        </ul>
        <MoreButton list={list} shown={items.length} count={count} />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} aria-busy={loading || undefined}>
      <h2 id={headingId} className={text.muted} style={{ marginBottom: 12 }}>
        {t.list.label(tab)}
        {!loading && !failed && count > 0 ? ` · ${t.list.shown(items.length, count)}` : ''}
      </h2>
      {body}
    </section>
  );
}

function MoreButton({ list, shown, count }: { list: OrderListRef; shown: number; count: number }) {
  const hasMore = useSelector(list, selectHasMore);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const error = useSelector(list, selectError);
  if (!hasMore) return null;
  return (
    <div className={s.more}>
      {error && (
        <p className={text.danger} role="alert">
          {error.message}
        </p>
      )}
      <Button variant="secondary" loading={loadingMore} onClick={() => list.send({ type: 'orderList.more' })}>
        {t.list.more}
      </Button>
      <span className={text.muted}>{t.list.shown(shown, count)}</span>
    </div>
  );
}

/** After a delete: "Заказ №N перемещён в архив. [Отменить]" for 5 s (the machine times it). */
function UndoToast({ list }: { list: OrderListRef }) {
  const offered = useSelector(list, selectUndoable);
  const undoing = useSelector(list, selectIsUndoing);
  const removed = useSelector(list, selectRemoved);
  const undoRef = useRef<HTMLButtonElement>(null);
  const id = offered?.id;
  useEffect(() => {
    // The row (and its focused button) is gone: keyboard users land on the undo instead of the page top.
    if (id !== undefined && (document.activeElement === document.body || document.activeElement === null)) {
      undoRef.current?.focus();
    }
  }, [id]);
  return (
    <div className={s.undoRegion} role="status">
      {(offered || undoing) && removed && (
        <div className={s.undoToast}>
          <span>{t.undo.deleted(removed.id)}</span>
          <Button
            ref={undoRef}
            variant="secondary"
            size="sm"
            loading={undoing}
            onClick={() => list.send({ type: 'orderList.undo' })}
          >
            {t.undo.action}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t.undo.dismiss}
            onClick={() => list.send({ type: 'orderList.dismissUndo' })}
          >
            <Icon name="close" size={16} />
          </Button>
        </div>
      )}
    </div>
  );
}
