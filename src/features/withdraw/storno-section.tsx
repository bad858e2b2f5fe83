// Storno refunds: card/SBP payments that can still go back to their card (GET refund-storno/), chosen with
// checkboxes; POST refund-storno/ { refund_sum, pay_ids } takes the sum from the money balance.
import { useContext, useState } from 'react';
import type { RefundStornoRow } from '../../../contract/payments.api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Card, LoadingRegion, Skeleton } from '../../ui/primitives';
import { fetchRefundExtra, fetchStornoRows, postStorno } from './api';
import { formatShortMonthDay } from '../../lib/dates';
import { formatMoney, parseAmount } from '../../lib/money';
import { t } from './strings';
import { useResource } from '../../actors/resource';
import { useAppActors } from '../../actors/app-actors';
import { useForm } from '../../actors/use-form';
import { MoneyOutDone } from './use-money-out';
import * as s from './withdraw.css';
import { cluster, stack, text } from '../../ui/layout.css';

export function StornoSection({ money }: { money: number | null }) {
  const rows = useResource((_, signal) => fetchStornoRows(signal), 'storno');
  const extra = useResource((_, signal) => fetchRefundExtra(signal), 'extra');
  return (
    <Card as="section" aria-labelledby="storno-title">
      <div className={stack[4]}>
        <div>
          <h2 id="storno-title" className={text.title}>
            {t.storno.title}
          </h2>
          <p className={s.lead}>{extra.data?.processing_text ?? t.storno.lead}</p>
        </div>
        {rows.loading && !rows.data ? (
          <LoadingRegion>
            <Skeleton height="3rem" />
          </LoadingRegion>
        ) : rows.error && !rows.data ? (
          <Alert tone="danger" live="alert" title={t.loadFailed}>
            {rows.error.message}{' '}
            <Button size="sm" variant="secondary" onClick={rows.reload}>
              {t.retry}
            </Button>
          </Alert>
        ) : !rows.data || rows.data.results.length === 0 ? (
          <p className={text.muted}>{t.storno.emptyText}</p>
        ) : (
          <StornoForm rows={rows.data.results} money={money} onDone={rows.reload} />
        )}
      </div>
    </Card>
  );
}

function StornoForm({
  rows,
  money,
  onDone,
}: {
  rows: RefundStornoRow[];
  money: number | null;
  onDone: () => void;
}) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(
    () => new Set(rows.filter((r) => r.checked).map((r) => r.pay_id)),
  );
  const chosen = rows.filter((r) => checked.has(r.pay_id));
  const available = chosen.reduce((x, r) => x + r.amount, 0);
  const max = money === null ? available : Math.min(available, money);

  const toggle = (id: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const { session } = useAppActors();
  const onMoneyOut = useContext(MoneyOutDone);
  const form = useForm({
    initial: { refund_sum: '' },
    fields: ['pay_ids'],
    schema: 'StornoRequest',
    toRequest: (v) => ({
      refund_sum: parseAmount(v.refund_sum) ?? (undefined as unknown as number),
      pay_ids: chosen.map((r) => r.pay_id),
    }),
    refine: (r): Record<string, string[]> =>
      typeof r.refund_sum === 'number' && r.refund_sum > max
        ? { refund_sum: [t.storno.sumMax(formatMoney(max))] }
        : {},
    submit: (body, { idempotencyKey }) => postStorno(body, idempotencyKey),
    onDone: (r) => {
      // The balances changed: the header shows them at once (the socket's `finances` event follows).
      if (typeof r.money === 'number' && typeof r.bonus === 'number')
        session.send({ type: 'session.finances', money: r.money, bonus: r.bonus });
      onMoneyOut();
    },
  });
  const busy = form.busy;
  const done = form.done;
  const result = form.result;
  const payIdsError = form.error('pay_ids');

  if (done) {
    const refunds = (result as { refunds?: { amount: number }[] } | null)?.refunds ?? [];
    return (
      <>
        <Alert tone="success" live="status">
          {t.storno.done(formatMoney(refunds.reduce((x, r) => x + r.amount, 0)))}
        </Alert>
        <div className={cluster[3]}>
          <Button variant="secondary" onClick={onDone}>
            {t.form.again}
          </Button>
        </div>
      </>
    );
  }

  return (
    <form {...form.props} className={stack[4]}>
      <fieldset
        className={s.fieldset}
        disabled={busy}
        aria-describedby={payIdsError ? 'storno-pay-ids-error' : undefined}
      >
        <legend className={s.legend}>{t.storno.payments}</legend>
        <ul className={s.rows}>
          {rows.map((r) => (
            <li key={r.pay_id}>
              <label className={s.choice}>
                <input
                  type="checkbox"
                  className={s.radio}
                  checked={checked.has(r.pay_id)}
                  aria-invalid={payIdsError ? true : undefined}
                  onChange={() => toggle(r.pay_id)}
                />
                <span>
                  {t.storno.select(r.pay_id, formatMoney(r.amount), formatShortMonthDay(r.created_at))}
                  <span className={text.muted}> · {t.storno.method[r.payment_method]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {payIdsError && (
          <span id="storno-pay-ids-error" className={text.danger}>
            {payIdsError.join(' ')}
          </span>
        )}
      </fieldset>
      <TextField
        id="storno-sum"
        label={t.storno.sum}
        hint={chosen.length ? t.storno.sumHint(formatMoney(max)) : undefined}
        inputMode="numeric"
        autoComplete="off"
        {...form.text('refund_sum')}
        disabled={busy}
      />
      {form.detail && (
        <Alert tone="danger" live="alert">
          {form.detail}
        </Alert>
      )}
      <div className={cluster[3]}>
        <Button type="submit" variant="secondary" loading={busy}>
          {t.storno.submit}
        </Button>
      </div>
    </form>
  );
}
