import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import * as ui from '../../ui/blocks.css';
import { control } from '../../ui/field.css';
import { pageActions } from '../../ui/primitives.css';
import {
  bare,
  between,
  cluster,
  flow,
  grid,
  row as inline,
  shrink,
  text,
  withSide,
} from '../../ui/layout.css';
import { desktop, wide } from '../../ui/media';

// ---- Dashboard -------------------------------------------------------------------------------------------------
export const stack = style([grid[5], { gridTemplateColumns: 'minmax(0, 1fr)' }]);

export const hideTips = style({ justifySelf: 'end' });

export const tip = style([
  grid[1],
  {
    minHeight: '96px',
    padding: `${vars.space['4']} ${vars.space['5']}`,
    borderRadius: vars.radius.lg,
    background: vars.color.primarySoft,
    color: vars.color.text,
  },
]);
export const tipTitle = style([text.lead, { color: vars.color.primaryText }]);
export const tipText = style({ fontSize: vars.font.size.sm, color: vars.color.text });

export const searchForm = style({ position: 'relative', maxWidth: '480px' });

/** Search, then "Фильтры", the sort and "Сбросить" in one row on a wide screen, stacked on a phone. */
export const queryBar = style([
  grid[3],
  {
    alignItems: 'end',
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': { [wide]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
  },
]);
/** Phone: "Фильтры" and "Сбросить" on a line, the sort below across the column; wider: all three on one line. */
export const queryTools = style({
  display: 'grid',
  gap: vars.space['3'],
  alignItems: 'end',
  gridTemplateAreas: '"filters reset" "sort sort"',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  '@media': {
    [wide]: {
      gridTemplateAreas: '"filters sort reset"',
      gridTemplateColumns: 'auto minmax(200px, auto) auto',
    },
  },
});
export const filtersButton = style({ gridArea: 'filters' });
export const sortSelect = style({ gridArea: 'sort' });
export const resetButton = style({ gridArea: 'reset', justifySelf: 'end' });
export const filterPanel = style([
  ui.surface({ shadow: 'sm' }),
  {
    display: 'grid',
    gap: vars.space['4'],
    padding: vars.space['4'],
    borderRadius: vars.radius.lg,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': {
      [wide]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      [desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    },
  },
]);
export const filterChecks = style({ display: 'grid', gap: vars.space['2'], alignContent: 'end' });

// ---- Order rows ------------------------------------------------------------------------------------------------
export const list = style([grid[3], bare]);

export const row = style([
  ui.surface({ shadow: 'sm' }),
  grid[3],
  withSide,
  {
    position: 'relative',
    padding: vars.space['4'],
    transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
    selectors: { '&:hover': { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.md } },
    '@media': { [wide]: { padding: `${vars.space['4']} ${vars.space['5']}` } },
  },
]);

export const rowMain = style([grid[2], shrink]);
export const rowNumber = style([text.muted, text.figures]);

export const rowTitle = style([text.lead, text.wrap, { lineHeight: vars.font.lineHeight.snug }]);

/** The whole card is the link's hit area; the buttons sit above it. */
export const rowLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg },
    '&:hover': { color: vars.color.primaryText },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const rowFacts = style([
  text.muted,
  { display: 'flex', flexWrap: 'wrap', gap: `${vars.space['1']} ${vars.space['4']}` },
]);
export const fact = style({ display: 'flex', gap: vars.space['1'] });
export const factLabel = text.soft;
export const factValue = style([text.medium, text.figures, { color: vars.color.text }]);

export const rowSide = style([
  inline[3],
  {
    position: 'relative',
    zIndex: 1,
    justifyContent: 'space-between',
    '@media': { [wide]: { justifyContent: 'flex-end' } },
  },
]);

export const unread = style([
  text.strong,
  inline[1],
  {
    minWidth: '24px',
    height: '24px',
    padding: `0 ${vars.space['2']}`,
    borderRadius: vars.radius.full,
    background: vars.color.primary,
    color: vars.color.primaryContrast,
    fontSize: vars.font.size.xs,
  },
]);

export const skeletonRow = style([
  row,
  { selectors: { '&:hover': { borderColor: vars.color.border, boxShadow: vars.shadow.sm } } },
]);

export const more = style([grid[2], { justifyItems: 'center', paddingTop: vars.space['2'] }]);

