import { Link } from '@tanstack/react-router';
import { useFinances, useUser } from '../../actors/hooks';
import { Icon } from '../../ui/icon';
import { Card, PageHeader } from '../../ui/primitives';
import * as s from './home-page.css';
import { stack, text } from '../../ui/layout.css';
import { formatMoney } from '../../lib/money';
import { givenName } from '../../lib/names';
import { t } from './strings';

/** /home: the greeting, the balance and the quick actions. The orders issue adds the order lists below. */
export function HomePage() {
  const user = useUser();
  return (
    <>
      <PageHeader title={t.home.greeting(givenName(user?.fio))} description={t.home.lead} />
      <Finances />
      <QuickActions />
    </>
  );
}

function Finances() {
  const finances = useFinances();
  if (!finances) return null;
  return (
    <dl className={s.finances}>
      <Card className={stack[1]}>
        <dt className={text.muted}>{t.home.money}</dt>
        <dd className={s.statValue}>{formatMoney(finances.money)}</dd>
      </Card>
      <Card className={stack[1]}>
        <dt className={text.muted}>{t.home.bonus}</dt>
        <dd className={s.statValue}>{formatMoney(finances.bonus)}</dd>
        <dd className={text.mutedXs}>{t.home.bonusHint}</dd>
      </Card>
    </dl>
  );
}

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions">
      <h2 id="quick-actions" className={s.sectionTitle}>
        {t.home.quick}
      </h2>
      <ul className={s.grid}>
        <li>
          <Link to="/order-new" className={`${s.action} ${s.actionPrimary}`}>
            <span className={`${s.actionIcon} ${s.actionIconOnPrimary}`}>
              <Icon name="plus" size={22} />
            </span>
            <span>
              <span className={s.actionTitle}>{t.home.actions.orderNew.title}</span>
              <span className={`${s.actionText} ${s.actionTextOnPrimary}`}>
                {t.home.actions.orderNew.text}
              </span>
            </span>
          </Link>
        </li>
        <li>
          <Link to="/payments" className={s.action}>
            <span className={s.actionIcon}>
              <Icon name="card" size={22} />
            </span>
            <span>
              <span className={s.actionTitle}>{t.home.actions.payments.title}</span>
              <span className={s.actionText}>{t.home.actions.payments.text}</span>
            </span>
          </Link>
        </li>
        <li>
          <Link to="/profile" className={s.action}>
            <span className={s.actionIcon}>
              <Icon name="user" size={22} />
            </span>
            <span>
              <span className={s.actionTitle}>{t.home.actions.profile.title}</span>
              <span className={s.actionText}>{t.home.actions.profile.text}</span>
            </span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
