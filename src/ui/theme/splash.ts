// The start-up splash of index.html (#boot) is painted before any stylesheet or script has arrived, so that a slow
// network shows the product at once: its look is in style attributes (the CSP allows those, not <style> blocks),
// written from the theme's tokens. The build writes the light one (scripts/boot-script.ts); the server swaps in
// the dark one for a visitor whose theme cookie says so (server/spa/index-html.ts), so the first frame already has
// the visitor's theme. The stylesheet adds the rest once it loads (boot.css.ts: the animation, the failure note).
import type { ThemeName } from '../../../machines/theme/theme.types';
import { dark, light, shared } from './tokens';

/** The theme cookie's value (src/api/contract/theme.ts) as a theme; anything else is light, the default. */
export function themeFromCookie(value: string | undefined | null): ThemeName {
  return value === 'dark' ? 'dark' : 'light';
}

/** The style attribute of #boot in a theme. */
export function splashStyle(theme: ThemeName): string {
  const color = (theme === 'dark' ? dark : light).color;
  return [
    'position:fixed',
    'inset:0',
    'z-index:2147483000',
    'display:grid',
    'place-content:center',
    'justify-items:center',
    `gap:${shared.space['3']}`,
    `background:${color.bg}`,
    `color:${color.textMuted}`,
    `color-scheme:${theme}`,
    `font-family:${shared.font.family.body.replace(/"/g, "'")}`,
    `font-size:${shared.font.size.md}`,
    `line-height:${shared.font.lineHeight.normal}`,
    `font-weight:${shared.font.weight.semibold}`,
  ].join(';');
}

/** The browser's toolbar colour (`<meta name="theme-color">`) in a theme. */
export function toolbarColor(theme: ThemeName): string {
  return (theme === 'dark' ? dark : light).color.surface;
}
