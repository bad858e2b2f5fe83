// /order/{id}/pay and /pay-packet/{id}: the sum, bonus and balance use, the fee or installment terms, the method,
// and one pay button that cannot pay twice (the `payment` machine locks it and keeps one key per attempt).
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { PaymentMethodId } from '../../../contract/payments';
import type { PaymentMethod, PayRequest } from '../../../contract/payments.api';
import { useFinances } from '../../actors/hooks';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { Checkbox } from '../../ui/field';
import { Icon } from '../../ui/icon';
import { Card, EmptyState, PageHeader } from '../../ui/primitives';
import { paymentMachine } from '../../../machines/payment/payment.machine';
import { availableMethods, feeOf, monthlyInstalment, quote } from '../../../machines/payment/payment.rules';
import {
  selectError,
  selectIsLocked,
  selectIsPaid,
  selectIsRedirecting,
} from '../../../machines/payment/payment.selectors';
import { fetchFinances, fetchMethods, pay } from './api';
import { formatMoney } from '../../lib/money';
import * as s from './payments.css';
import { stack, text } from '../../ui/layout.css';
import { t } from './strings';
import { useReportFinances } from './use-finances';
import { useFreshFinances } from '../../actors/finances';
import { useResource, useResourceActor } from '../../actors/resource';
import type { CheckoutTarget, Payable, PayableResource } from './resources';
import { ListSkeleton, LoadError } from './waiting-page';
import { useIsOffline } from '../../actors/connectivity';

export type { CheckoutTarget };

export function CheckoutPage({ target, resource }: { target: CheckoutTarget; resource: PayableResource }) {
  useFreshFinances(fetchFinances);
  const { data, error, loading, reload } = useResourceActor(resource);
  const title =
    target.purpose === 'order' ? t.checkout.orderTitle(target.id) : t.checkout.packetTitle(target.id);
  const backTo = target.purpose === 'order' ? `/order/${target.id}` : '/payments/pay';

  return (
    <div className={s.page}>
      <Link to={backTo} className={s.back}>
        <Icon name="arrowLeft" size={16} />
        {t.checkout.back}
      </Link>
      <PageHeader
        title={title}
        description={
          target.purpose === 'packet' && data ? t.checkout.packetLead(data.orders.length) : undefined
        }
      />
      {loading && !data ? (
        <ListSkeleton rows={2} />
      ) : error && !data ? (
        <LoadError message={error.message} onRetry={reload} />
      ) : data?.closed ? (
        <Card>
          <EmptyState
            icon={data.closed === 'paid' ? 'checkCircle' : 'info'}
            tone={data.closed === 'paid' ? 'success' : 'neutral'}
            title={
              data.closed === 'paid'
                ? t.checkout.paidTitle
                : target.purpose === 'packet'
                  ? t.checkout.packetEmptyTitle
                  : t.checkout.notAwaitingTitle
            }
            actions={
              <ButtonLink to={backTo} variant="secondary">
                {target.purpose === 'order' ? t.checkout.toOrder : t.tabs.pay}
              </ButtonLink>
            }
          >
            {data.closed === 'notAwaiting' && target.purpose === 'order' ? t.checkout.notAwaitingText : null}
          </EmptyState>
        </Card>
      ) : data ? (
        <CheckoutForm target={target} orders={data.orders} />
      ) : null}
    </div>
  );
}

