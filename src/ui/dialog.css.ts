import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';
import { fadeIn, riseIn } from './theme/global.css';

export const dialog = style({
  width: 'calc(100% - 32px)',
  maxHeight: 'calc(100dvh - 32px)',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  overflow: 'auto',
  overscrollBehavior: 'contain',
  animation: `${riseIn} ${vars.motion.normal} ${vars.motion.easing}`,
  selectors: {
    '&::backdrop': { background: vars.color.overlay, animation: `${fadeIn} ${vars.motion.normal} ease-out` },
  },
});

export const size = styleVariants({
  sm: { maxWidth: '420px' },
  md: { maxWidth: '560px' },
  lg: { maxWidth: '800px' },
});

export const position = styleVariants({
  center: { margin: 'auto' },
  top: { margin: '0 auto auto', marginTop: 'max(16px, 8vh)' },
});

export const inner = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['6'],
});

export const title = style({
  // Room for the × in the corner.
  paddingRight: vars.space['8'],
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
});

export const close = style({
  position: 'absolute',
  top: vars.space['3'],
  right: vars.space['3'],
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  selectors: { '&:hover': { background: vars.color.surfaceHover, color: vars.color.text } },
});

export const body = style({ color: vars.color.text, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
export const bodyUntitled = style({ paddingRight: vars.space['6'] });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
});
