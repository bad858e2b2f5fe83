import { Link, useRouter } from '@tanstack/react-router';
import { memo } from 'react';
import type { OrderListItem } from '../../../contract/orders.api';
import { ORDER_STATUSES } from '../../../contract/order-status';
import { formatShortDay } from '../../lib/dates';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Badge, Skeleton, VisuallyHidden } from '../../ui/primitives';
import { statusTone } from './format';
import { formatMoney } from '../../lib/money';
import * as s from './orders.css';
import { cluster } from '../../ui/layout.css';
import { t } from './strings';

/** Orders in work cannot go to the archive (the server refuses them). */
const UNDELETABLE: readonly number[] = [ORDER_STATUSES.inWork.id, ORDER_STATUSES.rework.id];

type RowProps = {
  order: OrderListItem;
  busy: boolean;
  /** The row's link is pressed (before its click): the order's page can start from the row. */
  onPress?: (order: OrderListItem) => void;
  onDelete: (id: number) => void;
  onRestore: (id: number) => void;
};

/** One order of a list: status, topic (the link to the order), work type, deadline, price/paid, unread chat. */
export const OrderRow = memo(function OrderRow({ order, busy, onPress, onDelete, onRestore }: RowProps) {
  const titleId = `order-${order.id}-title`;
  const router = useRouter();
  return (
    <li className={s.row} aria-labelledby={titleId} data-order-id={order.id}>
      <div className={s.rowMain}>
        <div className={cluster[2]}>
          <span className={s.rowNumber}>{t.row.number(order.id)}</span>
          <Badge tone={statusTone(order.status.id)}>{order.status.title}</Badge>
          <span className={s.rowNumber}>{order.work_type}</span>
        </div>
        <h3 className={s.rowTitle} id={titleId}>
          {order.is_trash ? (
            order.topic
          ) : (
            <Link
              // The order's default tab itself: /order/{id} redirects there, a second pass of the route guards
              // after the click (dashboard → order page 225 → 205 ms at 4× CPU, median of 9 A/B: docs/performance.md).
              to="/order/$id/chat"
              params={{ id: order.id }}
              className={s.rowLink}
              // The press is the intent: the order's read starts before the click lands (the router preloads no
              // link on a hover or touch: src/app/router.ts).
              onPointerDown={() => {
                onPress?.(order);
                void router.preloadRoute({ to: '/order/$id/chat', params: { id: order.id } });
              }}
            >
              {order.topic}
            </Link>
          )}
        </h3>
        <dl className={s.rowFacts}>
          <div className={s.fact}>
            <dt className={s.factLabel}>{t.row.deadline}:</dt>
            <dd className={s.factValue}>{formatShortDay(order.deadline)}</dd>
          </div>
          <div className={s.fact}>
            <dt className={s.factLabel}>{t.row.price}:</dt>
            <dd className={s.factValue}>{order.price > 0 ? formatMoney(order.price) : t.row.priceUnknown}</dd>
          </div>
          {order.price > 0 && (
            <div className={s.fact}>
              <dt className={s.factLabel}>{t.row.paid}:</dt>
              <dd className={s.factValue}>{formatMoney(order.paid)}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className={s.rowSide}>
        {order.unread > 0 ? (
          <span className={s.unread} title={t.row.unread(order.unread)}>
            <Icon name="mail" size={14} />
            <span aria-hidden="true">{order.unread}</span>
            <VisuallyHidden>{t.row.unread(order.unread)}</VisuallyHidden>
          </span>
        ) : (
          <span />
        )}
        {order.is_trash ? (
          <Button
            variant="secondary"
            size="sm"
            loading={busy}
            aria-label={t.row.restoreLabel(order.id)}
            onClick={() => onRestore(order.id)}
            iconStart={<Icon name="refresh" size={16} />}
          >
            {t.row.restore}
          </Button>
        ) : (
          !UNDELETABLE.includes(order.status.id) && (
            <Button
              variant="ghost"
              size="sm"
              loading={busy}
              aria-label={t.row.deleteLabel(order.id)}
              onClick={() => onDelete(order.id)}
              iconStart={<Icon name="close" size={16} />}
            >
              {t.row.delete}
            </Button>
          )
        )}
      </div>
    </li>
  );
});

export function OrderRowSkeleton() {
  return (
    <li className={s.skeletonRow}>
      <div className={s.rowMain}>
        <Skeleton width="40%" height="1em" />
        <Skeleton width="85%" height="1.25em" />
        <Skeleton width="60%" height="0.9em" />
      </div>
    </li>
  );
}
