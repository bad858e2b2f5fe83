/**
 * The breakpoints of every screen, mobile first: a block is laid out for a phone and changes "from this width on"
 * (`'@media': { [tablet]: { … } }`). Plain strings, no CSS: safe to import anywhere, /login included.
 */

/** A large phone held upright. */
export const largePhone = '(min-width: 480px)';
/** A tablet upright, a phone on its side. */
export const tablet = '(min-width: 640px)';
/** A tablet on its side. */
export const wide = '(min-width: 768px)';
/** A small laptop: a form and its summary side by side. */
export const laptop = '(min-width: 960px)';
/** The desktop layout: the cabinet's sidebar, the public screens' brand panel. */
export const desktop = '(min-width: 1024px)';
