// /withdraw?amountInit=: the money balance, the withdrawal form, storno refunds and refund claims. The route's
// beforeLoad lets only a verified customer in (spec 2); a 403 of a repayment call here re-checks the verification
// (spec 8) and, when it is gone, sends the customer to PaymentsPayOut with the amount kept.
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { on403 } from '../../api/client';
import { useFinances } from '../../actors/hooks';
import { useFreshFinances } from '../../actors/finances';
import { Icon } from '../../ui/icon';
import { Card, PageHeader } from '../../ui/primitives';
import { verificationMachine } from '../../../machines/verification/verification.machine';
import { selectView } from '../../../machines/verification/verification.selectors';
import { fetchFinances, fetchVerificationStatus, REPAYMENT_CALL } from './api';
import { formatMoney } from '../../lib/money';
import { RefundClaimSection } from './refund-claim-section';
import { RequestsSection } from './requests-section';
import { StornoSection } from './storno-section';
import { MoneyOutDone } from './use-money-out';
import { t } from './strings';
import * as s from './withdraw.css';
import { text } from '../../ui/layout.css';
import { WithdrawForm } from './withdraw-form';

export function WithdrawPage({ amountInit }: { amountInit?: number }) {
  const finances = useFinances();
  const navigate = useNavigate();
  const verification = useActorRef(
    verificationMachine.provide({
      actors: { loadStatus: fromPromise(({ input }) => fetchVerificationStatus(input.kind)) },
    }),
    { input: { kind: 'repayment' } },
  );
  const view = useSelector(verification, selectView);
  const [sent, setSent] = useState(0);
  const onSent = useCallback(() => setSent((n) => n + 1), []);

  useFreshFinances(fetchFinances);

  // Spec 8: a repayment call answered 403 → ask the verification status again.
  useEffect(
    () =>
      on403((_, path) => {
        if (REPAYMENT_CALL.test(path)) verification.send({ type: 'verification.recheck' });
      }),
    [verification],
  );
  useEffect(() => {
    if (view === 'unverified' || view === 'requested')
      void navigate({
        to: '/payments/pay-out',
        search: amountInit !== undefined ? { amountInit } : {},
        replace: true,
      });
  }, [view, navigate, amountInit]);

  return (
    <div className={s.page}>
      <Link to="/payments" className={s.back}>
        <Icon name="arrowLeft" size={16} />
        {t.back}
      </Link>
      <PageHeader title={t.title} description={t.description} />
      <Card>
        <dl className={s.balance}>
          <dt className={text.muted}>{t.available}</dt>
          <dd className={text.figure} data-testid="withdraw-available">
            {finances ? formatMoney(finances.money) : '—'}
          </dd>
        </dl>
        <p className={text.muted}>{t.bonusNote}</p>
      </Card>
      <MoneyOutDone.Provider value={onSent}>
        <div className={s.columns}>
          <div className={s.page}>
            <WithdrawForm amountInit={amountInit} money={finances?.money ?? null} />
            <RequestsSection version={`${sent}:${finances?.money ?? ''}`} />
          </div>
          <div className={s.page}>
            <StornoSection money={finances?.money ?? null} />
            <RefundClaimSection />
          </div>
        </div>
      </MoneyOutDone.Provider>
    </div>
  );
}
