import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import * as ui from '../../ui/blocks.css';
import { bare, center, column as flexColumn, row as inline, shrink, text } from '../../ui/layout.css';
import { desktop } from '../../ui/media';

const SIDEBAR = '248px';
const HEADER = '64px';

export const skipLink = style({
  position: 'fixed',
  top: vars.space['2'],
  left: vars.space['2'],
  zIndex: vars.z.toast,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryContrast,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const shell = style({
  flex: 1,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [desktop]: { gridTemplateColumns: `${SIDEBAR} minmax(0, 1fr)` } },
});

export const shellNoSidebar = style({
  '@media': { [desktop]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

// ---- Sidebar (desktop) -----------------------------------------------------------------------------------------
export const sidebar = style({
  display: 'none',
  '@media': {
    [desktop]: {
      position: 'sticky',
      top: 0,
      height: '100dvh',
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space['6'],
      padding: `0 ${vars.space['3']} ${vars.space['4']}`,
      borderRight: `1px solid ${vars.color.border}`,
      background: vars.color.surface,
    },
  },
});

export const sidebarLogo = style({
  display: 'flex',
  alignItems: 'center',
  height: HEADER,
  padding: `0 ${vars.space['2']}`,
});

export const navList = style([bare, flexColumn, { gap: '2px' }]);

/** A line of the side navigation or of the user menu: an icon and a label. */
const item = style([
  inline[3],
  {
    minHeight: '40px',
    padding: `0 ${vars.space['3']}`,
    borderRadius: vars.radius.md,
    fontSize: vars.font.size.sm,
    textDecoration: 'none',
  },
]);

export const navLink = style([
  item,
  text.soft,
  text.medium,
  {
    transition: `background-color ${vars.motion.fast}, color ${vars.motion.fast}`,
    selectors: {
      '&:hover': { background: vars.color.surfaceHover, color: vars.color.text },
      '&[aria-current="page"]': { background: vars.color.primarySoft, color: vars.color.primaryText },
    },
  },
]);

// ---- Header ----------------------------------------------------------------------------------------------------
export const column = style([shrink, flexColumn]);

export const header = style([
  inline[2],
  {
    position: 'sticky',
    top: 0,
    zIndex: vars.z.header,
    height: HEADER,
    padding: `0 ${vars.space['3']} 0 ${vars.space['4']}`,
    borderBottom: `1px solid ${vars.color.border}`,
    // Slightly translucent so content scrolling under it stays readable but hinted.
    background: `color-mix(in srgb, ${vars.color.bg} 88%, transparent)`,
    backdropFilter: 'saturate(180%) blur(10px)',
    '@media': { [desktop]: { padding: `0 ${vars.space['6']} 0 ${vars.space['8']}` } },
  },
]);

export const headerLogo = style({ '@media': { [desktop]: { display: 'none' } } });
export const headerLogoAlways = style({});
export const headerSpacer = style({ flex: 1 });

export const financeChip = style([
  inline[3],
  {
    padding: `${vars.space['1']} ${vars.space['3']}`,
    borderRadius: vars.radius.full,
    background: vars.color.surface2,
    fontSize: vars.font.size.sm,
    whiteSpace: 'nowrap',
  },
]);
export const financeValue = style([text.strong, text.figures]);
export const financeLabel = style([inline[1], text.soft]);
export const financeBonus = style({
  display: 'none',
  '@media': { '(min-width: 400px)': { display: 'flex' } },
});
/** Read by screen readers always; shown beside the icon only where there is room. */
export const financeLabelText = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  '@media': {
    '(min-width: 1280px)': {
      position: 'static',
      width: 'auto',
      height: 'auto',
      overflow: 'visible',
      clip: 'auto',
    },
  },
});

// ---- User menu -------------------------------------------------------------------------------------------------
export const menuRoot = style({ position: 'relative' });

export const menuButton = style([
  inline[2],
  {
    height: '44px',
    padding: `0 ${vars.space['2']} 0 ${vars.space['1']}`,
    border: 0,
    borderRadius: vars.radius.full,
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceHover } },
  },
]);

export const menuName = style([
  text.medium,
  text.ellipsis,
  {
    display: 'none',
    maxWidth: '160px',
    fontSize: vars.font.size.sm,
    '@media': { [desktop]: { display: 'block' } },
  },
]);

export const menuChevron = style({ color: vars.color.textMuted });

export const menuPanel = style([
  ui.surface(),
  {
    position: 'absolute',
    right: 0,
    top: 'calc(100% + 6px)',
    zIndex: vars.z.drawer,
    minWidth: '240px',
    padding: vars.space['1'],
    boxShadow: vars.shadow.lg,
  },
]);

export const menuHead = style({
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['3']}`,
  marginBottom: vars.space['1'],
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.font.size.sm,
});
export const menuHeadEmail = style([text.wrap, text.soft]);

export const menuItem = style([
  item,
  {
    color: vars.color.text,
    selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceHover } },
  },
]);

// ---- Content and the phone's bottom bar ------------------------------------------------------------------------
export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: '1120px',
  margin: '0 auto',
  padding: `${vars.space['5']} ${vars.space['4']} calc(${vars.space['8']} + 64px + env(safe-area-inset-bottom))`,
  selectors: { '&:focus': { outline: 'none' } },
  '@media': { [desktop]: { padding: `${vars.space['8']} ${vars.space['8']} ${vars.space['12']}` } },
});

export const mainNoBar = style({ paddingBottom: vars.space['8'] });

export const bottomBar = style({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: vars.z.header,
  paddingBottom: 'env(safe-area-inset-bottom)',
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': { [desktop]: { display: 'none' } },
});

export const bottomList = style([
  bare,
  { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
]);

export const bottomLink = style([
  flexColumn,
  center,
  text.medium,
  {
    gap: '2px',
    height: '64px',
    color: vars.color.textMuted,
    fontSize: vars.font.size.xs,
    textDecoration: 'none',
    selectors: {
      '&[aria-current="page"]': { color: vars.color.primaryText },
      '&:focus-visible': { outlineOffset: '-4px' },
    },
  },
]);
