import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import * as ui from '../../ui/blocks.css';
import { control } from '../../ui/field.css';
import { bare, column, columns as columnsBase, grid, shrink, stack, text } from '../../ui/layout.css';

export const page = style([stack[5], shrink]);
export const back = ui.backLink;
export const columns = style([
  columnsBase,
  { '@media': { 'screen and (min-width: 1100px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } },
]);
export const lead = ui.cardLead;
export const fieldset = ui.fieldset();
export const legend = ui.legend();
export const choices = style([grid[3], { gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' }]);
export const choice = ui.choice({ size: 'sm' });
export const radio = ui.choiceInput;
export const balance = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space['3'],
});
export const rows = style([stack[2], bare]);

export const textarea = style([control, { height: '6rem', resize: 'vertical' }]);

// ---- Мои заявки ----
export const requestList = style([bare, column]);
export const request = style([
  grid[3],
  {
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    padding: `${vars.space['3']} 0`,
    selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
  },
]);
export const requestMain = style([stack[1], shrink]);
export const requestTitle = style([text.wrap, text.medium]);
export const requestAside = style([stack[1], { alignItems: 'flex-end' }]);
export const requestSum = style([text.strong, text.money]);
