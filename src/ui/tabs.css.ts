import { style } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

// Never wider than its container: extra tabs scroll sideways instead of widening the page.
export const root = style({ minWidth: 0, maxWidth: '100%' });

export const list = style({
  display: 'flex',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  scrollbarWidth: 'none',
});

export const tab = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '44px',
  padding: `0 ${vars.space['3']}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  // A phone shows three tabs with their counters without scrolling.
  '@media': { 'screen and (max-width: 429px)': { padding: `0 ${vars.space['2']}`, gap: '6px' } },
  selectors: {
    '&:hover': { color: vars.color.text },
    '&::after': {
      content: '""',
      position: 'absolute',
      left: vars.space['2'],
      right: vars.space['2'],
      bottom: '-1px',
      height: '2px',
      borderRadius: '2px',
      background: 'transparent',
    },
    // TanStack Router marks the active link with aria-current="page".
    '&[aria-current="page"]': { color: vars.color.text },
    '&[aria-current="page"]::after': { background: vars.color.primary },
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const count = style({
  minWidth: '20px',
  padding: '0 6px',
  borderRadius: vars.radius.full,
  background: vars.color.surface2,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  lineHeight: '20px',
  textAlign: 'center',
  selectors: {
    [`${tab}[aria-current="page"] &`]: { background: vars.color.primarySoft, color: vars.color.primaryText },
  },
});
