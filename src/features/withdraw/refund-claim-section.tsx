// A refund claim for an order (POST refund-claim/): the order, the reason, the sum, and the recipient with a
// country from refund-recipient-countries/. Nothing moves now: a manager decides.
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { RefundClaimRequest } from '../../../contract/payments.api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Select, TextField } from '../../ui/field';
import { Card, LoadingRegion, Skeleton } from '../../ui/primitives';
import {
  selectError,
  selectIsDone,
  selectIsSubmitting,
} from '../../../machines/withdrawal/withdrawal.selectors';
import { fetchCountries, fetchPaidOrders, postRefundClaim } from './api';
import { formatMoney, parseAmount } from '../../lib/money';
import { t } from './strings';
import { useResource } from '../../actors/resource';
import { useMoneyOut } from './use-money-out';
import * as s from './withdraw.css';
import { cluster, stack, text } from '../../ui/layout.css';

type Field = 'order' | 'reason' | 'amount' | 'fio' | 'country' | 'account';

export function RefundClaimSection() {
  const orders = useResource((_, signal) => fetchPaidOrders(signal), 'paid-orders');
  const countries = useResource((_, signal) => fetchCountries(signal), 'countries');
  const loading = (orders.loading && !orders.data) || (countries.loading && !countries.data);
  const error = (orders.error ?? countries.error)?.message;
  return (
    <Card as="section" aria-labelledby="claim-title">
      <div className={stack[4]}>
        <div>
          <h2 id="claim-title" className={text.title}>
            {t.claim.title}
          </h2>
          <p className={s.lead}>{t.claim.lead}</p>
        </div>
        {loading ? (
          <LoadingRegion>
            <Skeleton height="3rem" />
          </LoadingRegion>
        ) : error && !(orders.data && countries.data) ? (
          <Alert tone="danger" live="alert" title={t.loadFailed}>
            {error}{' '}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                orders.reload();
                countries.reload();
              }}
            >
              {t.retry}
            </Button>
          </Alert>
        ) : !orders.data?.length ? (
          <p className={text.muted}>{t.claim.noOrders}</p>
        ) : (
          <ClaimForm
            orders={orders.data.map((o) => ({ id: o.id, topic: o.topic, paid: o.paid }))}
            countries={countries.data ?? []}
          />
        )}
      </div>
    </Card>
  );
}

function ClaimForm({
  orders,
  countries,
}: {
  orders: { id: number; topic: string; paid: number }[];
  countries: { code: string; title: string }[];
}) {
  const [values, setValues] = useState<Record<Field, string> & { bank: string }>({
    order: '',
    reason: '',
    amount: '',
    fio: '',
    country: 'RU',
    account: '',
    bank: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const actor = useMoneyOut(async (request, k) => {
    await postRefundClaim(request as unknown as RefundClaimRequest, k);
    return {};
  });
  const busy = useSelector(actor, selectIsSubmitting);
  const done = useSelector(actor, selectIsDone);
  const failure = useSelector(actor, selectError);
  const server = failure?.fields ?? {};
  const reasonId = useId();
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const order = orders.find((o) => String(o.id) === values.order);

  function submit() {
    if (busy) return;
    const e: Partial<Record<Field, string>> = {};
    if (!order) e.order = t.claim.orderRequired;
    if (!values.reason.trim()) e.reason = t.claim.required;
    const amount = parseAmount(values.amount);
    if (amount === null) e.amount = t.form.amountInvalid;
    else if (order && amount > order.paid) e.amount = t.form.amountMax(formatMoney(order.paid));
    if (!values.fio.trim()) e.fio = t.claim.required;
    if (!values.country) e.country = t.claim.pickCountry;
    if (!values.account.trim()) e.account = t.claim.required;
    setErrors(e);
    const first = Object.keys(e)[0];
    if (first) {
      document.getElementById(`claim-${first}`)?.focus();
      return;
    }
    const request: RefundClaimRequest = {
      order_id: order!.id,
      reason: values.reason.trim(),
      amount: amount!,
      recipient: {
        fio: values.fio.trim(),
        country: values.country,
        account: values.account.trim(),
        ...(values.bank.trim() ? { bank: values.bank.trim() } : {}),
      },
    };
    actor.send({ type: 'withdrawal.submit', request: request as unknown as Record<string, unknown> });
  }

  if (done)
    return (
      <Alert tone="success" live="status">
        {t.claim.done}
      </Alert>
    );

  const reasonError = errors.reason ?? server.reason?.[0];
  const shownServerField = [
    'order_id',
    'reason',
    'amount',
    'recipient.fio',
    'recipient.country',
    'recipient.account',
  ].some((k) => server[k]);
  return (
    <form
      className={stack[4]}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Select
        id="claim-order"
        label={t.claim.order}
        placeholder={t.claim.pickOrder}
        options={orders.map((o) => ({
          value: String(o.id),
          label: t.claim.orderOption(o.id, o.topic, formatMoney(o.paid)),
        }))}
        value={values.order}
        onChange={set('order')}
        error={errors.order ?? server.order_id}
        disabled={busy}
      />
      <div className={stack[2]}>
        <label htmlFor="claim-reason" className={text.label}>
          {t.claim.reason}
        </label>
        <textarea
          id="claim-reason"
          className={s.textarea}
          value={values.reason}
          onChange={set('reason')}
          maxLength={2000}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? reasonId : undefined}
          disabled={busy}
        />
        {reasonError && (
          <span id={reasonId} className={text.danger}>
            {reasonError}
          </span>
        )}
      </div>
      <TextField
        id="claim-amount"
        label={t.claim.amount}
        inputMode="numeric"
        value={values.amount}
        onChange={set('amount')}
        error={errors.amount ?? server.amount}
        disabled={busy}
      />
      <TextField
        id="claim-fio"
        label={t.claim.fio}
        autoComplete="name"
        value={values.fio}
        onChange={set('fio')}
        error={errors.fio ?? server['recipient.fio']}
        disabled={busy}
      />
      <Select
        id="claim-country"
        label={t.claim.country}
        options={countries.map((c) => ({ value: c.code, label: c.title }))}
        value={values.country}
        onChange={set('country')}
        error={errors.country ?? server['recipient.country']}
        disabled={busy}
      />
      <TextField
        id="claim-account"
        label={t.claim.account}
        value={values.account}
        onChange={set('account')}
        error={errors.account ?? server['recipient.account']}
        disabled={busy}
      />
      <TextField label={t.claim.bank} value={values.bank} onChange={set('bank')} disabled={busy} />
      {failure && !shownServerField && (
        <Alert tone="danger" live="alert">
          {failure.message}
        </Alert>
      )}
      <div className={cluster[3]}>
        <Button type="submit" variant="secondary" loading={busy}>
          {t.claim.submit}
        </Button>
      </div>
    </form>
  );
}
