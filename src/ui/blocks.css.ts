import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme/contract.css';
import { text } from './layout.css';

/**
 * The blocks the signed-in screens repeat: a framed surface (card, row, panel), a fieldset, a radio choice drawn as a
 * card, a money row, the back link. Recipes, called in the features' .css.ts files at build time (their classes
 * are strings there), so no recipe runtime reaches a bundle unless a component picks variants while rendering.
 */

/** A framed block on the page: a card, a list row, a panel. */
export const surface = recipe({
  base: { background: vars.color.surface, border: `1px solid ${vars.color.border}` },
  variants: {
    tone: { raised: {}, sunken: { background: vars.color.surface2 } },
    radius: {
      md: { borderRadius: vars.radius.md },
      lg: { borderRadius: vars.radius.lg },
      xl: { borderRadius: vars.radius.xl },
    },
    shadow: { none: {}, sm: { boxShadow: vars.shadow.sm } },
    pad: {
      none: {},
      3: { padding: vars.space['3'] },
      4: { padding: vars.space['4'] },
      5: { padding: vars.space['5'] },
    },
  },
  defaultVariants: { tone: 'raised', radius: 'lg', shadow: 'none', pad: 'none' },
});

/** A fieldset that groups (no frame, no indents) or a framed section of a long form. */
export const fieldset = recipe({
  base: { display: 'flex', flexDirection: 'column', minWidth: 0, margin: 0, padding: 0, border: 0 },
  variants: {
    gap: { 3: { gap: vars.space['3'] }, 4: { gap: vars.space['4'] } },
    framed: {
      false: {},
      true: {
        padding: vars.space['5'],
        border: `1px solid ${vars.color.border}`,
        borderRadius: vars.radius.lg,
        background: vars.color.surface,
        boxShadow: vars.shadow.sm,
      },
    },
  },
  defaultVariants: { gap: 3, framed: false },
});

export const legend = recipe({
  base: { marginBottom: vars.space['2'], padding: 0, fontWeight: vars.font.weight.medium },
  variants: {
    size: {
      md: {},
      sm: { fontSize: vars.font.size.sm },
      /** A framed fieldset's heading: across the frame, like a card title. */
      lg: {
        float: 'left',
        width: '100%',
        marginBottom: vars.space['1'],
        paddingInline: '2px',
        fontSize: vars.font.size.lg,
        fontWeight: vars.font.weight.semibold,
        color: vars.color.text,
      },
    },
  },
  defaultVariants: { size: 'md' },
});

/** A radio (or checkbox) choice drawn as a card: the whole card is the label; checked and focus show on it. */
export const choice = recipe({
  base: {
    display: 'flex',
    gap: vars.space['3'],
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    cursor: 'pointer',
    selectors: {
      '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.primarySoft },
      '&:has(input:focus-visible)': { boxShadow: vars.shadow.focus },
    },
  },
  variants: {
    size: {
      /** A title and a note under it. */
      md: { alignItems: 'flex-start', padding: vars.space['4'] },
      /** One line. */
      sm: { alignItems: 'center', padding: vars.space['3'] },
    },
  },
  defaultVariants: { size: 'md' },
});
export const choiceInput = style({
  width: '18px',
  height: '18px',
  accentColor: vars.color.primary,
  flexShrink: 0,
});

/** A label and an amount on one line (a bill, a price); the total row is set apart by a rule. */
export const moneyRow = recipe({
  base: { display: 'flex', justifyContent: 'space-between', gap: vars.space['3'] },
  variants: {
    total: {
      false: {},
      true: {
        paddingTop: vars.space['3'],
        borderTop: `1px solid ${vars.color.border}`,
        fontWeight: vars.font.weight.semibold,
      },
    },
  },
  defaultVariants: { total: false },
});

/** The muted line under a card's or a section's title. */
export const cardLead = style([text.muted, { marginTop: vars.space['1'] }]);

/** "← Back to …" above a page's title. */
export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  alignSelf: 'flex-start',
  color: vars.color.primaryText,
  fontSize: vars.font.size.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

/** An upload's progress bar: a thin rounded track in every engine. */
export const progress = style({
  width: '100%',
  height: '6px',
  appearance: 'none',
  border: 0,
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  background: vars.color.surface2,
  color: vars.color.primary,
  selectors: {
    '&::-webkit-progress-bar': { background: vars.color.surface2, borderRadius: vars.radius.full },
    '&::-webkit-progress-value': { background: vars.color.primary, borderRadius: vars.radius.full },
    '&::-moz-progress-bar': { background: vars.color.primary },
  },
});

/** A file input hidden under its label (the label is the button); it stays focusable. */
export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
});

/** A button that reads as a link (an action inside a sentence or under a field). */
export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.primaryText,
  textDecoration: 'underline',
  cursor: 'pointer',
});

/** A square button with only an icon (its name is its aria-label): small and round in a chip, framed beside a field. */
export const iconButton = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    padding: 0,
    border: 0,
    background: 'none',
    cursor: 'pointer',
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
  },
  variants: {
    size: {
      sm: { width: '28px', height: '28px', borderRadius: vars.radius.full, color: vars.color.text },
      md: {
        width: '36px',
        height: '36px',
        borderRadius: vars.radius.md,
        color: vars.color.textMuted,
        selectors: { '&:hover': { color: vars.color.text } },
      },
      lg: {
        width: '44px',
        height: '44px',
        border: `1px solid ${vars.color.borderStrong}`,
        borderRadius: vars.radius.md,
        background: vars.color.surface,
        color: vars.color.text,
        selectors: { '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' } },
      },
    },
  },
  defaultVariants: { size: 'md' },
});
