import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import {
  useCodeLogin,
  useIsAwaitingCode,
  useIsAwaitingSecondFactor,
  useSendToSession,
  useSessionBusy,
  useSessionError,
} from '../../actors/hooks';
import { useFlowForm } from '../../actors/use-flow-form';
import { FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField, TextField } from '../../ui/field';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { useQueryValue } from './search';
import { SocialButtons } from './social-buttons';
import { t } from './strings';
import { ACCOUNT_CLOSED_PREFIX, REOPEN_OFFER } from '../../../contract/account';

type View = 'password' | 'codeRequest' | 'codeVerify';

/** Only customers with two-factor on see it: its own chunk, outside /login's first visit. */
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })),
);

/** /login once the first factor was right and two-factor is on (also after `al` and social sign-in). */
export function SecondFactorStep() {
  return (
    <Suspense fallback={null}>
      <SecondFactorForm />
    </Suspense>
  );
}

/** /login (route name Enter): password sign-in, sign-in with a one-time code, social networks. */
export function LoginPage() {
  const isAwaitingCode = useIsAwaitingCode();
  const secondFactor = useIsAwaitingSecondFactor();
  const codeLogin = useCodeLogin();
  const [wantsCode, setWantsCode] = useState(isAwaitingCode);
  const [editingLogin, setEditingLogin] = useState(false);
  const [login, setLogin] = useState(codeLogin ?? '');
  const redirect = useQueryValue('redirect');

  const view: View = !wantsCode ? 'password' : isAwaitingCode && !editingLogin ? 'codeVerify' : 'codeRequest';

  if (secondFactor)
    return (
      <AuthLayout>
        <SecondFactorStep />
      </AuthLayout>
    );
  return (
    <AuthLayout>
      {view === 'password' && (
        <PasswordForm login={login} onLogin={setLogin} onWantsCode={() => setWantsCode(true)} />
      )}
      {view === 'codeRequest' && (
        <CodeRequestForm
          login={login}
          onLogin={setLogin}
          onSent={() => setEditingLogin(false)}
          onPassword={() => setWantsCode(false)}
        />
      )}
      {view === 'codeVerify' && (
        <CodeVerifyForm onChangeLogin={() => setEditingLogin(true)} onPassword={() => setWantsCode(false)} />
      )}
      <SocialButtons />
      <p className={s.switchLine}>
        {t.login.noAccount}{' '}
        <Link className={s.textLink} to="/registration" search={redirect ? { redirect } : {}}>
          {t.login.register}
        </Link>
      </p>
    </AuthLayout>
  );
}

function PasswordForm({
  login,
  onLogin,
  onWantsCode,
}: {
  login: string;
  onLogin: (v: string) => void;
  onWantsCode: () => void;
}) {
  const sendToSession = useSendToSession();
  const form = useFlowForm({
    initial: { login, password: '' },
    schema: 'LoginRequest',
    toRequest: (v) => ({ login: v.login.trim(), password: v.password }),
    send: (r) => sendToSession({ type: 'session.login', login: r.login, password: r.password ?? '' }),
    busy: useSessionBusy(),
    error: useSessionError(),
    onValue: (name, value) => name === 'login' && onLogin(String(value)),
  });

  return (
    <>
      <AuthHeading title={t.login.title} lead={t.login.lead} />
      <form {...form.props} className={s.form}>
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        {form.detail?.startsWith(ACCOUNT_CLOSED_PREFIX) && (
          <Link className={s.textLink} to="/account-reopen" search={{ login: form.values.login.trim() }}>
            {REOPEN_OFFER}
          </Link>
        )}
        <TextField
          label={t.login.login}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.text('login')}
        />
        <PasswordField
          label={t.login.password}
          labelAside={
            <Link to="/restore" className={s.textLink}>
              {t.login.forgot}
            </Link>
          }
          autoComplete="current-password"
          {...form.text('password')}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={form.busy}>
            {t.login.submit}
          </Button>
          <button type="button" className={s.linkButton} onClick={onWantsCode}>
            {t.login.withCode}
          </button>
        </div>
      </form>
    </>
  );
}

function CodeRequestForm({
  login,
  onLogin,
  onSent,
  onPassword,
}: {
  login: string;
  onLogin: (v: string) => void;
  onSent: () => void;
  onPassword: () => void;
}) {
  const sendToSession = useSendToSession();
  const form = useFlowForm({
    initial: { login },
    schema: 'LoginRequest',
    toRequest: (v) => ({ login: v.login.trim(), method: 'code' as const }),
    send: (r) => {
      sendToSession({ type: 'session.loginWithCode.request', login: r.login });
      onSent();
    },
    busy: useSessionBusy(),
    error: useSessionError(),
    onValue: (_, value) => onLogin(String(value)),
  });

  return (
    <>
      <AuthHeading title={t.code.title} lead={t.code.lead} />
      <form {...form.props} className={s.form}>
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        <TextField
          label={t.login.login}
          hint={t.login.loginHint}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          {...form.text('login')}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={form.busy}>
            {t.code.request}
          </Button>
          <button type="button" className={s.linkButton} onClick={onPassword}>
            {t.code.withPassword}
          </button>
        </div>
      </form>
    </>
  );
}

function CodeVerifyForm({
  onChangeLogin,
  onPassword,
}: {
  onChangeLogin: () => void;
  onPassword: () => void;
}) {
  const sendToSession = useSendToSession();
  const busy = useSessionBusy();
  const login = useCodeLogin() ?? '';
  const form = useFlowForm({
    initial: { code: '' },
    schema: 'VerifyCodeRequest',
    toRequest: (v) => ({ login, code: v.code.trim() }),
    send: (r) => sendToSession({ type: 'session.loginWithCode.verify', login, code: r.code }),
    busy,
    error: useSessionError(),
  });
  const code = form.text('code');

  return (
    <>
      <AuthHeading title={t.code.title} lead={<span role="status">{t.code.sentTo(login)}</span>} />
      <form {...form.props} className={s.form}>
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        <TextField
          label={t.code.code}
          hint={t.code.codeHint}
          inputClassName={s.codeInput}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          {...code}
          onChange={(e) => form.set('code', e.target.value.replace(/\D/g, ''))}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={form.busy}>
            {t.code.verify}
          </Button>
          <Button
            variant="ghost"
            block
            disabled={busy}
            onClick={() => sendToSession({ type: 'session.loginWithCode.request', login })}
          >
            {t.code.resend}
          </Button>
          <div className={s.linkRow}>
            <button type="button" className={s.linkButton} onClick={onChangeLogin}>
              {t.code.changeLogin}
            </button>
            <button type="button" className={s.linkButton} onClick={onPassword}>
              {t.code.withPassword}
            </button>
          </div>
        </div>
      </form>
    </>
  );
}
