import { globalStyle, keyframes } from '@vanilla-extract/css';
import { vars } from './contract.css';
import './themes.css';
import './boot.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  WebkitTapHighlightColor: 'transparent',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100dvh',
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
});

globalStyle('h1, h2, h3, h4, p, ul, ol, figure, blockquote, dl, dd', { margin: 0 });
globalStyle('h1, h2, h3, h4', { lineHeight: vars.font.lineHeight.tight, textWrap: 'balance' });
globalStyle('img, svg, video', { display: 'block', maxWidth: '100%' });
globalStyle('input, button, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('button', { cursor: 'pointer' });
globalStyle('a', { color: vars.color.primaryText, textUnderlineOffset: '0.2em' });
globalStyle('[hidden]', { display: 'none !important' });
globalStyle('::selection', { background: vars.color.primarySoft, color: vars.color.text });

// One focus style for the whole app: visible for keyboard users, silent for the mouse.
globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
globalStyle(':focus:not(:focus-visible)', { outline: 'none' });
// Headings and <main> take focus only so that screen readers follow a change of screen: no ring on them.
globalStyle('[tabindex="-1"]:focus', { outline: 'none' });

globalStyle('#root', { minHeight: '100dvh', display: 'flex', flexDirection: 'column' });

// Motion is decoration: people who ask for less get none.
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

export const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
export const riseIn = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});
export const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
