import { style } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

/** min-width 0: placed in a grid or flex column, it takes the column's width, not its slides' row of widths. */
export const root = style({ position: 'relative', minWidth: 0 });

export const viewport = style({
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  touchAction: 'pan-y',
});

export const track = style({
  display: 'flex',
  transitionProperty: 'transform',
  transitionTimingFunction: vars.motion.easing,
  willChange: 'transform',
});

export const slide = style({ flex: '0 0 100%', minWidth: 0 });

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  marginTop: vars.space['3'],
});

export const control = style({
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});

export const dots = style({
  display: 'flex',
  alignItems: 'center',
  gap: '2px',
  margin: `0 ${vars.space['1']}`,
});

export const dot = style({
  display: 'grid',
  placeItems: 'center',
  // A 24px hit area around an 8px dot.
  width: '24px',
  height: '24px',
  padding: 0,
  border: 0,
  background: 'transparent',
  selectors: {
    '&::before': {
      content: '""',
      width: '8px',
      height: '8px',
      borderRadius: vars.radius.full,
      background: vars.color.borderStrong,
      transition: `width ${vars.motion.normal} ${vars.motion.easing}`,
    },
    '&[aria-current="true"]::before': { width: '20px', background: vars.color.primary },
  },
});
