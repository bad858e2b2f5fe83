import type { SnapshotFrom } from 'xstate';
import type { orderListMachine } from './order-list.machine';

type OrderListSnapshot = SnapshotFrom<typeof orderListMachine>;

export const selectItems = (s: OrderListSnapshot) => s.context.items;
export const selectCount = (s: OrderListSnapshot) => s.context.count;
export const selectCounters = (s: OrderListSnapshot) => s.context.counters;
export const selectSearch = (s: OrderListSnapshot) => s.context.query.search;
export const selectQuery = (s: OrderListSnapshot) => s.context.query;
export const selectDraft = (s: OrderListSnapshot) => s.context.draft;
/** While a search or filter is on: the matches of each tab; else null (the tabs show their totals). */
export const selectMatches = (s: OrderListSnapshot) => s.context.matches;
export const selectTab = (s: OrderListSnapshot) => s.context.tab;
export const selectError = (s: OrderListSnapshot) => s.context.error;
export const selectHasMore = (s: OrderListSnapshot) => s.context.hasMore;
/** Page 1 of a query is loading: the rows are skeletons. */
export const selectIsLoading = (s: OrderListSnapshot) => s.hasTag('loading');
/** The rows shown are a held copy whose fresh page 1 is on its way. */
export const selectIsRefreshing = (s: OrderListSnapshot) => s.hasTag('refreshing');
export const selectIsLoadingMore = (s: OrderListSnapshot) => s.hasTag('loadingMore');
export const selectIsFailed = (s: OrderListSnapshot) => s.hasTag('error');
/** Loaded and nothing matches. */
export const selectIsEmpty = (s: OrderListSnapshot) =>
  s.matches({ list: 'ready' }) && s.context.items.length === 0;
export const selectBusyId = (s: OrderListSnapshot) => s.context.busyId;
/** The order whose delete can still be undone (the toast), or null. */
export const selectUndoable = (s: OrderListSnapshot) =>
  s.matches({ trash: 'undoable' }) ? (s.context.removed?.item ?? null) : null;
export const selectIsUndoing = (s: OrderListSnapshot) =>
  s.matches({ trash: 'restoring' }) && s.context.removed?.item.id === s.context.busyId;
/** The last deleted order remembered for "Отменить" (also while the undo runs). */
export const selectRemoved = (s: OrderListSnapshot) => s.context.removed?.item ?? null;
