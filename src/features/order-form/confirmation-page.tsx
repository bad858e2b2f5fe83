import { ORDER_STATUSES } from '../../../contract/order-status';
import { useResourceActor } from '../../actors/resource';
import { Button, ButtonLink } from '../../ui/button';
import { Badge, Card, EmptyState, LoadingRegion, PageHeader, Skeleton } from '../../ui/primitives';
import * as s from './order-form.css';
import { formatDay } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import type { ConfirmationResource } from './resources';
import { t } from './strings';

/**
 * /order/{id}/welcome and /order/{id}/success (GET welcome/ or success/ ?order_id=): summary and next steps. The
 * read is the route's (`confirmationResource`, started by its loader).
 */
export function OrderConfirmationPage({
  kind,
  resource,
}: {
  kind: 'welcome' | 'success';
  resource: ConfirmationResource;
}) {
  const { data, error, reload } = useResourceActor(resource);

  if (!data && !error) {
    return (
      <LoadingRegion label={t.confirmation.loading}>
        <div className={s.confirmation}>
          <Skeleton height={40} width="60%" />
          <Skeleton height={180} radius={12} />
          <Skeleton height={140} radius={12} />
        </div>
      </LoadingRegion>
    );
  }
  if (!data) {
    return (
      <EmptyState
        icon="alertCircle"
        tone="danger"
        titleAs="h1"
        title={t.confirmation.failedTitle}
        actions={
          <>
            <Button onClick={reload}>{t.retry}</Button>
            <ButtonLink to="/home" variant="secondary">
              {t.confirmation.allOrders}
            </ButtonLink>
          </>
        }
      >
        {error?.message}
      </EmptyState>
    );
  }

  const { order, title, next_steps, is_first_order } = data;
  const awaitingPayment = order.status.id === ORDER_STATUSES.awaitingPayment.id;
  return (
    <div className={s.confirmation}>
      <div className={s.hero}>
        {kind === 'success' && is_first_order && <Badge tone="success">{t.confirmation.firstOrder}</Badge>}
        <PageHeader title={title} />
      </div>
      <Card as="section" aria-labelledby="confirmation-summary">
        <h2 id="confirmation-summary" className={s.sectionTitle}>
          {t.confirmation.order(order.id)}
        </h2>
        <dl className={s.summary}>
          <dt className={s.summaryTerm}>{t.confirmation.workType}</dt>
          <dd className={s.summaryValue}>{order.work_type}</dd>
          <dt className={s.summaryTerm}>{t.confirmation.topic}</dt>
          <dd className={s.summaryValue}>{order.topic}</dd>
          <dt className={s.summaryTerm}>{t.confirmation.deadline}</dt>
          <dd className={s.summaryValue}>{formatDay(order.deadline)}</dd>
          <dt className={s.summaryTerm}>{t.confirmation.price}</dt>
          <dd className={s.summaryValue}>
            {order.price > 0 ? formatMoney(order.price) : t.confirmation.priceByManager}
          </dd>
          <dt className={s.summaryTerm}>{t.confirmation.status}</dt>
          <dd className={s.summaryValue}>{order.status.title}</dd>
        </dl>
      </Card>
      <Card as="section" aria-labelledby="confirmation-steps">
        <h2 id="confirmation-steps" className={s.sectionTitle}>
          {t.confirmation.nextSteps}
        </h2>
        <ol className={s.steps}>
          {next_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>
      <div className={s.actions}>
        {awaitingPayment ? (
          <ButtonLink to="/order/$id/pay" params={{ id: order.id }} size="lg">
            {t.confirmation.pay}
          </ButtonLink>
        ) : null}
        <ButtonLink
          to="/order/$id"
          params={{ id: order.id }}
          size="lg"
          variant={awaitingPayment ? 'secondary' : 'primary'}
        >
          {t.confirmation.toOrder}
        </ButtonLink>
        <ButtonLink to="/home/$tab" params={{ tab: 'active' }} size="lg" variant="ghost">
          {t.confirmation.allOrders}
        </ButtonLink>
      </div>
    </div>
  );
}
