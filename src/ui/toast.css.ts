import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const region = style({
  position: 'fixed',
  zIndex: vars.z.toast,
  left: vars.space['4'],
  right: vars.space['4'],
  // Above the phone's bottom navigation bar.
  bottom: `calc(${vars.space['4']} + 64px + env(safe-area-inset-bottom))`,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  pointerEvents: 'none',
  '@media': {
    '(min-width: 768px)': {
      left: 'auto',
      right: vars.space['6'],
      bottom: vars.space['6'],
      alignItems: 'flex-end',
    },
  },
});

export const toast = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  width: '100%',
  maxWidth: '420px',
  padding: `${vars.space['3']} ${vars.space['3']} ${vars.space['3']} ${vars.space['4']}`,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  fontSize: vars.font.size.sm,
  animation: `${slideIn} ${vars.motion.normal} ${vars.motion.easing}`,
});

export const kind = styleVariants({
  success: { color: vars.color.success },
  error: { color: vars.color.danger },
  info: { color: vars.color.info },
});

export const icon = style({ flexShrink: 0, marginTop: '1px' });
export const text = style({ flex: 1, paddingTop: '1px', overflowWrap: 'anywhere' });

export const dismiss = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '28px',
  height: '28px',
  margin: '-4px 0',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  selectors: { '&:hover': { background: vars.color.surfaceHover, color: vars.color.text } },
});
