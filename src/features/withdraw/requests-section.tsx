// "Мои заявки" on /withdraw: every withdrawal, storno refund and refund claim with its processing state
// (В обработке / Выполнено / Отклонено). Reloads after a new request and when the balance changes (a staff
// rejection returns money, the socket's finances event moves the balance).
import { useResource } from '../../actors/resource';
import { Button } from '../../ui/button';
import { Badge, Card, Skeleton, type Tone } from '../../ui/primitives';
import type { MoneyRequest } from '../../../contract/payments.api';
import { fetchMoneyRequests } from './api';
import { formatShortMonthDay } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { t } from './strings';
import * as s from './withdraw.css';
import { cluster, stack, text } from '../../ui/layout.css';

const TONE: Record<MoneyRequest['status'], Tone> = {
  processing: 'warning',
  done: 'success',
  rejected: 'danger',
};

export function RequestsSection({ version }: { version: string }) {
  // Each version is read anew; the rows of the one before stay up meanwhile. A reconnect may have missed a change.
  const {
    latest: data,
    error,
    reload,
  } = useResource((_, signal) => fetchMoneyRequests(signal), version, {
    reloadOn: (notice) => notice.type === 'realtime.resumed',
  });
  return (
    <Card as="section" aria-labelledby="money-requests" className={stack[4]}>
      <div>
        <h2 id="money-requests" className={text.title}>
          {t.requests.title}
        </h2>
        <p className={s.lead}>{t.requests.lead}</p>
      </div>
      {error && !data ? (
        <div className={cluster[3]}>
          <p role="alert" className={text.muted}>
            {t.loadFailed}
          </p>
          <Button variant="secondary" size="sm" onClick={reload}>
            {t.retry}
          </Button>
        </div>
      ) : !data ? (
        <Skeleton height="3rem" />
      ) : data.results.length === 0 ? (
        <p className={text.muted}>{t.requests.empty}</p>
      ) : (
        <ul className={s.requestList} aria-label={t.requests.listLabel}>
          {data.results.map((r) => (
            <li key={`${r.type}-${r.id}`} className={s.request}>
              <div className={s.requestMain}>
                <span className={s.requestTitle}>{t.requests.type[r.type](r.id)}</span>
                <span className={text.muted}>
                  <time dateTime={r.created_at}>{formatShortMonthDay(r.created_at)}</time>
                  {r.status === 'rejected' && r.type !== 'claim' && ` · ${t.requests.returned}`}
                </span>
              </div>
              <div className={s.requestAside}>
                <span className={s.requestSum}>{formatMoney(r.amount)}</span>
                <Badge tone={TONE[r.status]}>{t.requests.status[r.status]}</Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
