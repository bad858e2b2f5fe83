import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import * as ui from '../../ui/blocks.css';
import { code } from '../../ui/field.css';
import {
  bare,
  between,
  cluster,
  columns as columnsBase,
  grid,
  row as inline,
  shrink,
  stack,
  text,
} from '../../ui/layout.css';
import { laptop, tablet } from '../../ui/media';

export const page = style([stack[5], shrink]);
export const section = style([stack[4], shrink]);

export const back = ui.backLink;

export const list = style([stack[3], bare]);

export const row = style([
  ui.surface({ pad: 4 }),
  grid[3],
  {
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    alignItems: 'start',
    '@media': {
      [tablet]: {
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        alignItems: 'center',
      },
    },
  },
]);
/**
 * A history row: what and when on the left, the amount in its own right-aligned column of tabular figures. Its own
 * style (not `row` + a modifier), so the three-column layout of `row` on wide screens cannot take it over.
 */
export const historyRow = style([
  ui.surface(),
  grid[3],
  {
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'baseline',
    padding: `${vars.space['3']} ${vars.space['4']}`,
  },
]);
export const historySum = style({ justifySelf: 'end', textAlign: 'right', minWidth: '7ch' });
/** One part of a row's meta line; a line breaks only between parts, never inside a date. */
export const metaPart = style({ whiteSpace: 'nowrap' });

export const rowMain = style([stack[1], shrink]);
export const rowTitle = style([text.strong, text.wrap]);
export const rowAside = style([
  inline[3],
  {
    justifyContent: 'space-between',
    gridColumn: '1 / -1',
    '@media': { [tablet]: { gridColumn: 'auto', justifyContent: 'flex-end' } },
  },
]);
export const sum = style([text.strong, text.money]);
export const plus = style({ color: vars.color.success });

export const check = style({
  width: '20px',
  height: '20px',
  marginTop: '2px',
  accentColor: vars.color.primary,
  cursor: 'pointer',
});

/** The bar under a list with the selection and its action; sticks to the bottom on phones. */
export const actionBar = style([ui.surface({ tone: 'sunken', pad: 4 }), cluster[3], between]);

export const columns = style([
  columnsBase,
  { '@media': { [laptop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } } },
]);

export const fieldset = ui.fieldset();
export const legend = ui.legend();

/** A radio choice drawn as a card: the whole card is the label. */
export const choice = ui.choice();
export const choiceInput = style([ui.choiceInput, { marginTop: '2px' }]);

export const summaryRow = ui.moneyRow();
export const summaryLabel = text.soft;
export const summaryTotal = style([ui.moneyRow({ total: true }), { fontSize: vars.font.size.lg }]);

export const filters = style([
  grid[3],
  {
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'end',
    '@media': { [tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr)) auto' } },
  },
]);

export const pager = style([cluster[3], between]);

export const codeInput = style([code, { maxWidth: '14rem' }]);
export const narrow = style({ maxWidth: '40rem', width: '100%' });

// ---- PaymentsPayOut ----
export const steps = style([
  bare,
  grid[2],
  text.muted,
  { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', textAlign: 'center' },
]);
export const step = style([
  stack[1],
  shrink,
  {
    alignItems: 'center',
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
  },
]);
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
export const ruleTitle = style([cluster[2], text.medium]);
export const phone = style([text.money, { color: vars.color.text, fontSize: vars.font.size.md }]);
