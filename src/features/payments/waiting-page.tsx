// /payments/pay: the orders waiting for payment; several can be paid together as a packet.
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { WaitingOrder } from '../../../contract/payments.api';
import { useNotify } from '../../actors/hooks';
import { useAction } from '../../actors/use-action';
import { Button, ButtonLink } from '../../ui/button';
import { Card, EmptyState, LoadingRegion, Skeleton } from '../../ui/primitives';
import { createPacket } from './api';
import { formatDayMonth } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import * as s from './payments.css';
import { text } from '../../ui/layout.css';
import { t } from './strings';
import { useResourceActor } from '../../actors/resource';
import { waitingIsStale, type WaitingResource } from './resources';

export function WaitingPage({ resource }: { resource: WaitingResource }) {
  const { data, error, loading, reload } = useResourceActor(resource, { reloadOn: waitingIsStale });
  if (loading && !data) return <ListSkeleton />;
  if (error && !data) return <LoadError message={error.message} onRetry={reload} />;
  const orders = data?.results ?? [];
  if (orders.length === 0)
    return (
      <Card>
        <EmptyState icon="checkCircle" tone="success" title={t.waiting.emptyTitle}>
          {t.waiting.emptyText}
        </EmptyState>
      </Card>
    );
  return <WaitingList orders={orders} />;
}

function WaitingList({ orders }: { orders: WaitingOrder[] }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const navigate = useNavigate();
  const notify = useNotify();
  // One Idempotency-Key per attempt: kept while the same selection is retried, new for another selection.
  const packing = useAction({
    keyed: (key, ids: number[]) => createPacket(ids, key),
    onDone: (packet) => void navigate({ to: '/pay-packet/$id', params: { id: packet.id } }),
    onError: (error) => notify('error', error.message),
  });
  // After a success the packet's page is loading: the button stays busy until it shows.
  const busy = packing.busy || packing.done;

  const chosen = useMemo(() => orders.filter((o) => selected.has(o.id)), [orders, selected]);
  const total = chosen.reduce((sum, o) => sum + o.sum, 0);
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function payTogether() {
    if (busy || chosen.length < 2) return;
    packing.run(chosen.map((o) => o.id).sort((a, b) => a - b));
  }

  return (
    <section className={s.section} aria-labelledby="waiting-title">
      <div>
        <h2 id="waiting-title" className={text.title}>
          {t.waiting.title}
        </h2>
        <p className={text.muted}>{t.waiting.lead}</p>
      </div>
      <ul className={s.list}>
        {orders.map((o) => (
          <li key={o.id} className={s.row}>
            <input
              type="checkbox"
              className={s.check}
              checked={selected.has(o.id)}
              onChange={() => toggle(o.id)}
              aria-label={t.waiting.select(o.topic)}
            />
            <div className={s.rowMain}>
              <span className={s.rowTitle}>{o.topic}</span>
              <span className={text.muted}>
                {t.waiting.order(o.id)} · {o.work_type} · {t.waiting.deadline(formatDayMonth(o.deadline))}
                {o.paid > 0 && ` · ${t.waiting.paidPart(formatMoney(o.paid))}`}
              </span>
            </div>
            <div className={s.rowAside}>
              <span className={s.sum}>{formatMoney(o.sum)}</span>
              <ButtonLink
                to="/order/$id/pay"
                params={{ id: o.id }}
                size="sm"
                aria-label={t.waiting.payOne(o.id)}
              >
                {t.waiting.pay}
              </ButtonLink>
            </div>
          </li>
        ))}
      </ul>
      <div className={s.actionBar}>
        <span aria-live="polite">
          {chosen.length > 0 ? t.waiting.selected(chosen.length, formatMoney(total)) : t.waiting.packetHint}
        </span>
        <Button onClick={payTogether} disabled={chosen.length < 2} loading={busy}>
          {t.waiting.payPacket}
        </Button>
      </div>
    </section>
  );
}

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <LoadingRegion>
      <div className={s.list}>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} height="76px" radius="12px" />
        ))}
      </div>
    </LoadingRegion>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card>
      <EmptyState
        icon="alertCircle"
        tone="danger"
        title={t.loadFailed}
        actions={
          <Button variant="secondary" onClick={onRetry}>
            {t.retry}
          </Button>
        }
      >
        <span role="alert">{message}</span>
      </EmptyState>
    </Card>
  );
}
