import { Link } from '@tanstack/react-router';
import { useForm } from '../../actors/use-form';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/field';
import { requestPasswordRestore } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { tp } from './page-strings';
import { t } from './strings';

/** /restore: asks for a password link. The answer is the same whether or not the address is known. */
export function RestorePage() {
  const form = useForm({
    initial: { email: '' },
    schema: 'RestoreRequest',
    toRequest: (v) => ({ email: v.email.trim() }),
    submit: (body) => requestPasswordRestore(body),
  });

  return (
    <AuthLayout>
      {form.done ? (
        <div className={s.stateBox}>
          <AuthHeading icon="mail" tone="success" title={tp.restore.sentTitle} focus />
          <Alert tone="success" live="status">
            {tp.restore.sentText(form.values.email.trim())}
          </Alert>
          <p className={s.sentNote}>{tp.restore.sentHint}</p>
          <div className={s.actions}>
            <ButtonLink to="/login" size="lg" block>
              {tp.restore.back}
            </ButtonLink>
            <Button variant="ghost" block onClick={form.reset}>
              {tp.restore.again}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <AuthHeading title={tp.restore.title} lead={tp.restore.lead} />
          <form {...form.props} className={s.form}>
            <FormErrorSummary detail={form.detail} focusOnShow={false} />
            <TextField
              label={tp.restore.email}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              {...form.text('email')}
            />
            <div className={s.actions}>
              <Button type="submit" size="lg" block loading={form.busy}>
                {tp.restore.submit}
              </Button>
            </div>
          </form>
          <p className={s.switchLine}>
            <Link className={s.textLink} to="/login">
              {t.backToLogin}
            </Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
