import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import { cluster, stack, text } from '../../ui/layout.css';

export const body = style([stack[4], { alignItems: 'flex-start' }]);
export const setup = style([stack[4], { width: '100%' }]);
export const scan = style({
  display: 'grid',
  gap: vars.space['4'],
  alignItems: 'start',
  '@media': { 'screen and (min-width: 40em)': { gridTemplateColumns: 'auto 1fr' } },
});
export const qrBox = style({ width: 196, height: 196 });
export const qr = style([qrBox, { display: 'block', borderRadius: vars.radius.md }]);
export const secret = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.md,
  letterSpacing: '0.06em',
  overflowWrap: 'anywhere',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  background: vars.color.surface2,
  borderRadius: vars.radius.sm,
  userSelect: 'all',
});
export const step = style([text.medium]);
export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11.5rem, 1fr))',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  padding: vars.space['3'],
  listStyle: 'none',
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.md,
  background: vars.color.surface2,
  borderRadius: vars.radius.sm,
  width: '100%',
  boxSizing: 'border-box',
});
export const actions = style([cluster[3]]);
export const form = style([stack[4], { width: '100%', maxWidth: '28rem' }]);
export const onLine = style([cluster[2], { alignItems: 'center' }]);
