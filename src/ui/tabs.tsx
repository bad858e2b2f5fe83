import { createLink } from '@tanstack/react-router';
import { Children, forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import * as s from './tabs.css';

/**
 * Tabs that are links (each tab is its own URL, e.g. /home/active): a <nav> of links with aria-current on the
 * active one. This is the accessible pattern for navigation tabs; role=tablist is for in-page panels.
 */
export function Tabs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className={s.root}>
      <ul className={s.list}>{Children.map(children, (child) => (child ? <li>{child}</li> : null))}</ul>
    </nav>
  );
}

type TabAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { count?: number };

const TabAnchor = forwardRef<HTMLAnchorElement, TabAnchorProps>(function TabAnchor(
  { count, children, className, ...rest },
  ref,
) {
  return (
    <a ref={ref} className={[s.tab, className].filter(Boolean).join(' ')} {...rest}>
      {children}
      {count !== undefined && <span className={s.count}>{count}</span>}
    </a>
  );
});

/** `<TabLink to="/home/$tab" params={{ tab: 'active' }} count={3}>Активные</TabLink>` */
export const TabLink = createLink(TabAnchor);
