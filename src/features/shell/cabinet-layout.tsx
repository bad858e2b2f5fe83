import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { useAppActors } from '../../actors/app-actors';
import { useFinances, useIsDarkTheme } from '../../actors/hooks';
import { Logo, ThemeToggle } from '../../ui/brand';
import { Icon, type IconName } from '../../ui/icon';
import * as s from './cabinet-layout.css';
import { row as inline } from '../../ui/layout.css';
import { formatMoney } from '../../lib/money';
import { t } from './strings';
import { UserMenu } from './user-menu';
import { ConnectionBars } from './connection-bar';
import type { ReactNode } from 'react';

const NAV = [
  { to: '/home', label: t.nav.home, icon: 'file' },
  { to: '/order-new', label: t.nav.orderNew, icon: 'plus' },
  { to: '/payments', label: t.nav.payments, icon: 'card' },
  { to: '/profile', label: t.nav.profile, icon: 'user' },
] as const satisfies readonly { to: string; label: string; icon: IconName }[];

/**
 * The frame of every cabinet page: header (logo, balance, theme, account menu), the navigation (a sidebar on
 * desktop, a bottom bar on phones, both hidden when the route's staticData says hideSidebar), the page itself.
 */
/**
 * The cabinet's frame; `popup` is what the route composes over every page (the profile invitation). `children` is
 * the page, the route's Outlet unless given (the server's first screen paints the dashboard in it: src/first-screen-ssr.tsx).
 */
export function CabinetLayout({ popup, children }: { popup?: ReactNode; children?: ReactNode }) {
  const hideSidebar = useMatches({
    select: (matches) => matches.some((m) => m.staticData?.hideSidebar === true),
  });

  return (
    <>
      <a className={s.skipLink} href="#main">
        {t.skipToContent}
      </a>
      <div className={`${s.shell} ${hideSidebar ? s.shellNoSidebar : ''}`}>
        {!hideSidebar && (
          <aside className={s.sidebar}>
            <div className={s.sidebarLogo}>
              <Logo label={t.product} />
            </div>
            <nav aria-label={t.mainNav}>
              <ul className={s.navList}>
                {NAV.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className={s.navLink}>
                      <Icon name={item.icon} size={18} />
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
        )}
        <div className={s.column}>
          <header className={s.header}>
            <div className={hideSidebar ? s.headerLogoAlways : s.headerLogo}>
              <Logo label={t.product} collapsible />
            </div>
            <div className={s.headerSpacer} />
            <FinanceChip />
            <ThemeSwitch />
            <UserMenu />
          </header>
          <ConnectionBars />
          <main id="main" tabIndex={-1} className={`${s.main} ${hideSidebar ? s.mainNoBar : ''}`}>
            {children ?? <Outlet />}
          </main>
          {popup}
        </div>
      </div>
      {!hideSidebar && (
        <nav className={s.bottomBar} aria-label={t.mainNav}>
          <ul className={s.bottomList}>
            {NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={s.bottomLink}>
                  <Icon name={item.icon} size={22} />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

function ThemeSwitch() {
  const { theme } = useAppActors();
  const isDark = useIsDarkTheme();
  return (
    <ThemeToggle isDark={isDark} label={t.darkTheme} onToggle={() => theme.send({ type: 'theme.toggle' })} />
  );
}

/** Money and bonus in the header: compact on phones (bonus from 400 px, visible labels from 1280 px). */
function FinanceChip() {
  const finances = useFinances();
  if (!finances) return null;
  return (
    <dl className={s.financeChip} aria-label={t.finances}>
      <div className={inline[1]}>
        <dt className={s.financeLabel}>
          <Icon name="wallet" size={16} />
          <span className={s.financeLabelText}>{t.balance}</span>
        </dt>
        <dd className={s.financeValue}>{formatMoney(finances.money)}</dd>
      </div>
      <div className={`${inline[1]} ${s.financeBonus}`}>
        <dt className={s.financeLabel}>
          <Icon name="gift" size={16} />
          <span className={s.financeLabelText}>{t.bonus}</span>
        </dt>
        <dd className={s.financeValue}>{formatMoney(finances.bonus)}</dd>
      </div>
    </dl>
  );
}
