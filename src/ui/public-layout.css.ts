import { style } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

export const page = style({
  flex: 1,
  display: 'grid',
  gridTemplateColumns: '1fr',
  minHeight: '100dvh',
  '@media': { '(min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' } },
});

export const aside = style({
  display: 'none',
  position: 'relative',
  overflow: 'hidden',
  padding: vars.space['12'],
  color: '#ffffff',
  // The brand panel is dark in both themes: white text on it is ≥ 7:1.
  background: 'radial-gradient(120% 80% at 0% 0%, #6366f1 0%, #4338ca 45%, #1e1b4b 100%)',
  '@media': {
    '(min-width: 1024px)': { display: 'flex', flexDirection: 'column', justifyContent: 'space-between' },
  },
});

export const main = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['8']}`,
  '@media': {
    '(min-width: 640px)': { padding: `${vars.space['6']} ${vars.space['8']} ${vars.space['10']}` },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  minHeight: '48px',
});

export const logo = style({ display: 'flex' });
export const logoBesideAside = style({ '@media': { '(min-width: 1024px)': { visibility: 'hidden' } } });

export const content = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  // Phones: the form starts near the top (the keyboard takes the bottom half); larger screens centre it.
  justifyContent: 'flex-start',
  width: '100%',
  maxWidth: '400px',
  margin: '0 auto',
  paddingTop: vars.space['8'],
  paddingBottom: vars.space['8'],
  selectors: { '&:focus': { outline: 'none' } },
  '@media': { '(min-width: 640px) and (min-height: 700px)': { justifyContent: 'center' } },
});

export const wide = style({ maxWidth: '520px' });

export const footer = style({
  textAlign: 'center',
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
