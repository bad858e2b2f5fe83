import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

export const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.tight,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  userSelect: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}, box-shadow ${vars.motion.fast} ${vars.motion.easing}, transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:active:not(:disabled):not([aria-disabled="true"])': { transform: 'translateY(1px)' },
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
    '&[data-loading="true"]': { cursor: 'progress', opacity: 1 },
  },
});

globalStyle(`${base} > svg`, { flexShrink: 0 });

export const variant = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.primaryContrast,
    boxShadow: vars.shadow.sm,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.border,
    boxShadow: vars.shadow.sm,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
  },
  danger: {
    background: vars.color.dangerSoft,
    color: vars.color.danger,
    borderColor: 'currentColor',
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
  },
});

export const size = styleVariants({
  sm: { minHeight: '32px', padding: `0 ${vars.space['3']}`, fontSize: vars.font.size.sm },
  md: { minHeight: '40px', padding: `0 ${vars.space['4']}`, fontSize: vars.font.size.sm },
  lg: { minHeight: '48px', padding: `0 ${vars.space['6']}`, fontSize: vars.font.size.md },
  icon: { width: '40px', height: '40px', padding: 0 },
});

export const block = style({ width: '100%' });

/** Keeps the label's width while the spinner shows, so the button does not jump. */
export const hiddenLabel = style({
  visibility: 'hidden',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 'inherit',
});
export const spinnerSlot = style({ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' });
