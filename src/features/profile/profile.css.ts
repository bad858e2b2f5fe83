import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';

const wide = 'screen and (min-width: 960px)';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': { [wide]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const cardTitle = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
});

export const cardLead = style({
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});

export const cardHead = style({ marginBottom: vars.space['4'] });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

/** A fieldset that only groups (no frame); disabled while its group is saved. */
export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
});

export const legend = style({
  marginBottom: vars.space['2'],
  padding: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
});

export const twoFields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  '@media': { 'screen and (min-width: 480px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const checks = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  paddingTop: vars.space['2'],
});

export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.font.size.sm,
  color: vars.color.success,
});

export const muted = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted });

export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.primaryText,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const textLink = style({ color: vars.color.primaryText, fontWeight: vars.font.weight.medium });

// ---- The identity card (avatar, name, e-mail) ------------------------------------------------------------------
export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['5'],
  '@media': { 'screen and (min-width: 640px)': { flexDirection: 'row', alignItems: 'flex-start' } },
});

export const avatarBlock = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
  flexWrap: 'wrap',
});

export const avatarFrame = style({
  position: 'relative',
  flexShrink: 0,
  width: '112px',
  height: '112px',
  borderRadius: '50%',
  overflow: 'hidden',
  background: vars.color.surface2,
  border: `1px solid ${vars.color.border}`,
});

export const avatarImage = style({ width: '100%', height: '100%', display: 'block' });
export const fitCover = style({ objectFit: 'cover' });
export const fitContain = style({ objectFit: 'contain', background: vars.color.surface });

export const avatarActions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
});
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' });

export const identityText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});
export const identityName = style({ fontSize: vars.font.size.xl, fontWeight: vars.font.weight.semibold });
export const identityEmail = style({ color: vars.color.textMuted, overflowWrap: 'anywhere' });

/** The real file input is visually hidden; its label is styled as a button and stays keyboard-reachable. */
export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
});

export const fitChoice = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  border: 0,
});
export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.font.size.sm,
  cursor: 'pointer',
});
export const radioInput = style({
  width: '18px',
  height: '18px',
  accentColor: vars.color.primary,
  margin: 0,
});

// ---- Socials ---------------------------------------------------------------------------------------------------
export const socialList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const socialItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  minHeight: '44px',
});
export const socialName = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['3'],
  fontWeight: vars.font.weight.medium,
});

// ---- E-mail change ---------------------------------------------------------------------------------------------
export const narrow = style({ maxWidth: '560px', width: '100%' });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

/** The "choose a picture" label shows the focus of the hidden file input it stands for. */
export const fileLabel = style({
  selectors: {
    [`${fileInput}:focus-visible + &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});
