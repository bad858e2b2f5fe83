import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';
import { laptop, largePhone, tablet, wide } from './media';
import { center, column } from './primitives.css';

/**
 * Layout and text atoms the features compose their blocks from (`style([stack[4], { … }])` or `export const form =
 * stack[4]`), so a column of fields, a bare list or a muted note is written once. Plain classes, no runtime. This
 * file's CSS comes with the signed-in screens; the few atoms the sign-in forms need too (`column`, `center`) live in
 * primitives.css, which is in the entry's CSS, and are re-exported here. The entry's CSS is linked after the lazy
 * chunks' CSS (index.html links it at the end of <body>), so its classes win a tie: a block that composes `column`
 * or `center` never sets what they set (flex-direction, align-items …) — that is why `stack` is written out.
 */
export { center, column };

const gaps = {
  1: vars.space['1'],
  2: vars.space['2'],
  3: vars.space['3'],
  4: vars.space['4'],
  5: vars.space['5'],
};

/** A column of blocks with even gaps (flex). */
export const stack = styleVariants(gaps, (gap) => ({ display: 'flex', flexDirection: 'column', gap }));
/** The same as a grid (its children may align themselves with justify-self). */
export const grid = styleVariants(gaps, (gap) => ({ display: 'grid', gap }));
/** A wrapping row of items centred on one line. */
export const cluster = styleVariants(gaps, (gap) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap,
}));
/** Items side by side, centred on one line. */
export const row = styleVariants(gaps, (gap) => ({ display: 'flex', alignItems: 'center', gap }));
/** A wrapping line of short facts: a narrow gap between its lines, a wider one between the facts. */
export const flow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['1']} ${vars.space['3']}`,
});
/** Pushes the first and the last item to the two ends of a row. */
export const between = style({ justifyContent: 'space-between' });
/** A list without bullets and indents. */
export const bare = style({ margin: 0, padding: 0, listStyle: 'none' });
/** A flex or grid child that may shrink below its content (long titles wrap instead of widening the page). */
export const shrink = style({ minWidth: 0 });
/** Form and main column on the left, the summary on the right from the given width on. */
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['5'],
  alignItems: 'start',
});

/** Two equal columns from a width on, one under the other below it (the fields of a form, cards). */
export const halves = styleVariants({ largePhone, tablet, laptop }, (at) => ({
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [at]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
}));

/** A grid row of the main content and its side (an amount, actions): one under the other on phones. */
export const withSide = style({
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [wide]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center' } },
});

export const text = styleVariants({
  muted: { color: vars.color.textMuted, fontSize: vars.font.size.sm },
  /** Muted in the size around it (a label beside its value). */
  soft: { color: vars.color.textMuted },
  mutedXs: { color: vars.color.textMuted, fontSize: vars.font.size.xs },
  danger: { color: vars.color.danger, fontSize: vars.font.size.sm },
  success: { color: vars.color.success, fontSize: vars.font.size.sm },
  /** A card's or a section's title. */
  title: {
    fontSize: vars.font.size.lg,
    fontWeight: vars.font.weight.semibold,
    lineHeight: vars.font.lineHeight.tight,
  },
  label: { fontSize: vars.font.size.sm, fontWeight: vars.font.weight.medium },
  strong: { fontWeight: vars.font.weight.semibold },
  medium: { fontWeight: vars.font.weight.medium },
  /** A block's own heading in body size (a tip, a list row, a drop zone). */
  lead: { fontSize: vars.font.size.md, fontWeight: vars.font.weight.semibold },
  /** Figures of one width (a number, a date in a column). */
  figures: { fontVariantNumeric: 'tabular-nums' },
  /** Money and counts: figures of one width, never broken across lines. */
  money: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  /** A big figure: a balance, a total. */
  figure: {
    margin: 0,
    fontSize: vars.font.size['2xl'],
    fontWeight: vars.font.weight.bold,
    fontVariantNumeric: 'tabular-nums',
  },
  wrap: { overflowWrap: 'anywhere' },
  /** One line cut with "…" (a file name, a name in the header). */
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});
