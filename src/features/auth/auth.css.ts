import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import { code, hint } from '../../ui/field.css';
import { center, column, emptyIconTone, screenTitle, tile } from '../../ui/primitives.css';

export const heading = style([column, { gap: vars.space['2'], marginBottom: vars.space['6'] }]);
export const title = screenTitle;
export const lead = style({ color: vars.color.textMuted });
export const headingIcon = style([
  tile,
  {
    width: '48px',
    height: '48px',
    marginBottom: vars.space['2'],
    borderRadius: vars.radius.lg,
  },
]);
export const headingIconTone = emptyIconTone;

export const form = style([column, { gap: vars.space['4'] }]);
export const actions = style([column, { gap: vars.space['2'], marginTop: vars.space['2'] }]);

export const textLink = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.primaryText,
  textDecoration: 'none',
  borderRadius: '4px',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const linkButton = style([
  textLink,
  {
    alignSelf: 'center',
    padding: `${vars.space['2']} ${vars.space['1']}`,
    border: 0,
    background: 'transparent',
  },
]);

export const linkRow = style([center, { flexWrap: 'wrap', columnGap: vars.space['4'] }]);

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  margin: `${vars.space['6']} 0 ${vars.space['4']}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, height: '1px', background: vars.color.border },
  },
});

export const socials = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space['2'],
});
// Narrow phones: icon over label in three tiles, so «ВКонтакте» never gets squeezed.
export const socialButton = style({
  paddingInline: vars.space['2'],
  '@media': {
    '(max-width: 439px)': {
      flexDirection: 'column',
      gap: vars.space['1'],
      minHeight: '64px',
      fontSize: vars.font.size.xs,
    },
  },
});

export const switchLine = style({
  marginTop: vars.space['8'],
  textAlign: 'center',
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const codeInput = style([code, { fontSize: vars.font.size.lg }]);

export const sentNote = hint;

// ---- Brand panel (desktop) -------------------------------------------------------------------------------------
export const brandTop = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.font.weight.semibold,
});
export const brandBody = style({ maxWidth: '30rem' });
export const brandTitle = style({
  fontSize: '2.25rem',
  fontWeight: vars.font.weight.bold,
  letterSpacing: '-0.02em',
  lineHeight: vars.font.lineHeight.tight,
});
export const brandLead = style({
  marginTop: vars.space['4'],
  fontSize: vars.font.size.lg,
  color: 'rgba(255, 255, 255, 0.86)',
});
export const brandList = style([
  column,
  { gap: vars.space['3'], marginTop: vars.space['8'], padding: 0, listStyle: 'none' },
]);
export const brandItem = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });
export const brandCheck = style([
  tile,
  { width: '28px', height: '28px', borderRadius: vars.radius.full, background: 'rgba(255, 255, 255, 0.14)' },
]);
export const brandFoot = style({ fontSize: vars.font.size.sm, color: 'rgba(255, 255, 255, 0.78)' });
export const brandGlow = style({
  position: 'absolute',
  right: '-120px',
  bottom: '-120px',
  width: '420px',
  height: '420px',
  borderRadius: '50%',
  background: 'radial-gradient(closest-side, rgba(165, 168, 255, 0.35), transparent)',
  pointerEvents: 'none',
});

export const stateBox = form;
