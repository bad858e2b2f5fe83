import { style } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const label = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
});

export const labelRow = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const hint = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted });

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['1'],
  fontSize: vars.font.size.sm,
  color: vars.color.danger,
});
export const errorIcon = style({ flexShrink: 0, marginTop: '1px' });

export const control = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  // 16px keeps iOS Safari from zooming into the field.
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.snug,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:hover:not(:disabled)': { borderColor: vars.color.text },
    '&:focus-visible, &:focus': {
      outline: 'none',
      borderColor: vars.color.focusRing,
      boxShadow: vars.shadow.focus,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[aria-invalid="true"]:focus': {
      borderColor: vars.color.danger,
      boxShadow: `0 0 0 3px color-mix(in srgb, ${vars.color.danger} 28%, transparent)`,
    },
    '&:disabled': { background: vars.color.surface2, color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

/** A one-time code (from an SMS, an e-mail): spaced figures of one width. */
export const code = style({ letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' });

export const withTrailing = style({ paddingRight: '48px' });

export const inputWrap = style({ position: 'relative', display: 'flex' });

export const trailing = style({
  position: 'absolute',
  top: '50%',
  right: '4px',
  transform: 'translateY(-50%)',
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  selectors: { '&:hover': { color: vars.color.text, background: vars.color.surfaceHover } },
});

export const select = style({
  appearance: 'none',
  paddingRight: '40px',
  cursor: 'pointer',
});

export const selectChevron = style({
  position: 'absolute',
  right: '12px',
  top: '50%',
  transform: 'translateY(-50%)',
  pointerEvents: 'none',
  color: vars.color.textMuted,
});

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  fontSize: vars.font.size.sm,
  cursor: 'pointer',
});

export const checkbox = style({
  appearance: 'none',
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  width: '20px',
  height: '20px',
  margin: 0,
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: '5px',
  background: vars.color.surface,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast}, border-color ${vars.motion.fast}`,
  selectors: {
    '&:checked': { background: vars.color.primary, borderColor: vars.color.primary },
    // The tick is a pseudo-element of the native input itself: no extra markup, native keyboard and form behaviour.
    '&:checked::after': {
      content: '""',
      width: '11px',
      height: '6px',
      border: `2px solid ${vars.color.primaryContrast}`,
      borderTop: 0,
      borderRight: 0,
      transform: 'translateY(-1px) rotate(-45deg)',
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const checkboxText = style({ paddingTop: '1px', lineHeight: vars.font.lineHeight.normal });
