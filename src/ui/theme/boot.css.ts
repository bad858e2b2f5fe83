import { globalStyle, keyframes } from '@vanilla-extract/css';
import { vars } from './contract.css';

// The start-up splash of index.html (#boot). Its layout and colours are style attributes, so that it paints in the
// first frame, before this stylesheet has arrived (splash.ts); this adds what can wait: the logo's breathing, the
// no-JavaScript note and the failure note with its reload button (boot.js). Fixed over the page: taking it away
// moves nothing.
const breathe = keyframes({ '50%': { transform: 'scale(0.92)' } });

globalStyle('#boot > svg', { borderRadius: '12px', animation: `${breathe} 1.6s ease-in-out 400ms infinite` });

globalStyle('#boot-noscript', {
  maxWidth: '20rem',
  marginInline: vars.space['6'],
  color: vars.color.text,
  fontWeight: vars.font.weight.regular,
  textAlign: 'center',
});

// When the app cannot start (boot.js): why, and a way to try again.
globalStyle('#boot[data-problem] > svg', { animation: 'none' });
globalStyle('#boot > p:not(:first-of-type)', {
  maxWidth: '22rem',
  marginInline: vars.space['6'],
  color: vars.color.text,
  fontWeight: vars.font.weight.regular,
  textAlign: 'center',
});
globalStyle('#boot > button', {
  minHeight: '44px',
  padding: `0 ${vars.space['5']}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryContrast,
  fontWeight: vars.font.weight.semibold,
});
