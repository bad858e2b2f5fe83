import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import { bare, between, cluster, column, shrink, stack, text } from '../../ui/layout.css';

export const list = style([bare, column]);

export const item = style([
  cluster[3],
  between,
  {
    padding: `${vars.space['3']} 0`,
    borderTop: `1px solid ${vars.color.border}`,
    selectors: { '&:first-child': { borderTop: 0, paddingTop: 0 } },
  },
]);

export const info = style([stack[1], shrink]);
export const name = style([cluster[2], text.medium, text.wrap]);
export const footer = style([stack[3], { alignItems: 'flex-start', marginTop: vars.space['4'] }]);
export const empty = style([text.muted, { marginTop: vars.space['3'] }]);
export const skeletonRow = style([stack[2], { padding: `${vars.space['3']} 0` }]);
