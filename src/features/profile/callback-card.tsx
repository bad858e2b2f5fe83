// "Call me back": phone, name, preferred time, comment. Three requests an hour; the 429 is shown in the form.
// The form helper checks it with the contract's CallbackRequestBody and sends it through a submission machine.
import { useForm } from '../../actors/use-form';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { requestCallback } from './api';
import * as s from './profile.css';
import { stack } from '../../ui/layout.css';
import { t } from './strings';
import { phoneValue } from './values';
import { ProfileCard } from './profile-card';

export function CallbackCard({ phone: initialPhone, name: initialName }: { phone: string; name: string }) {
  const form = useForm({
    initial: { phone: initialPhone, name: initialName, time: '', comment: '' },
    schema: 'CallbackRequestBody',
    toRequest: (v) => ({
      // An empty phone is left out: the contract then says 'Укажите номер телефона.'
      phone: (v.phone.trim() ? phoneValue(v.phone.trim()) : undefined) as string,
      name: v.name.trim(),
      time: v.time.trim(),
      comment: v.comment.trim(),
    }),
    submit: (body) => requestCallback(body),
  });
  const sending = form.busy;
  const sent = form.done;
  const tooMany = form.failure?.status === 429;
  const phone = form.text('phone');

  return (
    <ProfileCard titleId="profile-callback-title" title={t.callback.title} lead={t.callback.lead}>
      {sent ? (
        <div className={stack[4]}>
          <Alert tone="success" live="status">
            {t.callback.sent}
          </Alert>
          <div>
            <Button variant="secondary" onClick={form.reset}>
              {t.callback.another}
            </Button>
          </div>
        </div>
      ) : (
        <form {...form.props} className={stack[4]}>
          {tooMany && (
            <Alert tone="warning" live="alert" title={t.callback.tooManyTitle}>
              {form.failure?.message}
            </Alert>
          )}
          <FormErrorSummary detail={tooMany ? null : form.detail} focusOnShow={false} />
          <TextField
            id="callback-phone"
            label={t.callback.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            {...phone}
            onBlur={(e) => {
              if (phone.value.trim()) form.set('phone', phoneValue(phone.value.trim()));
              phone.onBlur(e);
            }}
          />
          <div className={s.twoFields}>
            <TextField
              id="callback-name"
              label={t.callback.name}
              autoComplete="name"
              {...form.text('name')}
            />
            <TextField
              id="callback-time"
              label={t.callback.time}
              hint={t.callback.timeHint}
              {...form.text('time')}
            />
          </div>
          <TextField id="callback-comment" label={t.callback.comment} {...form.text('comment')} />
          <div className={s.footer}>
            <Button type="submit" loading={sending}>
              {t.callback.submit}
            </Button>
          </div>
        </form>
      )}
    </ProfileCard>
  );
}
