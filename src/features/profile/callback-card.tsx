// "Call me back": phone, name, preferred time, comment. Three requests an hour; the 429 is shown in the form.
// Its states are machines/callback-form; the typed values stay here.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { callbackFormMachine } from '../../../machines/callback-form/callback-form.machine';
import {
  selectDetail,
  selectError,
  selectIsSending,
  selectIsSent,
  selectTooMany,
} from '../../../machines/callback-form/callback-form.selectors';
import type { CallbackRequestValues } from '../../../machines/callback-form/callback-form.types';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/primitives';
import { requestCallback } from './api';
import * as s from './profile.css';
import { stack, text } from '../../ui/layout.css';
import { t } from './strings';
import { phoneValue } from './values';

type Field = keyof CallbackRequestValues;

export function CallbackCard({ phone: initialPhone, name: initialName }: { phone: string; name: string }) {
  const [form, setForm] = useState({ phone: initialPhone, name: initialName, time: '', comment: '' });
  const ref = useRef<HTMLFormElement>(null);
  const machine = useActorRef(
    callbackFormMachine.provide({
      actors: {
        sendCallback: fromPromise(({ input }) =>
          requestCallback({ ...input, phone: phoneValue(input.phone) }),
        ),
      },
    }),
  );
  useEffect(() => {
    const sub = machine.on('callback.problem', () =>
      requestAnimationFrame(() =>
        ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus(),
      ),
    );
    return () => sub.unsubscribe();
  }, [machine]);
  const sending = useSelector(machine, selectIsSending);
  const sent = useSelector(machine, selectIsSent);
  const tooMany = useSelector(machine, selectTooMany);
  const error = useSelector(machine, selectError);
  const detail = useSelector(machine, selectDetail);
  const phoneMissing = useSelector(machine, (snap) => snap.context.phoneMissing);
  const fieldError = (name: Field) =>
    name === 'phone' && phoneMissing ? t.callback.phoneRequired : error?.fields?.[name];

  const set = (name: Field, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    machine.send({ type: 'callback.edit', field: name });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    machine.send({
      type: 'callback.submit',
      request: {
        phone: form.phone.trim(),
        name: form.name.trim(),
        time: form.time.trim(),
        comment: form.comment.trim(),
      },
    });
  };

  return (
    <Card as="section" aria-labelledby="profile-callback-title">
      <div className={s.cardHead}>
        <h2 id="profile-callback-title" className={text.title}>
          {t.callback.title}
        </h2>
        <p className={s.cardLead}>{t.callback.lead}</p>
      </div>
      {sent ? (
        <div className={stack[4]}>
          <Alert tone="success" live="status">
            {t.callback.sent}
          </Alert>
          <div>
            <Button variant="secondary" onClick={() => machine.send({ type: 'callback.again' })}>
              {t.callback.another}
            </Button>
          </div>
        </div>
      ) : (
        <form ref={ref} className={stack[4]} onSubmit={onSubmit} noValidate aria-busy={sending || undefined}>
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
            <Button type="submit" loading={sending}>
              {t.callback.submit}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