function CheckoutForm({ target, orders }: { target: CheckoutTarget; orders: Payable['orders'] }) {
  const known = useFinances();
  const finances = useMemo(() => known ?? { money: 0, bonus: 0 }, [known]);
  const report = useReportFinances();
  const [useBonus, setUseBonus] = useState(false);
  const [useMoney, setUseMoney] = useState(false);
  const [chosen, setChosen] = useState<PaymentMethodId>('card');

  const q = useMemo(
    () => quote(orders, finances, { useBonus, useMoney }),
    [orders, finances, useBonus, useMoney],
  );
  // The methods for the sum due; the last list stays while another sum's loads.
  const methodsLoad = useResource(fetchMethods, q.due);
  const methods = methodsLoad.latest?.payment_methods ?? [];
  const offered = availableMethods(methods, q);
  const method: PaymentMethodId | undefined = offered.includes(chosen) ? chosen : offered[0];
  const methodInfo = methods.find((m) => m.id === method);

  const payment = useActorRef(
    paymentMachine.provide({
      actors: { pay: fromPromise(({ input }) => pay(input.request, input.idempotencyKey)) },
      actions: {
        goToProvider: (_, url) => window.location.assign(url),
        reportFinances: (_, f) => report(f),
      },
    }),
    { input: {} },
  );
  const locked = useSelector(payment, selectIsLocked);
  // Needs the server: disabled while "Нет соединения" shows (docs/features.md "Offline").
  const offline = useIsOffline();
  const redirecting = useSelector(payment, selectIsRedirecting);
  const paid = useSelector(payment, selectIsPaid);
  const failure = useSelector(payment, selectError);

  if (paid)
    return (
      <Card>
        <EmptyState
          icon="checkCircle"
          tone="success"
          title={t.checkout.paidTitle}
          actions={
            target.purpose === 'order' ? (
              <ButtonLink to="/order/$id" params={{ id: target.id }}>
                {t.checkout.toOrder}
              </ButtonLink>
            ) : (
              <ButtonLink to="/home">{t.toOrders}</ButtonLink>
            )
          }
        >
          <span role="status">{t.checkout.paidText}</span>
        </EmptyState>
      </Card>
    );

  const submit = () => {
    if (!method || locked) return;
    const request: PayRequest = {
      purpose: target.purpose,
      ...(target.purpose === 'order' ? { order_id: target.id } : { packet_id: target.id }),
      method,
      use_bonus: useBonus,
      use_money: method === 'balance' || useMoney,
      back: target.purpose === 'order' ? `/order/${target.id}/pay` : `/pay-packet/${target.id}`,
    };
    payment.send({ type: 'payment.submit', request });
  };
  const fee = feeOf(methodInfo, q.external);

  return (
    <div className={s.columns}>
      <Card as="section" aria-labelledby="pay-options">
        <form
          className={stack[4]}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <h2 id="pay-options" className={text.title}>
            {t.checkout.optionsTitle}
          </h2>
          <fieldset className={s.fieldset} disabled={locked}>
            <legend className={s.legend}>{t.checkout.balances}</legend>
            {finances.bonus > 0 && (
              <Checkbox
                label={t.checkout.useBonus(formatMoney(finances.bonus))}
                checked={useBonus}
                onChange={(e) => setUseBonus(e.target.checked)}
              />
            )}
            {finances.money > 0 && (
              <Checkbox
                label={t.checkout.useMoney(formatMoney(finances.money))}
                checked={useMoney}
                onChange={(e) => setUseMoney(e.target.checked)}
              />
            )}
          </fieldset>
          <MethodChoice
            methods={methods}
            offered={offered}
            value={method}
            onChange={setChosen}
            sum={q.external}
            disabled={locked}
            loading={methodsLoad.loading && !methodsLoad.data}
          />
          {methodsLoad.error && !methodsLoad.data && (
            <LoadError message={methodsLoad.error.message} onRetry={methodsLoad.reload} />
          )}
          {failure && (
            <Alert tone="danger" live="alert" title={t.checkout.failed}>
              {failure.message}
            </Alert>
          )}
          {redirecting && (
            <Alert tone="info" live="status">
              {t.checkout.redirecting}
            </Alert>
          )}
          <Button type="submit" size="lg" block loading={locked} disabled={!method || offline}>
            {method === 'balance' ? t.checkout.payFromBalance : t.checkout.pay(formatMoney(q.external + fee))}
          </Button>
        </form>
      </Card>
      <Card as="aside" aria-label={t.checkout.summary}>
        <dl className={stack[2]}>
          {orders.length > 1 &&
            orders.map((o) => (
              <SummaryRow key={o.id} label={`№${o.id}`} value={formatMoney(o.price - o.paid)} />
            ))}
          <SummaryRow label={t.checkout.price} value={formatMoney(orders.reduce((x, o) => x + o.price, 0))} />
          {orders.some((o) => o.paid > 0) && (
            <SummaryRow
              label={t.checkout.alreadyPaid}
              value={formatMoney(orders.reduce((x, o) => x + o.paid, 0))}
            />
          )}
          <SummaryRow label={t.checkout.due} value={formatMoney(q.due)} />
          {q.bonus > 0 && <SummaryRow label={t.checkout.bonusPart} value={`−${formatMoney(q.bonus)}`} />}
          {q.money > 0 && <SummaryRow label={t.checkout.moneyPart} value={`−${formatMoney(q.money)}`} />}
          {method && method !== 'balance' && <SummaryRow label={t.checkout.fee} value={formatMoney(fee)} />}
          <SummaryRow total label={t.checkout.toPay} value={formatMoney(q.external + fee)} />
        </dl>
      </Card>
    </div>
  );
}

function SummaryRow({ label, value, total }: { label: string; value: string; total?: boolean }) {
  return (
    <div className={`${s.summaryRow} ${total ? s.summaryTotal : ''}`}>
      <dt className={total ? undefined : s.summaryLabel}>{label}</dt>
      <dd className={text.money}>{value}</dd>
    </div>
  );
}

function MethodChoice(props: {
  methods: PaymentMethod[];
  offered: PaymentMethodId[];
  value: PaymentMethodId | undefined;
  onChange: (id: PaymentMethodId) => void;
  sum: number;
  disabled: boolean;
  loading: boolean;
}) {
  const { methods, offered, value, onChange, sum, disabled, loading } = props;
  if (loading) return <p className={text.muted}>{t.checkout.methodsLoading}</p>;
  return (
    <fieldset className={s.fieldset} disabled={disabled}>
      <legend className={s.legend}>{t.checkout.method}</legend>
      {methods
        .filter((m) => offered.includes(m.id))
        .map((m) => (
          <label key={m.id} className={s.choice}>
            <input
              type="radio"
              name="method"
              className={s.choiceInput}
              value={m.id}
              checked={value === m.id}
              onChange={() => onChange(m.id)}
            />
            <span className={stack[1]}>
              <span>{t.methods[m.id] ?? m.title}</span>
              {m.id === 'installments' && (
                <span className={text.muted}>
                  {(m.installments?.months ?? [])
                    .map((n) => t.checkout.installmentsTerms(n, formatMoney(monthlyInstalment(sum, n))))
                    .join(' · ')}
                  . {t.checkout.installmentsNote}
                </span>
              )}
              {m.id === 'balance' && <span className={text.muted}>{t.checkout.balanceCovers}</span>}
              {m.fee_percent > 0 && m.id !== 'balance' && (
                <span className={text.muted}>
                  {t.checkout.fee}: {m.fee_percent} %
                </span>
              )}
            </span>
          </label>
        ))}
    </fieldset>
  );
}
