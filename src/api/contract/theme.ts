/**
 * The theme of this browser ('light' | 'dark'), readable by the server: the app writes it whenever a theme applies
 * (localStorage 'cabinet.theme' stays the app's own record), and the server answers index.html in that theme, so the
 * first frame (the splash, the toolbar colour) is already in it (server/spa/index-html.ts).
 */
export const THEME_COOKIE = 'cabinet_theme';
/** A year: a preference, renewed whenever the theme applies. */
export const THEME_COOKIE_DAYS = 365;