// ---- Undo toast ------------------------------------------------------------------------------------------------
const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(12px)' },
  to: { opacity: 1, transform: 'none' },
});

export const undoRegion = style({
  position: 'fixed',
  zIndex: vars.z.toast,
  left: vars.space['4'],
  right: vars.space['4'],
  bottom: `calc(${vars.space['4']} + 64px + env(safe-area-inset-bottom))`,
  display: 'flex',
  justifyContent: 'center',
  pointerEvents: 'none',
  '@media': {
    [desktop]: { left: '50%', right: 'auto', bottom: vars.space['6'], transform: 'translateX(-50%)' },
  },
});

export const undoToast = style([
  ui.surface(),
  inline[3],
  {
    pointerEvents: 'auto',
    maxWidth: '480px',
    padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['2']} ${vars.space['4']}`,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    fontSize: vars.font.size.sm,
    animation: `${rise} ${vars.motion.normal} ${vars.motion.easing}`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
]);

// ---- Order page ------------------------------------------------------------------------------------------------
export const back = style([ui.backLink, { marginBottom: vars.space['3'] }]);

export const orderHeader = style([
  ui.surface({ radius: 'xl', shadow: 'sm', pad: 5 }),
  grid[4],
  { marginBottom: vars.space['5'] },
]);

export const orderTitle = style({
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});
export const orderTopic = style([text.wrap, { fontSize: vars.font.size.md }]);

export const facts = style([
  grid[3],
  {
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    '@media': { [wide]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
  },
]);
/** A tinted box inside a card: a fact, an answer. */
const well = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surface2,
});
export const factBox = style([well, { display: 'grid', gap: '2px' }]);
export const factBoxValue = style([text.lead, text.figures]);

export const actions = pageActions;

export const tabPanel = style({ paddingTop: vars.space['5'] });

// ---- Files -----------------------------------------------------------------------------------------------------

export const dropzone = style([
  grid[2],
  {
    justifyItems: 'center',
    padding: vars.space['6'],
    border: `2px dashed ${vars.color.borderStrong}`,
    borderRadius: vars.radius.lg,
    background: vars.color.surface,
    textAlign: 'center',
    color: vars.color.textMuted,
    fontSize: vars.font.size.sm,
    transition: `border-color ${vars.motion.fast}, background ${vars.motion.fast}`,
    selectors: {
      '&[data-over="true"]': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    },
  },
]);
export const dropTitle = style([text.medium, { color: vars.color.text, fontSize: vars.font.size.md }]);

export const pickLabel = style([
  text.medium,
  {
    color: vars.color.primaryText,
    textDecoration: 'underline',
    cursor: 'pointer',
    selectors: {
      '&:focus-within': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: '2px',
        borderRadius: vars.radius.sm,
      },
    },
  },
]);
export const fileInput = ui.fileInput;

export const uploads = style([grid[2], bare]);
export const upload = style([
  ui.surface({ radius: 'md', pad: 3 }),
  grid[2],
  {
    selectors: {
      '&[data-status="failed"]': { borderColor: vars.color.danger, background: vars.color.dangerSoft },
    },
  },
]);
export const uploadHead = style([cluster[3], between]);
export const uploadName = style([text.wrap, text.medium]);

export const progress = ui.progress;

export const fileRow = style([ui.surface({ radius: 'md', pad: 3 }), grid[3], withSide]);
export const fileMeta = style([text.muted, flow]);
export const fileActions = style([cluster[2], { justifyContent: 'flex-end' }]);
export const reviewed = style([
  inline[1],
  { fontSize: vars.font.size.sm, color: vars.color.text, cursor: 'pointer' },
]);

// ---- Reworks ---------------------------------------------------------------------------------------------------
export const reworkLayout = style([
  grid[5],
  { '@media': { [desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'start' } } },
]);
export const textarea = style([control, { height: '120px', resize: 'vertical' }]);

export const reworkItem = style([ui.surface({ pad: 4 }), grid[2]]);
export const reworkComment = style([text.wrap, { whiteSpace: 'pre-wrap' }]);
export const reworkAnswer = style([reworkComment, well]);

/** A rework's files, one a line with "Просмотр" beside. */
export const reworkFiles = style({
  display: 'grid',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
