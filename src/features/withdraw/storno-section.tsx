// Storno refunds: card/SBP payments that can still go back to their card (GET refund-storno/), chosen with
// checkboxes; POST refund-storno/ { refund_sum, pay_ids } takes the sum from the money balance.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { RefundStornoRow } from '../../../contract/payments.api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Card, LoadingRegion, Skeleton } from '../../ui/primitives';
import {
  selectError,
  selectIsDone,
  selectIsSubmitting,
  selectResult,
} from '../../../machines/withdrawal/withdrawal.selectors';
import { fetchRefundExtra, fetchStornoRows, postStorno } from './api';
import { formatDay } from './format';
import { formatMoney, parseAmount } from '../../lib/money';
import { t } from './strings';
import { useResource } from '../../actors/resource';
import { useMoneyOut } from './use-money-out';
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
  const [sum, setSum] = useState('');
  const [error, setError] = useState<string | null>(null);
  const actor = useMoneyOut((request, k) =>
    postStorno(request as { refund_sum: number; pay_ids: number[] }, k),
  );
  const busy = useSelector(actor, selectIsSubmitting);
  const done = useSelector(actor, selectIsDone);
  const result = useSelector(actor, selectResult);
  const failure = useSelector(actor, selectError);

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

  function submit() {
    if (busy) return;
    if (chosen.length === 0) return setError(t.storno.pickOne);
    const refund = parseAmount(sum);
    if (refund === null) return setError(t.storno.sumInvalid);
    if (refund > max) return setError(t.storno.sumMax(formatMoney(max)));
    setError(null);
    actor.send({
      type: 'withdrawal.submit',
      request: { refund_sum: refund, pay_ids: chosen.map((r) => r.pay_id) },
    });
  }

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
    <form
      className={stack[4]}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className={s.fieldset} disabled={busy}>
        <legend className={s.legend}>{t.storno.payments}</legend>
        <ul className={s.rows}>
          {rows.map((r) => (
            <li key={r.pay_id}>
              <label className={s.choice}>
                <input
                  type="checkbox"
                  className={s.radio}
                  checked={checked.has(r.pay_id)}
                  onChange={() => toggle(r.pay_id)}
                />
                <span>
                  {t.storno.select(r.pay_id, formatMoney(r.amount), formatDay(r.created_at))}
                  <span className={text.muted}> · {t.storno.method[r.payment_method]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <TextField
        id="storno-sum"
        label={t.storno.sum}
        hint={chosen.length ? t.storno.sumHint(formatMoney(max)) : undefined}
        inputMode="numeric"
        autoComplete="off"
        value={sum}
        onChange={(e) => setSum(e.target.value)}
        error={error ?? failure?.fields?.refund_sum}
        disabled={busy}
      />
      {failure && !failure.fields?.refund_sum && (
        <Alert tone="danger" live="alert">
          {failure.message}
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
