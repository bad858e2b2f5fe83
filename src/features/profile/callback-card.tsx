// "Call me back": phone, name, preferred time, comment. Three requests an hour; the 429 is shown in the form.
import { useRef, useState, type FormEvent } from 'react';
import { toErrorInfo, type ApiErrorInfo } from '../../../machines/shared/error-info';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/primitives';
import { requestCallback } from './api';
import * as s from './profile.css';
import { t } from './strings';
import { phoneValue } from './values';

type State = { status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; error: ApiErrorInfo };

const FIELDS = ['phone', 'name', 'time', 'comment'] as const;

export function CallbackCard({ phone: initialPhone, name: initialName }: { phone: string; name: string }) {
  const [form, setForm] = useState({ phone: initialPhone, name: initialName, time: '', comment: '' });
  const [state, setState] = useState<State>({ status: 'idle' });
  const [localPhoneError, setLocalPhoneError] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);

  const error = state.status === 'failed' ? state.error : null;
  const fieldError = (name: (typeof FIELDS)[number]) =>
    name === 'phone' && localPhoneError ? localPhoneError : error?.fields?.[name];
  const tooMany = error?.status === 429;
  const detail = error && !tooMany && !FIELDS.some((f) => error.fields?.[f]) ? error.message : null;

  const set = (name: (typeof FIELDS)[number], value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    if (name === 'phone') setLocalPhoneError(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (state.status === 'sending') return;
    if (!form.phone.trim()) {
      setLocalPhoneError(t.callback.phoneRequired);
      ref.current?.querySelector<HTMLElement>('#callback-phone')?.focus();
      return;
    }
    setState({ status: 'sending' });
    try {
      await requestCallback({
        phone: phoneValue(form.phone.trim()),
        name: form.name.trim(),
        time: form.time.trim(),
        comment: form.comment.trim(),
      });
      setState({ status: 'sent' });
    } catch (err) {
      setState({ status: 'failed', error: toErrorInfo(err) });
      requestAnimationFrame(() =>
        ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus(),
      );
    }
  };

  return (
    <Card as="section" aria-labelledby="profile-callback-title">
      <div className={s.cardHead}>
        <h2 id="profile-callback-title" className={s.cardTitle}>
          {t.callback.title}
        </h2>
        <p className={s.cardLead}>{t.callback.lead}</p>
      </div>
      {state.status === 'sent' ? (
        <div className={s.stack}>
          <Alert tone="success" live="status">
            {t.callback.sent}
          </Alert>
          <div>
            <Button variant="secondary" onClick={() => setState({ status: 'idle' })}>
              {t.callback.another}
            </Button>
          </div>
        </div>
      ) : (
        <form
          ref={ref}
          className={s.form}
          onSubmit={onSubmit}
          noValidate
          aria-busy={state.status === 'sending' || undefined}
        >
          {tooMany && (
            <Alert tone="warning" live="alert" title={t.callback.tooManyTitle}>
              {error?.message}
            </Alert>
          )}
          <FormErrorSummary detail={detail} focusOnShow={false} />
          <TextField
            id="callback-phone"
            label={t.callback.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={form.phone}
            onChange={(e) => set('phone', e.target.value)}
            onBlur={() => form.phone.trim() && set('phone', phoneValue(form.phone.trim()))}
            error={fieldError('phone')}
          />
          <div className={s.twoFields}>
            <TextField
              id="callback-name"
              label={t.callback.name}
              autoComplete="name"
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={fieldError('name')}
            />
            <TextField
              id="callback-time"
              label={t.callback.time}
              hint={t.callback.timeHint}
              value={form.time}
              onChange={(e) => set('time', e.target.value)}
              error={fieldError('time')}
            />
          </div>
          <TextField
            id="callback-comment"
            label={t.callback.comment}
            value={form.comment}
            onChange={(e) => set('comment', e.target.value)}
            error={fieldError('comment')}
          />
          <div className={s.footer}>
            <Button type="submit" loading={state.status === 'sending'}>
              {t.callback.submit}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
