// A refund claim for an order (POST refund-claim/): the order, the reason, the sum, and the recipient with a
// country from refund-recipient-countries/. Nothing moves now: a manager decides.
import { useContext, useId } from 'react';
import { useForm } from '../../actors/use-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Select, TextField } from '../../ui/field';
import { Card, LoadingRegion, Skeleton } from '../../ui/primitives';
import { fetchCountries, fetchPaidOrders, postRefundClaim } from './api';
import { formatMoney, parseAmount } from '../../lib/money';
import { t } from './strings';
import { useResource } from '../../actors/resource';
import { MoneyOutDone } from './use-money-out';
import * as s from './withdraw.css';
import { cluster, stack, text } from '../../ui/layout.css';

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
  const onMoneyOut = useContext(MoneyOutDone);
  const paidOn = (id: unknown) => orders.find((o) => o.id === id)?.paid;
  // Field names are the request's paths, so the contract's and the server's messages land at their fields.
  const form = useForm({
    initial: {
      order_id: '',
      reason: '',
      amount: '',
      'recipient.fio': '',
      'recipient.country': 'RU',
      'recipient.account': '',
      'recipient.bank': '',
    },
    schema: 'RefundClaimRequest',
    toRequest: (v) => ({
      order_id: v.order_id ? Number(v.order_id) : (undefined as unknown as number),
      reason: v.reason.trim(),
      amount: parseAmount(v.amount) ?? (undefined as unknown as number),
      recipient: {
        fio: v['recipient.fio'].trim(),
        country: v['recipient.country'],
        account: v['recipient.account'].trim(),
        ...(v['recipient.bank'].trim() ? { bank: v['recipient.bank'].trim() } : {}),
      },
    }),
    refine: (r): Record<string, string[]> => {
      const paid = paidOn(r.order_id);
      return paid !== undefined && typeof r.amount === 'number' && r.amount > paid
        ? { amount: [t.form.amountMax(formatMoney(paid))] }
        : {};
    },
    submit: (body, { idempotencyKey }) => postRefundClaim(body, idempotencyKey),
    onDone: onMoneyOut,
  });
  const busy = form.busy;
  const reasonId = useId();
  const { error: reasonErrors, ...reason } = form.text('reason');

  if (form.done)
    return (
      <Alert tone="success" live="status">
        {t.claim.done}
      </Alert>
    );

  const reasonError = reasonErrors?.[0];
  return (
    <form {...form.props} className={stack[4]}>
      <Select
        id="claim-order"
        label={t.claim.order}
        placeholder={t.claim.pickOrder}
        options={orders.map((o) => ({
          value: String(o.id),
          label: t.claim.orderOption(o.id, o.topic, formatMoney(o.paid)),
        }))}
        {...form.text('order_id')}
        disabled={busy}
      />
      <div className={stack[2]}>
        <label htmlFor="claim-reason" className={text.label}>
          {t.claim.reason}
        </label>
        <textarea
          id="claim-reason"
          className={s.textarea}
          {...reason}
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
        {...form.text('amount')}
        disabled={busy}
      />
      <TextField
        id="claim-fio"
        label={t.claim.fio}
        autoComplete="name"
        {...form.text('recipient.fio')}
        disabled={busy}
      />
      <Select
        id="claim-country"
        label={t.claim.country}
        options={countries.map((c) => ({ value: c.code, label: c.title }))}
        {...form.text('recipient.country')}
        disabled={busy}
      />
      <TextField
        id="claim-account"
        label={t.claim.account}
        {...form.text('recipient.account')}
        disabled={busy}
      />
      <TextField label={t.claim.bank} {...form.text('recipient.bank')} disabled={busy} />
      {form.detail && (
        <Alert tone="danger" live="alert">
          {form.detail}
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
