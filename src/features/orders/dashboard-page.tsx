import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { ORDER_STATUSES, type OrderTab } from '../../../contract/order-status';
import { WORK_TYPES } from '../../../contract/orders';
import {
  EMPTY_ORDER_QUERY,
  ORDER_SORTS,
  isFiltered,
  orderQueryParams,
  orderUrlSearch,
  parseDay,
  parseOrderQuery,
  type OrderQuery,
  type OrderUrlSearch,
} from '../../../contract/order-query';
import { useAppActors } from '../../actors/app-actors';
import { useNotify, useTipsHidden, useUser } from '../../actors/hooks';
import { orderListMachine } from '../../../machines/order-list/order-list.machine';
import {
  selectBusyId,
  selectCount,
  selectCounters,
  selectDraft,
  selectError,
  selectHasMore,
  selectIsFailed,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsUndoing,
  selectItems,
  selectMatches,
  selectQuery,
  selectRemoved,
  selectUndoable,
} from '../../../machines/order-list/order-list.selectors';
import type { OrderListRequest } from '../../../machines/order-list/order-list.types';
import type { OrderList, OrderListItem } from '../../../contract/orders.api';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { Carousel } from '../../ui/carousel';
import { Checkbox, Select, TextField } from '../../ui/field';
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
import { forgetFirstPage, takeFirstPage } from '../../lib/first-screen';
import { heldList, useHeldLists } from './held-lists';
import { notePressedOrder } from './order-preview';

