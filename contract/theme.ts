// The theme both sides know: its names, the cookie the server reads, the tokens' values and the start-up splash
// painted from them (the SPA's stylesheets, the build's boot script and the server's index.html use the same data).

export type ThemeName = 'light' | 'dark';

/**
 * The theme of this browser ('light' | 'dark'), readable by the server: the app writes it whenever a theme applies
 * (localStorage 'cabinet.theme' stays the app's own record), and the server answers index.html in that theme, so the
 * first frame (the splash, the toolbar colour) is already in it (server/spa/index-html.ts).
 */
export const THEME_COOKIE = 'cabinet_theme';
/** A year: a preference, renewed whenever the theme applies. */
export const THEME_COOKIE_DAYS = 365;

// The design tokens' values, as plain data: themes.css.ts makes them the CSS variables every style reads, and the
// build (scripts/boot-script.ts) paints the start-up splash of index.html with the same values before any stylesheet
// has loaded.

// Contrast: every text/background pair below meets WCAG AA (≥ 4.5:1 for text, ≥ 3:1 for borders of controls).

export const shared = {
  space: {
    '0': '0',
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '20px',
    '6': '24px',
    '8': '32px',
    '10': '40px',
    '12': '48px',
    '16': '64px',
  },
  radius: { sm: '6px', md: '8px', lg: '12px', xl: '16px', full: '9999px' },
  font: {
    // System fonts only: no web-font download on the first visit (performance budget).
    family: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    },
    size: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.25rem',
      '2xl': '1.5rem',
      '3xl': '1.875rem',
    },
    weight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
    lineHeight: { tight: '1.2', snug: '1.35', normal: '1.5' },
  },
  z: { header: '10', drawer: '30', dialog: '40', toast: '50' },
  motion: { fast: '120ms', normal: '200ms', slow: '400ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
};

export const light = {
  color: {
    bg: '#f7f7f9',
    surface: '#ffffff',
    surface2: '#f1f1f4',
    surfaceHover: '#ececf0',
    border: '#e3e3e8',
    borderStrong: '#8d8e9b',
    text: '#17171c',
    textMuted: '#5b5b66',
    primary: '#4f46e5',
    primaryHover: '#4338ca',
    primaryContrast: '#ffffff',
    primarySoft: '#eef0ff',
    primaryText: '#4338ca',
    success: '#15803d',
    successSoft: '#ecfdf3',
    warning: '#9a4d00',
    warningSoft: '#fff7e6',
    danger: '#c2261d',
    dangerHover: '#a51f17',
    dangerSoft: '#fef2f2',
    info: '#1d5fc4',
    infoSoft: '#eef5ff',
    focusRing: '#4f46e5',
    overlay: 'rgba(15, 16, 20, 0.45)',
    skeleton: '#ececf0',
    skeletonShine: '#f6f6f8',
  },
  shadow: {
    sm: '0 1px 2px rgba(16, 18, 27, 0.06)',
    md: '0 1px 2px rgba(16, 18, 27, 0.04), 0 4px 12px rgba(16, 18, 27, 0.06)',
    lg: '0 8px 24px rgba(16, 18, 27, 0.12), 0 2px 6px rgba(16, 18, 27, 0.06)',
    focus: '0 0 0 3px rgba(79, 70, 229, 0.25)',
  },
};

export const dark = {
  color: {
    bg: '#0f1014',
    surface: '#16171c',
    surface2: '#1e2028',
    surfaceHover: '#24262f',
    border: '#2a2c35',
    borderStrong: '#6b6e7d',
    text: '#eceef3',
    textMuted: '#a0a2ae',
    primary: '#5558e8',
    primaryHover: '#4a4ede',
    primaryContrast: '#ffffff',
    primarySoft: '#22244a',
    primaryText: '#a5a8ff',
    success: '#86efac',
    successSoft: '#12251a',
    warning: '#fcd34d',
    warningSoft: '#2a2210',
    danger: '#fca5a5',
    dangerHover: '#fecaca',
    dangerSoft: '#2a1618',
    info: '#93c5fd',
    infoSoft: '#13203a',
    focusRing: '#a5a8ff',
    overlay: 'rgba(0, 0, 0, 0.6)',
    skeleton: '#1e2028',
    skeletonShine: '#292b35',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 1px 2px rgba(0, 0, 0, 0.3), 0 4px 12px rgba(0, 0, 0, 0.3)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.5), 0 2px 6px rgba(0, 0, 0, 0.3)',
    focus: '0 0 0 3px rgba(165, 168, 255, 0.3)',
  },
};

// The start-up splash of index.html (#boot) is painted before any stylesheet or script has arrived, so that a slow
// network shows the product at once: its look is in style attributes (the CSP allows those, not <style> blocks),
// written from the theme's tokens. The build writes the light one (scripts/boot-script.ts); the server swaps in
// the dark one for a visitor whose theme cookie says so (server/spa/index-html.ts), so the first frame already has
// the visitor's theme. The stylesheet adds the rest once it loads (boot.css.ts: the animation, the failure note).

/** The theme cookie's value (THEME_COOKIE above) as a theme; anything else is light, the default. */
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
