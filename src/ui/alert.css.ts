import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

export const alert = style({
  display: 'flex',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  border: '1px solid',
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.normal,
  selectors: {
    '&:focus': { outline: 'none' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const tone = styleVariants({
  info: { background: vars.color.infoSoft, borderColor: vars.color.info, color: vars.color.text },
  success: { background: vars.color.successSoft, borderColor: vars.color.success, color: vars.color.text },
  warning: { background: vars.color.warningSoft, borderColor: vars.color.warning, color: vars.color.text },
  danger: { background: vars.color.dangerSoft, borderColor: vars.color.danger, color: vars.color.text },
});

export const iconTone = styleVariants({
  info: { color: vars.color.info },
  success: { color: vars.color.success },
  warning: { color: vars.color.warning },
  danger: { color: vars.color.danger },
});

export const icon = style({ flexShrink: 0, marginTop: '2px' });
export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });
export const title = style({ fontWeight: vars.font.weight.semibold });
export const list = style({ paddingLeft: vars.space['5'] });
export const link = style({ color: 'inherit' });
