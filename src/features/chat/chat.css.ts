import { style, styleVariants, type StyleRule } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import * as ui from '../../ui/blocks.css';
import { control } from '../../ui/field.css';
import {
  bare,
  between,
  center as centred,
  cluster,
  column,
  row as inline,
  stack,
  text,
} from '../../ui/layout.css';
import { desktop } from '../../ui/media';

export const panel = style([
  ui.surface(),
  {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    // The list scrolls inside; the page around it stays put (header, tabs, composer in view).
    height: 'max(380px, calc(100dvh - 170px))',
    overflow: 'hidden',
    '@media': { [desktop]: { height: 'max(440px, calc(100dvh - 150px))' } },
  },
]);

export const listWrap = style({ position: 'relative', flex: 1, minHeight: 0 });

export const scroller = style({
  height: '100%',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  background: vars.color.bg,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const rows = style({ position: 'relative', width: '100%' });

export const row = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  '@media': { [desktop]: { padding: `${vars.space['1']} ${vars.space['5']}` } },
});

export const firstRow = style({ paddingTop: vars.space['4'] });
export const lastRow = style({ paddingBottom: vars.space['4'] });

export const day = style([centred, { padding: `${vars.space['3']} 0 ${vars.space['2']}` }]);

export const dayLabel = style([
  text.mutedXs,
  text.medium,
  { padding: `2px ${vars.space['3']}`, borderRadius: vars.radius.full, background: vars.color.surface2 },
]);

export const older = style([text.muted, inline[2], { justifyContent: 'center', padding: vars.space['3'] }]);

// ---- A message -------------------------------------------------------------------------------------------------
export const message = style([column, { maxWidth: 'min(560px, 86%)' }]);
export const side = styleVariants({
  own: { marginLeft: 'auto', alignItems: 'flex-end' },
  other: { marginRight: 'auto', alignItems: 'flex-start' },
});

export const author = style([
  text.mutedXs,
  {
    display: 'flex',
    gap: vars.space['2'],
    alignItems: 'baseline',
    padding: `0 ${vars.space['1']}`,
    marginBottom: '2px',
  },
]);
export const authorName = style([text.strong, { color: vars.color.text }]);

export const bubble = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.lg,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.text,
});
const incoming = { background: vars.color.surface, borderBottomLeftRadius: vars.radius.sm };
export const bubbleTone = styleVariants({
  own: { background: vars.color.primarySoft, borderBottomRightRadius: vars.radius.sm },
  other: { ...incoming, border: `1px solid ${vars.color.border}` },
  unread: { ...incoming, border: `1px solid ${vars.color.primary}` },
  failed: {
    background: vars.color.dangerSoft,
    border: `1px solid ${vars.color.danger}`,
    borderBottomRightRadius: vars.radius.sm,
  },
});

export const files = style([stack[1], { padding: 0, listStyle: 'none', marginTop: vars.space['2'] }]);
export const fileButton = style([
  ui.surface({ radius: 'md' }),
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['2'],
    maxWidth: '100%',
    padding: `${vars.space['1']} ${vars.space['2']}`,
    color: vars.color.primaryText,
    font: 'inherit',
    fontSize: vars.font.size.sm,
    textAlign: 'left',
    cursor: 'pointer',
    selectors: {
      '&:hover': { background: vars.color.surfaceHover },
      '&:disabled': { cursor: 'default', color: vars.color.text },
    },
  },
]);
export const fileName = text.ellipsis;
export const fileSize = style({ color: vars.color.textMuted, flexShrink: 0 });

export const meta = style([text.mutedXs, cluster[2], { padding: `2px ${vars.space['1']} 0` }]);
export const metaOwn = style({ justifyContent: 'flex-end' });
export const status = style({ display: 'inline-flex', alignItems: 'center', gap: '3px' });
export const statusFailed = style({ color: vars.color.danger, fontWeight: vars.font.weight.medium });
export const unreadMark = style([text.strong, { color: vars.color.primaryText }]);

export const linkButton = style([
  ui.linkButton,
  {
    padding: `2px ${vars.space['1']}`,
    borderRadius: vars.radius.sm,
    fontWeight: vars.font.weight.semibold,
    minHeight: '24px',
  },
]);

// ---- Over the list ---------------------------------------------------------------------------------------------
export const pill = style({
  position: 'absolute',
  left: '50%',
  bottom: vars.space['3'],
  transform: 'translateX(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: 0,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.primaryContrast,
  boxShadow: vars.shadow.md,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.semibold,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primaryHover } },
});

export const banner = style([
  inline[2],
  {
    padding: `${vars.space['2']} ${vars.space['4']}`,
    background: vars.color.warningSoft,
    color: vars.color.text,
    fontSize: vars.font.size.sm,
    borderBottom: `1px solid ${vars.color.border}`,
  },
]);

export const center = style([centred, { height: '100%', padding: vars.space['4'] }]);

export const skeletonList = style([stack[4], { padding: vars.space['4'] }]);
export const skeletonRow = styleVariants({
  own: { alignSelf: 'flex-end', width: '55%' },
  other: { alignSelf: 'flex-start', width: '65%' },
});

export const dropOverlay = style([
  centred,
  text.strong,
  {
    position: 'absolute',
    inset: 0,
    zIndex: 2,
    padding: vars.space['6'],
    background: `color-mix(in srgb, ${vars.color.surface} 88%, transparent)`,
    border: `2px dashed ${vars.color.primary}`,
    borderRadius: vars.radius.lg,
    color: vars.color.primaryText,
    textAlign: 'center',
    pointerEvents: 'none',
  },
]);

// ---- Composer --------------------------------------------------------------------------------------------------
export const composer = style([
  stack[2],
  { padding: vars.space['3'], borderTop: `1px solid ${vars.color.border}`, background: vars.color.surface },
]);
export const composerRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space['2'] });
export const textarea = style([
  control,
  { flex: 1, maxHeight: '160px', resize: 'none', fieldSizing: 'content' } as StyleRule,
]);
export const iconButton = ui.iconButton({ size: 'lg' });
export const hint = style([text.mutedXs, inline[2], between, { ':empty': { display: 'none' } }]);
/** Keyboard hints mean nothing on a touch screen. */
export const hintText = style({ '@media': { '(hover: none)': { display: 'none' } } });
export const counterOver = style([text.strong, { color: vars.color.danger }]);

export const chips = style([bare, cluster[2]]);
export const chip = style([
  inline[1],
  {
    maxWidth: '100%',
    padding: `2px 2px 2px ${vars.space['2']}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.full,
    background: vars.color.surface2,
    fontSize: vars.font.size.sm,
  },
]);
export const chipFailed = style({ borderColor: vars.color.danger, background: vars.color.dangerSoft });
export const chipButton = ui.iconButton({ size: 'sm' });

export const sendButton = style({
  selectors: {
    '&:not(:disabled)': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryContrast,
    },
    '&:hover:not(:disabled)': { background: vars.color.primaryHover },
  },
});

/** An attachment: its download button, then "Просмотр" when the cabinet can show it. */
export const fileItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
});
