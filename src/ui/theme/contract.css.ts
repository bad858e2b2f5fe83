import { createThemeContract } from '@vanilla-extract/css';

/**
 * The design tokens every style reads. Values come from the light and dark themes (themes.css.ts); components
 * never hard-code a colour, so a theme switch is one attribute change on <html> with no re-render.
 */
export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surface2: null,
    surfaceHover: null,
    border: null,
    borderStrong: null,
    text: null,
    textMuted: null,
    primary: null,
    primaryHover: null,
    primaryContrast: null,
    primarySoft: null,
    primaryText: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    danger: null,
    dangerHover: null,
    dangerSoft: null,
    info: null,
    infoSoft: null,
    focusRing: null,
    overlay: null,
    skeleton: null,
    skeletonShine: null,
  },
  space: {
    '0': null,
    '1': null,
    '2': null,
    '3': null,
    '4': null,
    '5': null,
    '6': null,
    '8': null,
    '10': null,
    '12': null,
    '16': null,
  },
  radius: { sm: null, md: null, lg: null, xl: null, full: null },
  font: {
    family: { body: null, mono: null },
    size: { xs: null, sm: null, md: null, lg: null, xl: null, '2xl': null, '3xl': null },
    weight: { regular: null, medium: null, semibold: null, bold: null },
    lineHeight: { tight: null, snug: null, normal: null },
  },
  shadow: { sm: null, md: null, lg: null, focus: null },
  z: { header: null, drawer: null, dialog: null, toast: null },
  motion: { fast: null, normal: null, slow: null, easing: null },
});
