// Профиль → Закрыть аккаунт (lazy): the warnings first (balance, orders in progress), then the password; the account
// closes at once and this browser goes to the sign-in page, which says when the data will be erased.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ClosingCheck } from '../../../contract/account.api';
import { useForm } from '../../actors/use-form';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Checkbox, PasswordField, TextField } from '../../ui/field';
import { LoadingRegion, Skeleton } from '../../ui/primitives';
import { closeAccount, fetchClosingCheck } from './account-api';
import { closingText as t } from './account-strings';
import * as s from './profile.css';
import { stack } from '../../ui/layout.css';
import { CardLoadFailed, ProfileCard } from './profile-card';

export function ClosingCard() {
  const [check, setCheck] = useState<ClosingCheck | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    fetchClosingCheck(abort.signal).then(
      setCheck,
      (e: Error) => !abort.signal.aborted && setFailed(e.message),
    );
    return () => abort.abort();
  }, [attempt]);
  return (
    <ProfileCard titleId="profile-closing-title" title={t.title} lead={t.lead} testId="closing">
      {!check && !failed && (
        <LoadingRegion label={t.loading}>
          <Skeleton width="70%" />
        </LoadingRegion>
      )}
      {failed && (
        <CardLoadFailed
          title={t.loadFailed}
          retry={t.retry}
          onRetry={() => {
            setFailed(null);
            setAttempt((n) => n + 1);
          }}
        >
          {failed}
        </CardLoadFailed>
      )}
      {check && <ClosingForm check={check} />}
    </ProfileCard>
  );
}

function ClosingForm({ check }: { check: ClosingCheck }) {
  const [confirming, setConfirming] = useState(false);
  const hasBalance = check.money > 0 || check.bonus > 0;
  const busy = check.orders_in_progress.length > 0;
  const form = useForm({
    initial: { password: '', code: '', forfeit_balance: false, orders_acknowledged: false },
    schema: 'CloseAccountRequest',
    toRequest: (v) => ({
      password: v.password,
      ...(v.code.trim() ? { code: v.code.trim() } : {}),
      ...(hasBalance ? { forfeit_balance: v.forfeit_balance } : {}),
      ...(busy ? { orders_acknowledged: v.orders_acknowledged } : {}),
    }),
    submit: closeAccount,
    // The sessions are ended: a full load of the sign-in page, which says when the data go and how to cancel. (The
    // socket may say the same first: then the tab is already there, with the same words.)
    onDone: (closed) => window.location.assign(`/login?msg=${encodeURIComponent(t.done(closed.erase_at))}`),
  });
  const { onSubmit, ...formProps } = form.props;
  return (
    <form
      {...formProps}
      onSubmit={(e) => {
        e.preventDefault();
        if (!confirming) setConfirming(true);
      }}
      className={stack[4]}
    >
      <FormErrorSummary detail={form.detail} focusOnShow={false} />
      {hasBalance && (
        <Alert tone="warning">
          <p>{t.balance(check.money, check.bonus)}</p>
          {check.money > 0 && (
            <p>
              <Link to="/withdraw" className={s.textLink}>
                {t.withdraw}
              </Link>
            </p>
          )}
        </Alert>
      )}
      {hasBalance && <Checkbox label={t.forfeit} {...form.checkbox('forfeit_balance')} />}
      {busy && (
        <Alert tone="warning">
          <p>{t.orders(check.orders_in_progress.length)}</p>
          <ul>
            {check.orders_in_progress.map((o) => (
              <li key={o.id}>
                № {o.id} «{o.topic}» — {o.status}
              </li>
            ))}
          </ul>
          <p>{t.ordersNote}</p>
        </Alert>
      )}
      {busy && <Checkbox label={t.acknowledge} {...form.checkbox('orders_acknowledged')} />}
      <PasswordField label={t.password} autoComplete="current-password" {...form.text('password')} />
      {check.two_factor && <TextField label={t.code} autoComplete="one-time-code" {...form.text('code')} />}
      <div className={s.footer}>
        <Button type="submit" variant="danger" loading={form.busy}>
          {t.submit}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t.confirmTitle}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} data-autofocus>
              {t.cancel}
            </Button>
            <Button
              variant="danger"
              onClick={(e) => {
                setConfirming(false);
                onSubmit(e as unknown as React.FormEvent<HTMLFormElement>);
              }}
            >
              {t.confirm}
            </Button>
          </>
        }
      >
        {t.confirmText}
      </Dialog>
    </form>
  );
}
