import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';
import { spin } from './theme/global.css';
import { tablet } from './media';

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

// Three atoms the sign-in forms and the signed-in screens share (re-exported by layout.css). This file's CSS is the
// entry's, linked after every lazy chunk's CSS: a class composing these must not set what they set (it would lose).

/** A flex column: its blocks one under another, no gaps. */
export const column = style({ display: 'flex', flexDirection: 'column' });
/** Its content in the middle, both ways (an empty or a loading panel, a drop overlay). */
export const center = style({ display: 'flex', alignItems: 'center', justifyContent: 'center' });
/** A box with an icon or a figure in its middle (a heading's icon, a step's number, a check mark). */
export const tile = style({ display: 'grid', placeItems: 'center', flexShrink: 0 });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.7s linear infinite`,
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '1.6s !important',
      animationIterationCount: 'infinite !important',
    },
  },
});

const shimmer = keyframes({ from: { backgroundPosition: '200% 0' }, to: { backgroundPosition: '-200% 0' } });

export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  background: `linear-gradient(90deg, ${vars.color.skeleton} 25%, ${vars.color.skeletonShine} 50%, ${vars.color.skeleton} 75%)`,
  backgroundSize: '200% 100%',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const cardPadding = styleVariants({
  none: {},
  md: { padding: vars.space['5'] },
  lg: {
    padding: vars.space['6'],
    '@media': { '(min-width: 640px)': { padding: vars.space['8'] } },
  },
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.snug,
  whiteSpace: 'nowrap',
});

export const badgeTone = styleVariants({
  neutral: { background: vars.color.surface2, color: vars.color.textMuted },
  primary: { background: vars.color.primarySoft, color: vars.color.primaryText },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  info: { background: vars.color.infoSoft, color: vars.color.info },
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: '50%',
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontWeight: vars.font.weight.semibold,
  userSelect: 'none',
});

export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['10']} ${vars.space['4']}`,
  maxWidth: '28rem',
  marginInline: 'auto',
});

export const emptyIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.xl,
  background: vars.color.surface2,
  color: vars.color.textMuted,
  marginBottom: vars.space['1'],
});

export const emptyIconTone = styleVariants({
  neutral: {},
  primary: { background: vars.color.primarySoft, color: vars.color.primaryText },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
});

export const emptyIconPage = style({
  width: '64px',
  height: '64px',
  borderRadius: '18px',
  marginBottom: vars.space['2'],
});
export const emptyTitle = style({ fontSize: vars.font.size.xl, fontWeight: vars.font.weight.semibold });
/** The title of a screen of its own: a status page (over `emptyTitle`), a sign-in form. */
export const screenTitle = style({
  fontSize: vars.font.size['2xl'],
  fontWeight: vars.font.weight.bold,
  letterSpacing: '-0.015em',
  '@media': { [tablet]: { fontSize: vars.font.size['3xl'] } },
});
export const emptyText = style({ color: vars.color.textMuted });
export const emptyActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['3'],
  marginTop: vars.space['3'],
});

export const pageHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  marginBottom: vars.space['6'],
});
export const pageTitle = style({
  fontSize: vars.font.size['2xl'],
  fontWeight: vars.font.weight.bold,
  letterSpacing: '-0.01em',
  '@media': { '(min-width: 640px)': { fontSize: vars.font.size['3xl'] } },
});
export const pageDescription = style({ marginTop: vars.space['1'], color: vars.color.textMuted });
export const pageActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
