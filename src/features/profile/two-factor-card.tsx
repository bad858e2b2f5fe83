// Профиль → Двухфакторная защита (lazy): turn it on (QR code + the secret as text, one code to confirm, then the
// recovery codes shown once), renew the codes or turn it off (the password and a current code). Each form goes through
// the submission machine (useForm); the section's own steps are a small local state.
import { useCallback, useEffect, useState } from 'react';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../contract/two-factor.api';
import { toErrorInfo, type ApiErrorInfo } from '../../../machines/shared/error-info';
import { useForm } from '../../actors/use-form';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField, TextField } from '../../ui/field';
import { Badge, LoadingRegion, Skeleton } from '../../ui/primitives';
import { formatDateTime } from '../../lib/dates';
import { text } from '../../ui/layout.css';
import {
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor-api';
import { QrCode } from './qr-code';
import { twoFactorText as t } from './two-factor-strings';
import * as d from './two-factor.css';
import { CardLoadFailed, ProfileCard } from './profile-card';

type View =
  | { step: 'loading' }
  | { step: 'failed'; error: ApiErrorInfo }
  | { step: 'status'; status: TwoFactorStatus; notice?: string }
  | { step: 'setup'; setup: TwoFactorSetup }
  | { step: 'codes'; codes: string[] }
  | { step: 'confirm'; purpose: 'disable' | 'renew'; status: TwoFactorStatus };

export function TwoFactorCard() {
  const [view, setView] = useState<View>({ step: 'loading' });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const load = useCallback((notice?: string) => {
    fetchTwoFactor().then(
      (status) => setView({ step: 'status', status, ...(notice ? { notice } : {}) }),
      (error: unknown) => setView({ step: 'failed', error: toErrorInfo(error) }),
    );
  }, []);
  useEffect(() => load(), [load]);

  const start = () => {
    setStarting(true);
    setStartError(null);
    startTwoFactorSetup().then(
      (setup) => {
        setStarting(false);
        setView({ step: 'setup', setup });
      },
      (error: unknown) => {
        setStarting(false);
        setStartError(toErrorInfo(error).message);
      },
    );
  };

  return (
    <ProfileCard titleId="profile-two-factor-title" title={t.title} lead={t.lead} testId="two-factor">
      {view.step === 'loading' && <TwoFactorSkeleton />}
      {view.step === 'failed' && (
        <CardLoadFailed
          title={t.loadFailed}
          retry={t.retry}
          onRetry={() => (setView({ step: 'loading' }), load())}
        >
          {view.error.message}
        </CardLoadFailed>
      )}
      {view.step === 'status' && (
        <div className={d.body}>
          <div role="status" aria-live="polite">
            {view.notice && <Alert tone="success">{view.notice}</Alert>}
          </div>
          {view.status.enabled ? (
            <>
              <p className={d.onLine}>
                <Badge tone="success">{t.onBadge}</Badge>
                {t.on(formatDateTime(view.status.enabled_at ?? ''))}
              </p>
              <p className={text.muted}>{t.codesLeft(view.status.recovery_codes_left)}</p>
              {view.status.recovery_codes_left <= 2 && <Alert tone="warning">{t.fewCodesLeft}</Alert>}
              <div className={d.actions}>
                <Button
                  variant="secondary"
                  onClick={() => setView({ step: 'confirm', purpose: 'renew', status: view.status })}
                >
                  {t.renew}
                </Button>
                <Button
                  variant="danger"
                  onClick={() => setView({ step: 'confirm', purpose: 'disable', status: view.status })}
                >
                  {t.turnOff}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>{t.off}</p>
              {startError && (
                <Alert tone="danger" live="alert">
                  {startError}
                </Alert>
              )}
              <Button loading={starting} onClick={start}>
                {t.turnOn}
              </Button>
            </>
          )}
        </div>
      )}
      {view.step === 'setup' && (
        <SetupStep
          setup={view.setup}
          onDone={(answer) => setView({ step: 'codes', codes: answer.recovery_codes })}
          onCancel={() => (setView({ step: 'loading' }), load())}
        />
      )}
      {view.step === 'codes' && (
        <RecoveryCodesStep codes={view.codes} onSaved={() => (setView({ step: 'loading' }), load())} />
      )}
      {view.step === 'confirm' && (
        <ConfirmStep
          purpose={view.purpose}
          onDone={(answer) =>
            'recovery_codes' in answer
              ? setView({ step: 'codes', codes: answer.recovery_codes })
              : setView({ step: 'status', status: answer, notice: t.disabled })
          }
          onCancel={() => setView({ step: 'status', status: view.status })}
        />
      )}
    </ProfileCard>
  );
}

function TwoFactorSkeleton() {
  return (
    <LoadingRegion label={t.loading}>
      <div className={d.body}>
        <Skeleton width="60%" />
        <Skeleton width={120} height={40} radius={8} />
      </div>
    </LoadingRegion>
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function SetupStep({
  setup,
  onDone,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onDone: (answer: RecoveryCodes) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    initial: { code: '' },
    schema: 'EnableTwoFactorRequest',
    toRequest: (v) => ({ code: v.code.trim() }),
    submit: (body) => enableTwoFactor(body.code),
    onDone,
  });
  const code = form.text('code');
  return (
    <div className={d.setup}>
      <p className={d.step}>{t.scanTitle}</p>
      <div className={d.scan}>
        <QrCode text={setup.otpauth_url} label={t.qrLabel} />
        <div className={d.body}>
          <span className={text.muted} id="two-factor-secret-label">
            {t.secretLabel}
          </span>
          <code
            className={d.secret}
            aria-labelledby="two-factor-secret-label"
            data-testid="two-factor-secret"
          >
            {grouped(setup.secret)}
          </code>
          <span className={text.muted}>{t.secretHint}</span>
        </div>
      </div>
      <form {...form.props} className={d.form}>
        <p className={d.step}>{t.confirmTitle}</p>
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        <TextField
          label={t.code}
          hint={t.codeHint}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          {...code}
          onChange={(e) => form.set('code', e.target.value.replace(/\D/g, ''))}
        />
        <div className={d.actions}>
          <Button type="submit" loading={form.busy}>
            {t.confirm}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={form.busy}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodesStep({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [copyNotice, setCopyNotice] = useState<{ ok: boolean } | null>(null);
  const fileText = `${t.fileHead}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t.fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopyNotice({ ok: true }),
      () => setCopyNotice({ ok: false }),
    );
  return (
    <div className={d.body}>
      <h3 className={text.medium}>{t.codesTitle}</h3>
      <p className={text.muted}>{t.codesLead}</p>
      <ul className={d.codes} data-testid="recovery-codes" aria-label={t.codesTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={d.actions}>
        <Button variant="secondary" onClick={download}>
          {t.download}
        </Button>
        <Button variant="secondary" onClick={copy}>
          {t.copy}
        </Button>
        <Button onClick={onSaved}>{t.saved}</Button>
      </div>
      <div role="status" aria-live="polite">
        {copyNotice && (
          <Alert tone={copyNotice.ok ? 'success' : 'warning'}>
            {copyNotice.ok ? t.copied : t.copyFailed}
          </Alert>
        )}
      </div>
    </div>
  );
}

function ConfirmStep({
  purpose,
  onDone,
  onCancel,
}: {
  purpose: 'disable' | 'renew';
  onDone: (answer: TwoFactorStatus | RecoveryCodes) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    initial: { password: '', code: '' },
    schema: 'ConfirmTwoFactorRequest',
    toRequest: (v) => ({ password: v.password, code: v.code.trim() }),
    submit: (body): Promise<TwoFactorStatus | RecoveryCodes> =>
      purpose === 'disable' ? disableTwoFactor(body) : renewRecoveryCodes(body),
    onDone,
  });
  return (
    <form {...form.props} className={d.form} aria-labelledby="two-factor-confirm-title">
      <h3 id="two-factor-confirm-title" className={text.medium}>
        {purpose === 'disable' ? t.disableTitle : t.renewTitle}
      </h3>
      {purpose === 'renew' && <p className={text.muted}>{t.renewLead}</p>}
      <FormErrorSummary detail={form.detail} focusOnShow={false} />
      <PasswordField
        label={t.password}
        autoComplete="current-password"
        autoFocus
        {...form.text('password')}
      />
      <TextField
        label={t.codeOrRecovery}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        {...form.text('code')}
      />
      <div className={d.actions}>
        <Button type="submit" variant={purpose === 'disable' ? 'danger' : 'primary'} loading={form.busy}>
          {purpose === 'disable' ? t.disableSubmit : t.renewSubmit}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={form.busy}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
