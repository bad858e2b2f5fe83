import type { ReactNode } from 'react';
import * as s from './public-layout.css';

/**
 * The frame of the screens outside the cabinet: a header (logo, theme switch), the content centred in a
 * narrow column, and on wide screens an optional brand panel on the left. Mobile first: the panel is desktop-only.
 */
export function PublicLayout({
  logo,
  actions,
  aside,
  footer,
  wide = false,
  children,
}: {
  logo: ReactNode;
  /** Right side of the header (the theme switch). */
  actions?: ReactNode;
  /** The brand panel, shown on desktop; it carries the logo there, so the header's logo hides. */
  aside?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={s.page} style={aside ? undefined : { gridTemplateColumns: '1fr' }}>
      {aside && <aside className={s.aside}>{aside}</aside>}
      <div className={s.main}>
        <header className={s.header}>
          <div className={`${s.logo} ${aside ? s.logoBesideAside : ''}`}>{logo}</div>
          {actions}
        </header>
        <main id="main" tabIndex={-1} className={`${s.content} ${wide ? s.wide : ''}`}>
          {children}
        </main>
        {footer && <footer className={s.footer}>{footer}</footer>}
      </div>
    </div>
  );
}
