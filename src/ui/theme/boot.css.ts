import { globalStyle, keyframes } from '@vanilla-extract/css';
import { vars } from './contract.css';

// The start-up splash of index.html (#boot): painted with the first frame (so the screen is never blank while
// the scripts load and the session is asked for), fixed over the page, so taking it away moves nothing.
const breathe = keyframes({ '50%': { transform: 'scale(0.92)' } });

globalStyle('#boot', {
  position: 'fixed',
  inset: 0,
  zIndex: 2147483000,
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: vars.space['3'],
  background: vars.color.bg,
  color: vars.color.textMuted,
  fontWeight: vars.font.weight.semibold,
});

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
