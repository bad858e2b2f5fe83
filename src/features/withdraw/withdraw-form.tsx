import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { WITHDRAWAL_MIN_SUM } from '../../../contract/payments';
import type { WithdrawalRequest } from '../../../contract/payments.api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/primitives';
import {
  selectError,
  selectIsDone,
  selectIsSubmitting,
  selectResult,
} from '../../../machines/withdrawal/withdrawal.selectors';
import { postWithdrawal } from './api';
import { digits } from './format';
import { formatMoney, parseAmount } from '../../lib/money';
import { t } from './strings';
import { useMoneyOut } from './use-money-out';
import * as s from './withdraw.css';
import { cluster, stack, text } from '../../ui/layout.css';

type Errors = Partial<Record<'amount' | 'card_number' | 'phone', string>>;

/** The withdrawal form: amount (from amountInit), ≥ 100 ₽ and ≤ the money balance; card or SBP requisites. */
export function WithdrawForm({
  amountInit,
  money,
}: {
  amountInit: number | undefined;
  money: number | null;
}) {
  const [amount, setAmount] = useState(amountInit !== undefined && amountInit > 0 ? String(amountInit) : '');
  const [method, setMethod] = useState<'card' | 'sbp'>('card');
  const [card, setCard] = useState('');
  const [phone, setPhone] = useState('');
  const [bank, setBank] = useState('');
  const [fio, setFio] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const actor = useMoneyOut((request, k) => postWithdrawal(request as unknown as WithdrawalRequest, k));
  const busy = useSelector(actor, selectIsSubmitting);
  const done = useSelector(actor, selectIsDone);
  const result = useSelector(actor, selectResult);
  const failure = useSelector(actor, selectError);
  const server = failure?.fields ?? {};

  function validate(): Errors {
    const e: Errors = {};
    const sum = parseAmount(amount);
    if (!amount.trim()) e.amount = t.form.amountRequired;
    else if (sum === null) e.amount = t.form.amountInvalid;
    else if (sum < WITHDRAWAL_MIN_SUM) e.amount = t.form.amountMin(formatMoney(WITHDRAWAL_MIN_SUM));
    else if (money !== null && sum > money) e.amount = t.form.amountMax(formatMoney(money));
    if (method === 'card' && !/^\d{16,19}$/.test(digits(card))) e.card_number = t.form.cardNumberInvalid;
    if (method === 'sbp' && !/^\d{10,15}$/.test(digits(phone))) e.phone = t.form.phoneInvalid;
    return e;
  }

  function submit() {
    if (busy) return;
    const e = validate();
    setErrors(e);
    const first = Object.keys(e)[0];
    if (first) {
      document.getElementById(`withdraw-${first}`)?.focus();
      return;
    }
    const requisites: WithdrawalRequest['requisites'] =
      method === 'card'
        ? { card_number: digits(card) }
        : { phone: `+${digits(phone)}`, ...(bank.trim() ? { bank: bank.trim() } : {}) };
    if (fio.trim()) requisites.fio = fio.trim();
    const request: WithdrawalRequest = { amount: parseAmount(amount)!, method, requisites };
    actor.send({ type: 'withdrawal.submit', request: request as unknown as Record<string, unknown> });
  }

  if (done)
    return (
      <Card as="section" aria-labelledby="withdraw-title">
        <div className={stack[4]}>
          <h2 id="withdraw-title" className={text.title}>
            {t.form.title}
          </h2>
          <Alert tone="success" live="status" title={t.form.doneTitle}>
            {t.form.doneText(formatMoney((result as { amount?: number } | null)?.amount ?? 0))}
          </Alert>
          <div className={cluster[3]}>
            <Button
              variant="secondary"
              onClick={() => {
                setAmount('');
                actor.send({ type: 'withdrawal.reset' });
              }}
            >
              {t.form.again}
            </Button>
          </div>
        </div>
      </Card>
    );

  const tooLittle = money !== null && money < WITHDRAWAL_MIN_SUM;
  return (
    <Card as="section" aria-labelledby="withdraw-title">
      <form
        className={stack[4]}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 id="withdraw-title" className={text.title}>
          {t.form.title}
        </h2>
        {tooLittle && <Alert tone="warning">{t.form.notEnough}</Alert>}
        <TextField
          id="withdraw-amount"
          label={t.form.amount}
          hint={
            money !== null
              ? t.form.amountHint(formatMoney(WITHDRAWAL_MIN_SUM), formatMoney(money))
              : undefined
          }
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount ?? server.amount}
          disabled={busy}
        />
        <fieldset className={s.fieldset} disabled={busy}>
          <legend className={s.legend}>{t.form.method}</legend>
          <div className={s.choices}>
            {(['card', 'sbp'] as const).map((m) => (
              <label key={m} className={s.choice}>
                <input
                  type="radio"
                  name="withdraw-method"
                  className={s.radio}
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                {t.form[m]}
              </label>
            ))}
          </div>
        </fieldset>
        {method === 'card' ? (
          <TextField
            id="withdraw-card_number"
            label={t.form.cardNumber}
            inputMode="numeric"
            autoComplete="cc-number"
            value={card}
            onChange={(e) => setCard(e.target.value)}
            error={errors.card_number ?? server['requisites.card_number']}
            disabled={busy}
          />
        ) : (
          <>
            <TextField
              id="withdraw-phone"
              label={t.form.phone}
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              error={errors.phone ?? server['requisites.phone']}
              disabled={busy}
            />
            <TextField
              label={t.form.bank}
              value={bank}
              onChange={(e) => setBank(e.target.value)}
              disabled={busy}
            />
          </>
        )}
        <TextField
          label={t.form.fio}
          autoComplete="name"
          value={fio}
          onChange={(e) => setFio(e.target.value)}
          disabled={busy}
        />
        {failure && !(server.amount || server['requisites.card_number'] || server['requisites.phone']) && (
          <Alert tone="danger" live="alert">
            {failure.message}
          </Alert>
        )}
        <div className={cluster[3]}>
          <Button type="submit" size="lg" loading={busy} disabled={tooLittle}>
            {t.form.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
