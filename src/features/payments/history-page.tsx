// /payments/history: the ledger of the customer, page by page, filtered by kind and dates.
import { useState } from 'react';
import type { LedgerKind } from '../../../contract/payments';
import type { HistoryRow } from '../../../contract/payments.api';
import { Button } from '../../ui/button';
import { Select, TextField } from '../../ui/field';
import { Card, EmptyState } from '../../ui/primitives';
import { HISTORY_PAGE_SIZE, type HistoryQuery } from './api';
import { formatShortMonthDateTime } from '../../lib/dates';
import { formatSigned } from '../../lib/money';
import * as s from './payments.css';
import { text } from '../../ui/layout.css';
import { t } from './strings';
import { useResourceActor } from '../../actors/resource';
import { selectKey } from '../../../machines/resource/resource.selectors';
import { FIRST_HISTORY_PAGE, historyIsStale, type HistoryResource } from './resources';
import { ListSkeleton, LoadError } from './waiting-page';

const KIND_OPTIONS = [
  { value: '', label: t.history.allKinds },
  ...(Object.entries(t.kinds) as [LedgerKind, string][]).map(([value, label]) => ({ value, label })),
];

const title = (r: HistoryRow) => r.title || t.kinds[r.kind];

export function HistoryPage({ resource }: { resource: HistoryResource }) {
  // The page and filters the customer left: the route's resource keeps its query between visits.
  const [query, setQuery] = useState<HistoryQuery>(() => selectKey(resource.getSnapshot()));
  const view = useResourceActor(resource, { key: query, reloadOn: historyIsStale });
  // While another page or filter loads, the rows shown stay up (marked busy) instead of a skeleton.
  const { latest: data, error, reload } = view;
  const loading = view.loading || view.refreshing;
  const set = (patch: Partial<HistoryQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));
  const pages = data ? Math.max(1, Math.ceil(data.count / HISTORY_PAGE_SIZE)) : 1;
  const filtered = Boolean(query.kind || query.from || query.to);

  return (
    <section className={s.section} aria-labelledby="history-title">
      <h2 id="history-title" className={text.title}>
        {t.history.title}
      </h2>
      <div className={s.filters} role="group" aria-label={t.history.filters}>
        <Select
          label={t.history.kind}
          options={KIND_OPTIONS}
          value={query.kind ?? ''}
          onChange={(e) => set({ kind: e.target.value as LedgerKind | '' })}
        />
        <TextField
          label={t.history.from}
          type="date"
          value={query.from ?? ''}
          max={query.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
        <TextField
          label={t.history.to}
          type="date"
          value={query.to ?? ''}
          min={query.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
        <Button variant="ghost" disabled={!filtered} onClick={() => setQuery(FIRST_HISTORY_PAGE)}>
          {t.history.reset}
        </Button>
      </div>
      {loading && !data ? (
        <ListSkeleton rows={5} />
      ) : error && !data ? (
        <LoadError message={error.message} onRetry={reload} />
      ) : !data || data.results.length === 0 ? (
        <Card>
          <EmptyState icon="clock" title={t.history.emptyTitle}>
            {filtered ? t.history.emptyText : null}
          </EmptyState>
        </Card>
      ) : (
        <>
          <p className={text.muted} aria-live="polite">
            {t.history.count(data.count)}
          </p>
          <ul className={s.list} aria-label={t.history.listLabel} aria-busy={loading || undefined}>
            {data.results.map((r) => (
              <li key={r.id} className={s.historyRow}>
                <div className={s.rowMain}>
                  <span className={s.rowTitle}>{title(r)}</span>
                  <span className={text.muted}>
                    {/* The kind only when the title does not already say it ("Пополнение баланса"). */}
                    {!title(r).startsWith(t.kinds[r.kind]) && (
                      <>
                        <span className={s.metaPart}>{t.kinds[r.kind]}</span>
                        {' · '}
                      </>
                    )}
                    <time className={s.metaPart} dateTime={r.created_at}>
                      {formatShortMonthDateTime(r.created_at)}
                    </time>
                    {r.account === 'bonus' && (
                      <>
                        {' · '}
                        <span className={s.metaPart}>{t.history.bonus}</span>
                      </>
                    )}
                  </span>
                </div>
                <span className={`${s.sum} ${s.historySum} ${r.amount > 0 ? s.plus : ''}`}>
                  {formatSigned(r.amount)}
                </span>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className={s.pager} aria-label={t.history.pagination}>
              <Button
                variant="secondary"
                size="sm"
                disabled={!data.previous}
                onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
              >
                {t.history.prev}
              </Button>
              <span aria-current="page">{t.history.pageOf(query.page, pages)}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={!data.next}
                onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
              >
                {t.history.next}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
