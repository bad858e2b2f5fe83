import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { tablet } from '../media';

/** A phone: the whole screen; from a tablet on: a large window over the page. */
export const dialog = style({
  width: '100vw',
  height: '100dvh',
  maxWidth: 'none',
  maxHeight: 'none',
  margin: 0,
  padding: 0,
  border: 0,
  borderRadius: 0,
  background: vars.color.surface,
  color: vars.color.text,
  overflow: 'hidden',
  selectors: { '&::backdrop': { background: vars.color.overlay } },
  '@media': {
    [tablet]: {
      width: 'min(1100px, calc(100vw - 32px))',
      height: 'calc(100dvh - 32px)',
      margin: 'auto',
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.xl,
      boxShadow: vars.shadow.lg,
    },
  },
});

export const frame = style({ display: 'flex', flexDirection: 'column', height: '100%' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  flexWrap: 'wrap',
});

export const titleBox = style({ flex: '1 1 12rem', minWidth: 0 });

export const title = style({
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const position = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted });

export const tools = style({ display: 'flex', alignItems: 'center', gap: vars.space['1'], flexWrap: 'wrap' });

/** On a phone the file's tools take their own row under the name and the ×; beside them from a tablet on. */
export const headerTools = style({
  order: 3,
  flexBasis: '100%',
  '@media': { [tablet]: { order: 0, flexBasis: 'auto' } },
});

export const iconButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover },
    '&:disabled': { color: vars.color.textMuted, cursor: 'default', opacity: 0.5 },
  },
});

export const body = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  overflow: 'auto',
  background: vars.color.surface2,
  overscrollBehavior: 'contain',
});

export const center = style({
  display: 'grid',
  placeItems: 'center',
  gap: vars.space['4'],
  minHeight: '100%',
  padding: vars.space['6'],
  textAlign: 'center',
});

export const message = style({
  maxWidth: '36rem',
  display: 'grid',
  gap: vars.space['4'],
  justifyItems: 'center',
});

// ---- image ----
export const imageFit = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  height: 'calc(100% - 50px)',
  padding: vars.space['2'],
});
export const imageFitted = style({
  maxWidth: '100%',
  maxHeight: '100%',
  minWidth: 0,
  minHeight: 0,
  objectFit: 'contain',
});
export const imageZoomed = style({ padding: vars.space['2'] });
export const zoomed = style({ maxWidth: 'none', display: 'block', margin: '0 auto' });
export const zoomLabel = style({
  minWidth: '3.5rem',
  textAlign: 'center',
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

// ---- text ----
export const text = style({
  margin: '0 auto',
  maxWidth: '60rem',
  padding: vars.space['6'],
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.normal,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.text,
  background: vars.color.surface,
  minHeight: '100%',
});

// ---- pdf ----
export const pages = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['4'],
  padding: vars.space['4'],
});

/** A page keeps its size before it is drawn (the scroll position does not jump); white in both themes: paper. */
export const page = style({
  position: 'relative',
  flex: 'none',
  background: '#fff',
  boxShadow: vars.shadow.md,
  maxWidth: 'none',
});
export const canvas = style({ display: 'block', width: '100%', height: '100%' });

globalStyle(`${page} .textLayer`, {
  position: 'absolute',
  inset: 0,
  overflow: 'clip',
  opacity: 1,
  lineHeight: 1,
  textAlign: 'initial',
  transformOrigin: '0 0',
  zIndex: 0,
  vars: {
    '--min-font-size': '1',
    '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
  },
});
globalStyle(`${page} .textLayer :is(span, br)`, {
  color: 'transparent',
  position: 'absolute',
  whiteSpace: 'pre',
  cursor: 'text',
  transformOrigin: '0% 0%',
  userSelect: 'text',
});
globalStyle(
  `${page} .textLayer > :not(.markedContent), ${page} .textLayer .markedContent span:not(.markedContent)`,
  {
    zIndex: 1,
    fontSize: 'calc(var(--text-scale-factor) * var(--font-height))',
    transform: 'rotate(var(--rotate)) scaleX(var(--scale-x)) scale(calc(1 / var(--min-font-size)))',
    vars: { '--font-height': '0', '--scale-x': '1', '--rotate': '0deg' },
  },
);
globalStyle(`${page} .textLayer .markedContent`, { display: 'contents' });
globalStyle(`${page} .textLayer ::selection`, { background: 'rgba(0 0 255 / 0.25)' });
globalStyle(`${page} .textLayer .endOfContent`, {
  display: 'block',
  position: 'absolute',
  inset: '100% 0 0',
  zIndex: 0,
  cursor: 'default',
  userSelect: 'none',
});

// ---- docx ----
/** The converted document as a page of paper (its own colours in both themes: the writer's layout is for paper). */
export const docx = style({
  margin: `${vars.space['4']} auto`,
  maxWidth: '52rem',
  padding: `${vars.space['8']} ${vars.space['6']}`,
  background: '#fff',
  color: '#1a1a1a',
  boxShadow: vars.shadow.md,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
});
globalStyle(`${docx} p`, { margin: '0 0 0.75em' });
globalStyle(`${docx} :is(h1, h2, h3, h4)`, { margin: '1em 0 0.5em', fontWeight: 600, lineHeight: 1.25 });
globalStyle(`${docx} h1`, { fontSize: '1.6em' });
globalStyle(`${docx} h2`, { fontSize: '1.35em' });
globalStyle(`${docx} :is(ul, ol)`, { margin: '0 0 0.75em', paddingLeft: '1.5em' });
globalStyle(`${docx} table`, { borderCollapse: 'collapse', margin: '0 0 0.75em' });
globalStyle(`${docx} :is(td, th)`, {
  border: '1px solid #999',
  padding: '0.25em 0.5em',
  verticalAlign: 'top',
});
globalStyle(`${docx} img`, { maxWidth: '100%', height: 'auto' });
globalStyle(`${docx} a`, { color: '#1d4ed8' });

export const zoomBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: vars.space['1'],
  background: vars.color.surface2,
  borderBottom: `1px solid ${vars.color.border}`,
});
