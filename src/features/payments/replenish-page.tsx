// /payments/replenish: a top-up of the money balance by card or SBP through the provider's page.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { PayRequest } from '../../../contract/payments.api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/primitives';
import { paymentMachine } from '../../../machines/payment/payment.machine';
import {
  selectError,
  selectIsLocked,
  selectIsRedirecting,
} from '../../../machines/payment/payment.selectors';
import { pay } from './api';
import { parseAmount } from '../../lib/money';
import * as s from './payments.css';
import { cluster, stack, text } from '../../ui/layout.css';
import { t } from './strings';
import { useReportFinances } from './use-finances';
import { useIsOffline } from '../../actors/connectivity';

const TOPUP_METHODS = ['card', 'sbp'] as const;

export function ReplenishPage() {
  const report = useReportFinances();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<(typeof TOPUP_METHODS)[number]>('card');
  const [fieldError, setFieldError] = useState<string | null>(null);
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
  const failure = useSelector(payment, selectError);
  const serverFieldError = failure?.fields?.amount;

  function submit() {
    if (locked) return;
    const sum = parseAmount(amount);
    if (sum === null) {
      setFieldError(amount.trim() ? t.replenish.amountInvalid : t.replenish.amountRequired);
      document.getElementById('topup-amount')?.focus();
      return;
    }
    setFieldError(null);
    const request: PayRequest = { purpose: 'topup', amount: sum, method, back: '/payments/replenish' };
    payment.send({ type: 'payment.submit', request });
  }

  return (
    <Card as="section" aria-labelledby="replenish-title" className={s.narrow}>
      <form
        className={stack[4]}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div>
          <h2 id="replenish-title" className={text.title}>
            {t.replenish.title}
          </h2>
          <p className={text.muted}>{t.replenish.lead}</p>
        </div>
        <TextField
          id="topup-amount"
          label={t.replenish.amount}
          hint={t.replenish.amountHint}
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={fieldError ?? serverFieldError}
          disabled={locked}
        />
        <fieldset className={s.fieldset} disabled={locked}>
          <legend className={s.legend}>{t.replenish.method}</legend>
          {TOPUP_METHODS.map((m) => (
            <label key={m} className={s.choice}>
              <input
                type="radio"
                name="topup-method"
                className={s.choiceInput}
                checked={method === m}
                onChange={() => setMethod(m)}
              />
              <span className={stack[1]}>{t.methods[m]}</span>
            </label>
          ))}
        </fieldset>
        {failure && !serverFieldError && (
          <Alert tone="danger" live="alert" title={t.checkout.failed}>
            {failure.message}
          </Alert>
        )}
        {redirecting && (
          <Alert tone="info" live="status">
            {t.checkout.redirecting}
          </Alert>
        )}
        <div className={cluster[3]}>
          <Button type="submit" size="lg" loading={locked} disabled={offline}>
            {t.replenish.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
