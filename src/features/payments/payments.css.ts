import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';

const wide = 'screen and (min-width: 960px)';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minWidth: 0 });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], minWidth: 0 });

export const sectionTitle = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
});
export const lead = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });

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

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space['3'],
  alignItems: 'start',
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': {
    'screen and (min-width: 640px)': {
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      alignItems: 'center',
    },
  },
});
/**
 * A history row: what and when on the left, the amount in its own right-aligned column of tabular figures. Its own
 * style (not `row` + a modifier), so the three-column layout of `row` on wide screens cannot take it over.
 */
export const historyRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space['3'],
  alignItems: 'baseline',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const historySum = style({ justifySelf: 'end', textAlign: 'right', minWidth: '7ch' });
/** One part of a row's meta line; a line breaks only between parts, never inside a date. */
export const metaPart = style({ whiteSpace: 'nowrap' });

export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });
export const rowTitle = style({ fontWeight: vars.font.weight.semibold, overflowWrap: 'anywhere' });
export const rowMeta = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const rowAside = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  gridColumn: '1 / -1',
  '@media': { 'screen and (min-width: 640px)': { gridColumn: 'auto', justifyContent: 'flex-end' } },
});
export const sum = style({
  fontWeight: vars.font.weight.semibold,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});
export const plus = style({ color: vars.color.success });

export const check = style({
  width: '20px',
  height: '20px',
  marginTop: '2px',
  accentColor: vars.color.primary,
  cursor: 'pointer',
});

/** The bar under a list with the selection and its action; sticks to the bottom on phones. */
export const actionBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.color.surface2,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': { [wide]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });
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

/** A radio choice drawn as a card: the whole card is the label. */
export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&:has(input:focus-visible)': { boxShadow: vars.shadow.focus },
  },
});
export const choiceInput = style({
  width: '18px',
  height: '18px',
  marginTop: '2px',
  accentColor: vars.color.primary,
  flexShrink: 0,
});
export const choiceText = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });
export const choiceNote = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });

export const summary = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], margin: 0 });
export const summaryRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['3'] });
export const summaryLabel = style({ color: vars.color.textMuted });
export const summaryValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const summaryTotal = style({
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
});

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['3'],
  alignItems: 'end',
  '@media': { 'screen and (min-width: 640px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr)) auto' } },
});

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});

export const codeRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const codeInput = style({
  letterSpacing: '0.3em',
  fontVariantNumeric: 'tabular-nums',
  maxWidth: '14rem',
});
export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
});
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const narrow = style({ maxWidth: '40rem', width: '100%' });

// ---- PaymentsPayOut ----
export const flowHead = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });
export const steps = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space['2'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
  textAlign: 'center',
});
export const step = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['1'],
  minWidth: 0,
  padding: `${vars.space['2']} ${vars.space['1']}`,
  borderTop: `3px solid ${vars.color.border}`,
  selectors: {
    '&[data-state="current"]': {
      color: vars.color.text,
      fontWeight: vars.font.weight.semibold,
      borderTopColor: vars.color.primary,
    },
    '&[data-state="done"]': { color: vars.color.success, borderTopColor: vars.color.success },
  },
});
export const stepDot = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '24px',
  height: '24px',
  borderRadius: '50%',
  border: `1px solid ${vars.color.border}`,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    [`${step}[data-state="current"] &`]: {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryContrast,
    },
    [`${step}[data-state="done"] &`]: { background: vars.color.successSoft, borderColor: 'transparent' },
  },
});
export const rules = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], margin: 0 });
export const rule = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });
export const ruleTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.font.weight.medium,
});
export const ruleText = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const phone = style({
  color: vars.color.text,
  fontSize: vars.font.size.md,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
