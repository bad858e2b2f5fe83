import { useEffect, useRef, type ReactNode } from 'react';
import { useIsDarkTheme, useToggleTheme } from '../../actors/hooks';
import { Logo, LogoMark, ThemeToggle } from '../../ui/brand';
import { Icon, type IconName } from '../../ui/icon';
import { PublicLayout } from '../../ui/public-layout';
import * as s from './auth.css';
import { t } from './strings';

function BrandPanel() {
  return (
    <>
      <div className={s.brandTop}>
        <LogoMark />
        <span>{t.product}</span>
      </div>
      <div className={s.brandBody}>
        <p className={s.brandTitle}>{t.brand.title}</p>
        <p className={s.brandLead}>{t.brand.lead}</p>
        <ul className={s.brandList}>
          {t.brand.points.map((p) => (
            <li key={p} className={s.brandItem}>
              <span className={s.brandCheck}>
                <Icon name="check" size={16} />
              </span>
              {p}
            </li>
          ))}
        </ul>
      </div>
      <p className={s.brandFoot}>{t.brand.footnote}</p>
      <div className={s.brandGlow} aria-hidden="true" />
    </>
  );
}

function ThemeSwitch() {
  const isDark = useIsDarkTheme();
  const toggle = useToggleTheme();
  return <ThemeToggle isDark={isDark} label={t.darkTheme} onToggle={toggle} />;
}

/** The frame of every sign-in screen: brand panel on desktop, the form column, the theme switch. */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <PublicLayout
      logo={<Logo label={t.product} />}
      actions={<ThemeSwitch />}
      aside={<BrandPanel />}
      footer={footer}
    >
      {children}
    </PublicLayout>
  );
}

/**
 * The title and lead line of a screen. `focus`: the title takes focus when shown, for a state that replaces the
 * form the customer was in (so the keyboard and the screen reader follow).
 */
export function AuthHeading({
  title,
  lead,
  icon,
  tone = 'primary',
  focus = false,
}: {
  title: ReactNode;
  lead?: ReactNode;
  icon?: IconName;
  tone?: 'primary' | 'success' | 'danger';
  focus?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div className={s.heading}>
      {icon && (
        <span className={`${s.headingIcon} ${s.headingIconTone[tone]}`}>
          <Icon name={icon} size={24} />
        </span>
      )}
      <h1 ref={ref} className={s.title} tabIndex={focus ? -1 : undefined}>
        {title}
      </h1>
      {lead && <p className={s.lead}>{lead}</p>}
    </div>
  );
}
