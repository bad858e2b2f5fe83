import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import { flow, row, text } from '../../ui/layout.css';

// In the flow under the header, never sticky: on a phone a stuck bar would cover the chat and the forms.
export const bar = style([
  flow,
  {
    padding: `${vars.space['2']} ${vars.space['4']}`,
    fontSize: vars.font.size.sm,
    borderBottom: `1px solid ${vars.color.border}`,
  },
]);

export const offline = style({ background: vars.color.warningSoft, color: vars.color.text });
export const update = style({ background: vars.color.infoSoft, color: vars.color.text });

export const title = style([row[2], text.medium]);

export const note = style({ color: vars.color.text });
