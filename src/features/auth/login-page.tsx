import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import {
  useCodeLogin,
  useIsAwaitingCode,
  useSendToSession,
  useSessionBusy,
  useSessionError,
} from '../../actors/hooks';
import { FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField, TextField } from '../../ui/field';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { compact, useFormErrors } from './form-state';
import { useQueryValue } from './search';
import { SocialButtons } from './social-buttons';
import { t } from './strings';

type View = 'password' | 'codeRequest' | 'codeVerify';

/** /login (route name Enter): password sign-in, sign-in with a one-time code, social networks. */
export function LoginPage() {
  const isAwaitingCode = useIsAwaitingCode();
  const codeLogin = useCodeLogin();
  const [wantsCode, setWantsCode] = useState(isAwaitingCode);
  const [editingLogin, setEditingLogin] = useState(false);
  const [login, setLogin] = useState(codeLogin ?? '');
  const redirect = useQueryValue('redirect');

  const view: View = !wantsCode ? 'password' : isAwaitingCode && !editingLogin ? 'codeVerify' : 'codeRequest';

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
  const busy = useSessionBusy();
  const error = useSessionError();
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(form, error, ['login', 'password']);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const ok = errors.check(
      compact({
        login: login.trim() ? undefined : t.login.required.login,
        password: password ? undefined : t.login.required.password,
      }),
    );
    if (ok) sendToSession({ type: 'session.login', login: login.trim(), password });
  };

  return (
    <>
      <AuthHeading title={t.login.title} lead={t.login.lead} />
      <form ref={form} className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <FormErrorSummary detail={errors.detail} focusOnShow={false} />
        <TextField
          label={t.login.login}
          name="login"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={login}
          onChange={(e) => {
            onLogin(e.target.value);
            errors.edit('login');
          }}
          error={errors.field('login')}
        />
        <PasswordField
          label={t.login.password}
          labelAside={
            <Link to="/restore" className={s.textLink}>
              {t.login.forgot}
            </Link>
          }
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            errors.edit('password');
          }}
          error={errors.field('password')}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={busy}>
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
  const busy = useSessionBusy();
  const error = useSessionError();
  const form = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(form, error, ['login']);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!errors.check(compact({ login: login.trim() ? undefined : t.login.required.login }))) return;
    sendToSession({ type: 'session.loginWithCode.request', login: login.trim() });
    onSent();
  };

  return (
    <>
      <AuthHeading title={t.code.title} lead={t.code.lead} />
      <form ref={form} className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <FormErrorSummary detail={errors.detail} focusOnShow={false} />
        <TextField
          label={t.login.login}
          hint={t.login.loginHint}
          name="login"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={login}
          onChange={(e) => {
            onLogin(e.target.value);
            errors.edit('login');
          }}
          error={errors.field('login')}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={busy}>
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
  const error = useSessionError();
  const login = useCodeLogin() ?? '';
  const [code, setCode] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(form, error, ['code']);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!errors.check(compact({ code: code.trim() ? undefined : t.login.required.code }))) return;
    sendToSession({ type: 'session.loginWithCode.verify', login, code: code.trim() });
  };

  return (
    <>
      <AuthHeading title={t.code.title} lead={<span role="status">{t.code.sentTo(login)}</span>} />
      <form ref={form} className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <FormErrorSummary detail={errors.detail} focusOnShow={false} />
        <TextField
          label={t.code.code}
          hint={t.code.codeHint}
          name="code"
          inputClassName={s.codeInput}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, ''));
            errors.edit('code');
          }}
          error={errors.field('code')}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={busy}>
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
