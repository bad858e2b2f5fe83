import { style } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.text,
  fontWeight: vars.font.weight.semibold,
  fontSize: vars.font.size.md,
  letterSpacing: '-0.01em',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
});

export const mark = style({ flexShrink: 0, borderRadius: '8px' });

export const label = style({ whiteSpace: 'nowrap' });

/** In a crowded phone header the name gives way to the balance and the menu (it stays the link's name). */
export const labelCollapsible = style({
  '@media': {
    'screen and (max-width: 429px)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});

export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: `1px solid transparent`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  transition: `background-color ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: { '&:hover': { background: vars.color.surfaceHover, color: vars.color.text } },
});
