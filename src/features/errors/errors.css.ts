import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';

export const code = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.primaryText,
  letterSpacing: '0.02em',
});

export const detail = style({
  marginTop: vars.space['2'],
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
