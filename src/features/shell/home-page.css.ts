import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import * as ui from '../../ui/blocks.css';
import { bare, text } from '../../ui/layout.css';
import { tablet } from '../../ui/media';

export const sectionTitle = style([
  text.muted,
  text.strong,
  { marginBottom: vars.space['3'], textTransform: 'uppercase', letterSpacing: '0.06em' },
]);

export const grid = style([
  bare,
  {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: vars.space['3'],
    '@media': {
      [tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space['4'] },
    },
  },
]);

export const action = style([
  ui.surface({ shadow: 'sm', pad: 5 }),
  {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space['4'],
    height: '100%',
    color: vars.color.text,
    textDecoration: 'none',
    transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}, transform ${vars.motion.fast}`,
    selectors: {
      '&:hover': { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.md },
      '&:active': { transform: 'translateY(1px)' },
    },
    '@media': { [tablet]: { flexDirection: 'column' } },
  },
]);

export const actionPrimary = style({
  background: vars.color.primary,
  borderColor: vars.color.primary,
  color: vars.color.primaryContrast,
  selectors: { '&:hover': { background: vars.color.primaryHover, borderColor: vars.color.primaryHover } },
});

export const actionIcon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
});

export const actionIconOnPrimary = style({ background: 'rgba(255, 255, 255, 0.16)', color: 'inherit' });

export const actionTitle = style([text.strong, { display: 'block' }]);
export const actionText = style([text.muted, { display: 'block', marginTop: vars.space['1'] }]);
export const actionTextOnPrimary = style({ color: 'inherit', opacity: 0.9 });

export const finances = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  margin: `0 0 ${vars.space['8']}`,
  '@media': { [tablet]: { gap: vars.space['4'] } },
});

export const statValue = style([text.figure, { letterSpacing: '-0.01em' }]);
