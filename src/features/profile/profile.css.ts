import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/contract.css';
import * as ui from '../../ui/blocks.css';
import {
  bare,
  between,
  cluster,
  columns as columnsBase,
  grid,
  halves,
  row as inline,
  shrink,
  stack as column,
  text,
} from '../../ui/layout.css';
import { laptop, tablet } from '../../ui/media';

export const columns = style([
  columnsBase,
  { '@media': { [laptop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } },
]);

export const cardLead = ui.cardLead;

export const cardHead = style({ marginBottom: vars.space['4'] });

/** A fieldset that only groups (no frame); disabled while its group is saved. */
export const fieldset = ui.fieldset({ gap: 4 });

export const legend = ui.legend({ size: 'sm' });

export const twoFields = style([grid[4], halves.largePhone]);

/** A notification kind's channel switches, side by side. */
export const switchRow = style([cluster[3]]);

export const footer = style([cluster[3], { paddingTop: vars.space['2'] }]);

export const status = style([inline[1], text.success]);

export const linkButton = style([ui.linkButton, { fontSize: vars.font.size.sm }]);

export const textLink = style([text.medium, { color: vars.color.primaryText }]);

// ---- The identity card (avatar, name, e-mail) ------------------------------------------------------------------
export const identity = style([
  column[5],
  { '@media': { [tablet]: { flexDirection: 'row', alignItems: 'flex-start' } } },
]);

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

export const avatarActions = style([column[2], shrink]);

export const identityText = style([column[1], shrink]);
export const identityName = style({ fontSize: vars.font.size.xl, fontWeight: vars.font.weight.semibold });
export const identityEmail = style([text.soft, text.wrap]);

/** The real file input is visually hidden; its label is styled as a button and stays keyboard-reachable. */
export const fileInput = ui.fileInput;

export const fitChoice = style([bare, cluster[3], { border: 0 }]);
export const radio = style([inline[2], { fontSize: vars.font.size.sm, cursor: 'pointer' }]);
export const radioInput = style([ui.choiceInput, { margin: 0 }]);

// ---- Socials ---------------------------------------------------------------------------------------------------
export const socialList = style([column[3], bare]);
export const socialItem = style([inline[3], between, { minHeight: '44px' }]);
export const socialName = style([inline[3], text.medium]);

// ---- E-mail change ---------------------------------------------------------------------------------------------
export const narrow = style({ maxWidth: '560px', width: '100%' });

/** The "choose a picture" label shows the focus of the hidden file input it stands for. */
export const fileLabel = style({
  selectors: {
    [`${fileInput}:focus-visible + &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

/** The progress of "Мои данные" while the copy is built. */
export const progress = ui.progress;
