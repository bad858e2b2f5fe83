import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import * as s from './primitives.css';
import { uiStrings } from './strings';

const cx = (...c: (string | false | undefined)[]) => c.filter(Boolean).join(' ');

export function VisuallyHidden({ children, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={s.visuallyHidden} {...rest}>
      {children}
    </span>
  );
}

/** Decorative by default (inside a busy button); with `label` it is a status announced to screen readers. */
export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  const ring = <span className={s.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span role="status" style={{ display: 'inline-flex' }}>
      {ring}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

/** A grey placeholder in the shape of the content that is loading. Hidden from assistive tech. */
export function Skeleton({
  width = '100%',
  height = '1em',
  radius,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}) {
  return (
    <span
      className={cx(s.skeleton, className)}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/** Wraps skeletons so a screen reader hears "loading" once instead of nothing. */
export function LoadingRegion({
  label = uiStrings.loading,
  children,
}: {
  label?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      {children}
    </div>
  );
}

type CardProps = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'article' | 'aside';
  padding?: keyof typeof s.cardPadding;
};

export function Card({ as: Tag = 'div', padding = 'md', className, ...rest }: CardProps) {
  return <Tag className={cx(s.card, s.cardPadding[padding], className)} {...rest} />;
}

export type Tone = keyof typeof s.badgeTone;

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={cx(s.badge, s.badgeTone[tone])}>{children}</span>;
}

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[1]![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

/** A round picture or, without one, the initials. The name is the accessible label unless `decorative`. */
export function Avatar({
  name,
  src,
  size = 36,
  decorative = false,
}: {
  name: string;
  src?: string | null;
  size?: number;
  decorative?: boolean;
}) {
  return (
    <span
      className={s.avatar}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      {src ? <img className={s.avatarImage} src={src} alt="" /> : initials(name)}
    </span>
  );
}

export function EmptyState({
  icon,
  tone = 'neutral',
  title,
  titleAs: Title = 'h2',
  children,
  actions,
}: {
  icon?: IconName;
  tone?: keyof typeof s.emptyIconTone;
  title: ReactNode;
  titleAs?: 'h1' | 'h2' | 'h3';
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={s.emptyState}>
      {icon && (
        <span className={cx(s.emptyIcon, s.emptyIconTone[tone], Title === 'h1' && s.emptyIconPage)}>
          <Icon name={icon} size={Title === 'h1' ? 32 : 28} />
        </span>
      )}
      {/* As the page's h1 (error and result screens) the title is larger. */}
      <Title className={cx(s.emptyTitle, Title === 'h1' && s.screenTitle)}>{title}</Title>
      {children && <div className={s.emptyText}>{children}</div>}
      {actions && <div className={s.emptyActions}>{actions}</div>}
    </div>
  );
}

/** The title row of a page: the one <h1>, an optional description and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={s.pageHeader}>
      <div>
        <h1 className={s.pageTitle}>{title}</h1>
        {description && <p className={s.pageDescription}>{description}</p>}
      </div>
      {actions && <div className={s.pageActions}>{actions}</div>}
    </header>
  );
}
