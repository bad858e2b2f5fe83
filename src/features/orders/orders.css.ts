import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';

const wide = '(min-width: 768px)';
const desktop = '(min-width: 1024px)';

// ---- Dashboard -------------------------------------------------------------------------------------------------
export const stack = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space['5'] });

export const tips = style({ display: 'grid', gap: vars.space['2'] });
export const hideTips = style({ justifySelf: 'end' });

export const tip = style({
  display: 'grid',
  gap: vars.space['1'],
  minHeight: '96px',
  padding: `${vars.space['4']} ${vars.space['5']}`,
  borderRadius: vars.radius.lg,
  background: vars.color.primarySoft,
  color: vars.color.text,
});
export const tipTitle = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.primaryText,
});
export const tipText = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text });

export const toolbar = style({ display: 'grid', gap: vars.space['3'] });

export const searchForm = style({ position: 'relative', maxWidth: '480px' });

export const listMeta = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.textMuted });

// ---- Order rows ------------------------------------------------------------------------------------------------
export const list = style({
  display: 'grid',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const row = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: { '&:hover': { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.md } },
  '@media': {
    [wide]: {
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      alignItems: 'center',
      padding: `${vars.space['4']} ${vars.space['5']}`,
    },
  },
});

export const rowMain = style({ display: 'grid', gap: vars.space['2'], minWidth: 0 });
export const rowHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});
export const rowNumber = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const rowTitle = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
  overflowWrap: 'anywhere',
});

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

export const rowFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
export const fact = style({ display: 'flex', gap: vars.space['1'] });
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.font.weight.medium,
  fontVariantNumeric: 'tabular-nums',
});

export const rowSide = style({
  position: 'relative',
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  '@media': { [wide]: { justifyContent: 'flex-end' } },
});

export const unread = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minWidth: '24px',
  height: '24px',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.primaryContrast,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.semibold,
});

export const skeletonRow = style([
  row,
  { selectors: { '&:hover': { borderColor: vars.color.border, boxShadow: vars.shadow.sm } } },
]);

export const more = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['2'],
  paddingTop: vars.space['2'],
});

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

export const undoToast = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  maxWidth: '480px',
  padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontSize: vars.font.size.sm,
  animation: `${rise} ${vars.motion.normal} ${vars.motion.easing}`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

// ---- Order page ------------------------------------------------------------------------------------------------
export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  marginBottom: vars.space['3'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text } },
});

export const orderHeader = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  marginBottom: vars.space['5'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const orderTitleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
});
export const orderTitle = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});
export const orderTopic = style({
  margin: 0,
  fontSize: vars.font.size.md,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const orderSub = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.textMuted });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  margin: 0,
  '@media': { [wide]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const factBox = style({
  display: 'grid',
  gap: '2px',
  padding: `${vars.space['3']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface2,
});
export const factBoxLabel = style({ fontSize: vars.font.size.xs, color: vars.color.textMuted });
export const factBoxNote = style({ margin: 0, fontSize: vars.font.size.xs, color: vars.color.textMuted });
export const factBoxValue = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const tabPanel = style({ paddingTop: vars.space['5'] });

// ---- Files -----------------------------------------------------------------------------------------------------
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
});

export const dropzone = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['2'],
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
});
export const dropTitle = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
});

export const pickLabel = style({
  color: vars.color.primaryText,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: {
    '&:focus-within': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.sm,
    },
  },
});
export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
});

export const uploads = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const upload = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&[data-status="failed"]': { borderColor: vars.color.danger, background: vars.color.dangerSoft },
  },
});
export const uploadHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});
export const uploadName = style({ fontWeight: vars.font.weight.medium, overflowWrap: 'anywhere' });
export const uploadState = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const uploadError = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.danger });

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

export const fileList = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const fileRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [wide]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const fileName = style({ margin: 0, fontWeight: vars.font.weight.medium, overflowWrap: 'anywhere' });
export const fileMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
export const fileActions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
});
export const reviewed = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.font.size.sm,
  color: vars.color.text,
  cursor: 'pointer',
});

// ---- Reworks ---------------------------------------------------------------------------------------------------
export const reworkLayout = style({
  display: 'grid',
  gap: vars.space['5'],
  '@media': { [desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'start' } },
});
export const form = style({ display: 'grid', gap: vars.space['4'] });
export const textarea = style({
  width: '100%',
  minHeight: '120px',
  padding: vars.space['3'],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  resize: 'vertical',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const label = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
});
export const hint = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const fieldError = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.danger });
export const field = style({ display: 'grid', gap: vars.space['2'] });

export const reworkList = style({
  display: 'grid',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const reworkItem = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
export const reworkComment = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const reworkAnswer = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surface2,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
