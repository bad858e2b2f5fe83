import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';

const desktop = 'screen and (min-width: 960px)';
const tablet = 'screen and (min-width: 640px)';

// Phones: the form, the price, then the submit button (the price is read before sending); desktop: the price
// stays beside the form.
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"form" "aside" "actions"',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': {
    [desktop]: {
      gridTemplateColumns: 'minmax(0, 1fr) 320px',
      gridTemplateAreas: '"form aside" "actions aside"',
      gridTemplateRows: 'auto 1fr',
      columnGap: vars.space['8'],
    },
  },
});

export const formArea = style({ gridArea: 'form' });
export const asideArea = style({ gridArea: 'aside', alignSelf: 'start' });
export const actionsArea = style({ gridArea: 'actions' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  margin: 0,
  padding: vars.space['5'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});

export const legend = style({
  float: 'left',
  width: '100%',
  marginBottom: vars.space['1'],
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text,
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  '@media': { [tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const row3 = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  '@media': { [tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const textarea = style({ minHeight: '132px', resize: 'vertical', fontFamily: 'inherit' });

export const aside = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  '@media': { [desktop]: { position: 'sticky', top: vars.space['6'] } },
});

export const pricePanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['5'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const priceTitle = style({ fontSize: vars.font.size.lg, fontWeight: vars.font.weight.semibold });

export const priceRows = style({ display: 'grid', gap: vars.space['2'], margin: 0 });

export const priceRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  color: vars.color.textMuted,
});

export const priceValue = style({ margin: 0, color: vars.color.text, fontVariantNumeric: 'tabular-nums' });

export const totalRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space['3'],
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
  fontWeight: vars.font.weight.semibold,
});

export const totalValue = style({
  margin: 0,
  fontSize: vars.font.size['2xl'],
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });

export const promoOk = style({ color: vars.color.success, fontSize: vars.font.size.sm });

export const calculating = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  minHeight: '20px',
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  '@media': { [tablet]: { flexDirection: 'row', alignItems: 'center' } },
});

export const draftBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  minHeight: '24px',
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});

export const draftStatus = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'] });

export const linkButton = style({
  alignSelf: 'flex-start',
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.primaryText,
  font: 'inherit',
  fontWeight: vars.font.weight.medium,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: 'none', boxShadow: vars.shadow.focus, borderRadius: vars.radius.sm },
  },
});

export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const fileList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const fileItem = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface2,
});

export const fileName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const fileMeta = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });

export const progress = style({
  width: '100%',
  height: '6px',
  marginTop: vars.space['1'],
  accentColor: vars.color.primary,
});

export const iconButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'none',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': { outline: 'none', boxShadow: vars.shadow.focus },
  },
});

export const fileButtonRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
});

// ---- confirmation ----------------------------------------------------------------------------------------------
export const confirmation = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['5'],
  maxWidth: '720px',
  margin: '0 auto',
});

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['3'],
  margin: 0,
  '@media': { [tablet]: { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: vars.space['6'] } },
});

export const summaryTerm = style({ color: vars.color.textMuted });
export const summaryValue = style({
  margin: 0,
  fontWeight: vars.font.weight.medium,
  overflowWrap: 'anywhere',
});

export const steps = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  paddingLeft: vars.space['5'],
});

export const sectionTitle = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
  marginBottom: vars.space['3'],
});

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  alignItems: 'flex-start',
});
