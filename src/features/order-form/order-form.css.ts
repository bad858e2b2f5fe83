import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import * as ui from '../../ui/blocks.css';
import { control } from '../../ui/field.css';
import {
  bare,
  between,
  cluster,
  columns,
  grid,
  halves,
  row as inline,
  stack,
  text,
} from '../../ui/layout.css';
import { laptop, tablet } from '../../ui/media';

// Phones: the form, the price, then the submit button (the price is read before sending); desktop: the price
// stays beside the form.
export const layout = style([
  columns,
  {
    gridTemplateAreas: '"form" "aside" "actions"',
    '@media': {
      [laptop]: {
        gridTemplateColumns: 'minmax(0, 1fr) 320px',
        gridTemplateAreas: '"form aside" "actions aside"',
        gridTemplateRows: 'auto 1fr',
        columnGap: vars.space['8'],
      },
    },
  },
]);

export const formArea = style({ gridArea: 'form' });
export const asideArea = style({ gridArea: 'aside', alignSelf: 'start' });
export const actionsArea = style({ gridArea: 'actions' });

export const fieldset = ui.fieldset({ gap: 4, framed: true });

export const legend = ui.legend({ size: 'lg' });

/** Two fields side by side from the tablet width on. */
export const row = style([grid[4], halves.tablet]);

export const textarea = style([control, { height: '132px', resize: 'vertical' }]);

export const aside = style([
  stack[4],
  { '@media': { [laptop]: { position: 'sticky', top: vars.space['6'] } } },
]);

export const pricePanel = style([ui.surface({ shadow: 'sm', pad: 5 }), stack[3]]);

export const priceRow = style([ui.moneyRow(), text.soft]);

export const priceValue = style([text.figures, { color: vars.color.text }]);

export const totalRow = style([ui.moneyRow({ total: true }), { alignItems: 'baseline' }]);

export const promoOk = text.success;

export const calculating = style([text.muted, inline[2], { minHeight: '20px' }]);

export const actions = style([
  stack[3],
  {
    '@media': { [tablet]: { flexDirection: 'row', alignItems: 'center' } },
  },
]);

export const draftBar = style([text.muted, cluster[3], between, { minHeight: '24px' }]);

export const linkButton = style([
  ui.linkButton,
  {
    alignSelf: 'flex-start',
    fontWeight: vars.font.weight.medium,
    selectors: {
      '&:focus-visible': { outline: 'none', boxShadow: vars.shadow.focus, borderRadius: vars.radius.sm },
    },
  },
]);

export const fileList = style([stack[2], bare]);

export const fileItem = style([
  ui.surface({ tone: 'sunken', radius: 'md' }),
  {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: vars.space['3'],
    padding: `${vars.space['2']} ${vars.space['3']}`,
  },
]);

export const fileName = text.ellipsis;

export const progress = style([ui.progress, { marginTop: vars.space['1'] }]);

export const iconButton = style([
  ui.iconButton(),
  { selectors: { '&:focus-visible': { outline: 'none', boxShadow: vars.shadow.focus } } },
]);

// ---- confirmation ----------------------------------------------------------------------------------------------
export const confirmation = style([stack[5], { maxWidth: '720px', margin: '0 auto' }]);

export const summary = style([
  grid[3],
  {
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': { [tablet]: { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: vars.space['6'] } },
  },
]);

export const summaryTerm = text.soft;
export const summaryValue = style([text.medium, text.wrap]);

export const steps = style([stack[3], { paddingLeft: vars.space['5'] }]);

export const sectionTitle = style([text.title, { marginBottom: vars.space['3'] }]);

export const hero = style([stack[2], { alignItems: 'flex-start' }]);