const TABS: readonly OrderTab[] = ['active', 'done', 'archive'];
const STATUS_OPTIONS = [
  { value: '', label: t.search.any },
  ...Object.values(ORDER_STATUSES).map((st) => ({ value: String(st.id), label: st.title })),
];
const WORK_TYPE_OPTIONS = [
  { value: '', label: t.search.any },
  ...WORK_TYPES.map((w) => ({ value: w, label: w })),
];
const SORT_OPTIONS = ORDER_SORTS.map((o) => ({ value: o, label: t.search.sorts[o] }));

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
export function OrdersDashboard({
  tab,
  home = false,
  search = {},
  firstPage,
}: {
  tab: OrderTab;
  home?: boolean;
  /** The route's validated search params: the list's query. */
  search?: OrderUrlSearch;
  /** The first page to start from; by default the one the page came with, if it is this list's (takeFirstPage). */
  firstPage?: OrderList | null;
}) {
  const query = useMemo(() => parseOrderQuery(search as Record<string, unknown>, WORK_TYPES), [search]);
  const user = useUser();
  // The first page the server wrote into the page (the signed-in first screen), for the list it is: ready at once.
  const page = firstPage === undefined ? takeFirstPage(tab, query, user?.id) : firstPage;
  const list = useActorRef(machine, {
    input: { tab, query, firstPage: page, held: heldList(user?.id, tab, query) },
  });
  useEffect(forgetFirstPage, []);
  useHeldLists(list, user?.id, page);
  const notify = useNotify();
  const navigate = useNavigate();
  const { orderLoader } = useAppActors();
  useEffect(() => expireOnListChanges(list, orderLoader), [list, orderLoader]);

  // The URL is the list's query: a tab link, back/forward, a reload or a shared link load what it says (the
  // machine ignores the query it already shows).
  // A list the app holds shows at once while it refreshes (held-lists.ts).
  const queryKey = JSON.stringify(orderQueryParams(query));
  const userId = user?.id;
  useEffect(() => {
    const q = parseOrderQuery(JSON.parse(queryKey), WORK_TYPES);
    list.send({ type: 'orderList.load', tab, query: q, held: heldList(userId, tab, q) });
  }, [list, tab, queryKey, userId]);

  const show = useCallback(
    (next: OrderQuery) =>
      void (home
        ? navigate({ to: '/home', search: orderUrlSearch(next) })
        : navigate({ to: '/home/$tab', params: { tab }, search: orderUrlSearch(next) })),
    [home, navigate, tab],
  );

  useEffect(() => {
    const subs = [
      list.on('orderList.restored', (e) => notify('success', t.undo.restored(e.id))),
      list.on('orderList.trashFailed', (e) => notify('error', e.error.message)),
      // The typed search after its pause: into the URL, which loads it.
      list.on('orderList.search', (e) => show(e.query)),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [list, notify, show]);

  return (
    <div className={s.stack}>
      {home ? <Greeting /> : <PageHeader title={t.tabTitles[tab]} actions={<NewOrderLink />} />}
      {home && <Tips />}
      <TabsWithCounters list={list} tab={tab} home={home} />
      <QueryBar list={list} query={query} onChange={show} />
      <OrderListView list={list} tab={tab} onReset={() => show(EMPTY_ORDER_QUERY)} />
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
  const matches = useSelector(list, selectMatches);
  const query = useSelector(list, selectQuery);
  // While a search or filter is on, each tab says how many orders match there; the query follows to that tab.
  const shown = matches ?? counters;
  const search = orderUrlSearch(query);
  return (
    <Tabs label={t.dashboard.tabsLabel}>
      {TABS.map((name) => (
        <TabLink
          key={name}
          to="/home/$tab"
          params={{ tab: name }}
          search={search}
          // /home shows the active list without being /home/active.
          {...(home && name === tab ? { 'aria-current': 'page' as const } : {})}
          {...(shown ? { count: shown[name] } : {})}
          {...(matches ? { title: t.search.found(matches[name]) } : {})}
        >
          {t.tabs[name]}
        </TabLink>
      ))}
    </Tabs>
  );
}

/** The search box, "Фильтры" (a panel that folds away), the sort and "Сбросить". */
function QueryBar({
  list,
  query,
  onChange,
}: {
  list: OrderListRef;
  query: OrderQuery;
  onChange: (q: OrderQuery) => void;
}) {
  const draft = useSelector(list, selectDraft);
  const panelId = useId();
  const active = Object.keys(
    orderQueryParams({ ...query, search: '', ordering: EMPTY_ORDER_QUERY.ordering }),
  ).length;
  // Opened by the customer; a link with filters opens with the panel shown, so the narrowed list explains itself.
  const [open, setOpen] = useState(active > 0);
  const set = (patch: Partial<OrderQuery>) => {
    const next: OrderQuery = { ...query, ...patch };
    for (const k of Object.keys(patch) as (keyof OrderQuery)[]) if (patch[k] === undefined) delete next[k];
    onChange(next);
  };
  const changed = isFiltered(query) || query.ordering !== EMPTY_ORDER_QUERY.ordering || draft.trim() !== '';

  return (
    <div className={grid[3]}>
      <div className={s.queryBar}>
        <form
          role="search"
          className={s.searchForm}
          onSubmit={(e) => {
            e.preventDefault();
            list.send({ type: 'orderList.submit' });
          }}
        >
          <TextField
            label={t.search.label}
            type="search"
            name="search"
            value={draft}
            placeholder={t.search.placeholder}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            onChange={(e) => list.send({ type: 'orderList.type', search: e.target.value })}
          />
        </form>
        <div className={s.queryTools}>
          <Button
            className={s.filtersButton}
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            iconStart={<Icon name="chevronDown" size={18} />}
            onClick={() => setOpen((v) => !v)}
          >
            {active ? t.search.filtersCount(active) : t.search.filters}
          </Button>
          <Select
            className={s.sortSelect}
            label={t.search.sort}
            name="ordering"
            value={query.ordering}
            options={SORT_OPTIONS}
            onChange={(e) => set({ ordering: e.target.value as OrderQuery['ordering'] })}
          />
          {changed && (
            <Button
              className={s.resetButton}
              variant="ghost"
              aria-label={t.search.resetLabel}
              onClick={() => onChange(EMPTY_ORDER_QUERY)}
            >
              {t.search.reset}
            </Button>
          )}
        </div>
      </div>
      <div
        id={panelId}
        hidden={!open}
        role="group"
        aria-label={t.search.panelLabel}
        className={s.filterPanel}
      >
        {/* Its fields exist while it is open: a dashboard renders (and a click to another tab re-renders) no
            hidden selects and date fields. */}
        {open && (
          <>
            <Select
              label={t.search.status}
              name="status"
              value={query.status === undefined ? '' : String(query.status)}
              options={STATUS_OPTIONS}
              onChange={(e) => set({ status: e.target.value ? Number(e.target.value) : undefined })}
            />
            <Select
              label={t.search.workType}
              name="work_type"
              value={query.work_type ?? ''}
              options={WORK_TYPE_OPTIONS}
              onChange={(e) => set({ work_type: e.target.value || undefined })}
            />
            <TextField
              label={t.search.deadlineFrom}
              type="date"
              name="deadline_from"
              value={query.deadline_from ?? ''}
              onChange={(e) => set({ deadline_from: parseDay(e.target.value) })}
            />
            <TextField
              label={t.search.deadlineTo}
              type="date"
              name="deadline_to"
              value={query.deadline_to ?? ''}
              onChange={(e) => set({ deadline_to: parseDay(e.target.value) })}
            />
            <div className={s.filterChecks}>
              <Checkbox
                label={t.search.awaitingPayment}
                name="awaiting_payment"
                checked={query.awaiting_payment}
                onChange={(e) => set({ awaiting_payment: e.target.checked })}
              />
              <Checkbox
                label={t.search.unread}
                name="unread"
                checked={query.unread}
                onChange={(e) => set({ unread: e.target.checked })}
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function OrderListView({ list, tab, onReset }: { list: OrderListRef; tab: OrderTab; onReset: () => void }) {
  const headingId = useId();
  const items = useSelector(list, selectItems);
  const count = useSelector(list, selectCount);
  const loading = useSelector(list, selectIsLoading);
  const failed = useSelector(list, selectIsFailed);
  const error = useSelector(list, selectError);
  const query = useSelector(list, selectQuery);
  const matches = useSelector(list, selectMatches);
  const busyId = useSelector(list, selectBusyId);

  const onDelete = useCallback((id: number) => list.send({ type: 'orderList.delete', id }), [list]);
  const onRestore = useCallback((id: number) => list.send({ type: 'orderList.restore', id }), [list]);
  const customerId = useUser()?.id;
  const onPress = useCallback(
    (order: OrderListItem) => {
      if (customerId !== undefined) notePressedOrder(customerId, order);
    },
    [customerId],
  );

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
    const elsewhere = matches && matches.active + matches.done + matches.archive > 0;
    const reset = (
      <Button variant="secondary" onClick={onReset}>
        {t.search.resetLabel}
      </Button>
    );
    body = isFiltered(query) ? (
      <EmptyState
        icon="compass"
        title={query.search ? t.list.noMatch(query.search) : t.list.noFilterMatch}
        titleAs="h3"
        actions={reset}
      >
        {elsewhere ? t.list.elsewhere : query.search ? t.list.noMatchText : t.list.noFilterMatchText}
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
              onPress={onPress}
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
