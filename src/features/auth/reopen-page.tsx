// /account-reopen: "Отменить закрытие" of a closed account within its 14 days, with the login and password; then the
// sign-in page. Offered by the sign-in page when it refuses a closed account.
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from '../../actors/use-form';
import { FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField, TextField } from '../../ui/field';
import { reopenAccount } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { useQueryValue } from './search';
import { tp } from './page-strings';
import { t } from './strings';

export function ReopenPage() {
  const navigate = useNavigate();
  const form = useForm({
    initial: { login: useQueryValue('login') ?? '', password: '', code: '' },
    schema: 'ReopenAccountRequest',
    toRequest: (v) => ({
      login: v.login.trim(),
      password: v.password,
      ...(v.code.trim() ? { code: v.code.trim() } : {}),
    }),
    submit: (body) => reopenAccount(body),
    onDone: (answer) => void navigate({ to: '/login', search: { msg: answer.detail } }),
  });
  return (
    <AuthLayout>
      <AuthHeading title={tp.reopen.title} lead={tp.reopen.lead} />
      <form {...form.props} className={s.form}>
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        <TextField
          label={t.login.login}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.text('login')}
        />
        <PasswordField label={t.login.password} autoComplete="current-password" {...form.text('password')} />
        <TextField label={tp.reopen.code} autoComplete="one-time-code" {...form.text('code')} />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={form.busy}>
            {tp.reopen.submit}
          </Button>
        </div>
      </form>
      <p className={s.switchLine}>
        <Link className={s.textLink} to="/login">
          {t.backToLogin}
        </Link>
      </p>
    </AuthLayout>
  );
}
