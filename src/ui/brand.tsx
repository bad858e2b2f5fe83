import { Link } from '@tanstack/react-router';
import { Icon } from './icon';
import * as s from './brand.css';

/** The product mark (same drawing as the favicon), inline so it costs no request. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className={s.mark}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M9 10h14v3H9zm0 5h14v3H9zm0 5h9v3H9z" fill="#fff" />
    </svg>
  );
}

/**
 * The logo, a link to the start page; `label` is the product name shown beside the mark. `collapsible`: on a
 * narrow phone only the mark shows (the name stays the link's accessible name).
 */
export function Logo({
  label,
  compact = false,
  collapsible = false,
}: {
  label: string;
  compact?: boolean;
  collapsible?: boolean;
}) {
  return (
    <Link to="/" className={s.logo} aria-label={compact ? label : undefined}>
      <LogoMark />
      {!compact && (
        <span className={collapsible ? `${s.label} ${s.labelCollapsible}` : s.label}>{label}</span>
      )}
    </Link>
  );
}

/**
 * The light/dark switch: a toggle button (aria-pressed = dark is on) with one fixed label, the pattern screen
 * readers announce best ("Тёмная тема, кнопка, нажата").
 */
export function ThemeToggle({
  isDark,
  onToggle,
  label,
}: {
  isDark: boolean;
  onToggle: () => void;
  label: string;
}) {
  return (
    <button
      type="button"
      className={s.iconButton}
      aria-pressed={isDark}
      aria-label={label}
      title={label}
      onClick={onToggle}
    >
      <Icon name={isDark ? 'moon' : 'sun'} size={20} />
    </button>
  );
}
