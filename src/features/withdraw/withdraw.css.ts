import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minWidth: 0 });
export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  alignSelf: 'flex-start',
  color: vars.color.primaryText,
  fontSize: vars.font.size.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': { 'screen and (min-width: 1100px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minWidth: 0 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });
export const title = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
});
export const lead = style({
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});
export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});
export const legend = style({
  marginBottom: vars.space['2'],
  padding: 0,
  fontWeight: vars.font.weight.medium,
});
export const choices = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
});
export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&:has(input:focus-visible)': { boxShadow: vars.shadow.focus },
  },
});
export const radio = style({ width: '18px', height: '18px', accentColor: vars.color.primary, flexShrink: 0 });
export const balance = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space['3'],
  margin: 0,
});
export const balanceValue = style({
  margin: 0,
  fontSize: vars.font.size['2xl'],
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
});
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const rows = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });

export const textareaField = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });
export const label = style({ fontSize: vars.font.size.sm, fontWeight: vars.font.weight.medium });
export const textarea = style({
  minHeight: '6rem',
  padding: vars.space['3'],
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  resize: 'vertical',
  selectors: {
    '&:focus-visible': { outline: 'none', boxShadow: vars.shadow.focus, borderColor: vars.color.primary },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});
export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.size.sm });

// ---- Мои заявки ----
export const requestList = style({
  display: 'flex',
  flexDirection: 'column',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const request = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space['3'],
  alignItems: 'center',
  padding: `${vars.space['3']} 0`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});
export const requestMain = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});
export const requestTitle = style({ fontWeight: vars.font.weight.medium, overflowWrap: 'anywhere' });
export const requestAside = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space['1'],
});
export const requestSum = style({
  fontWeight: vars.font.weight.semibold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
