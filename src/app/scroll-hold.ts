// Scroll after navigation (spec point 2: the top of a new page, the saved position on Back). The router restores a
// saved window position as the route renders; a list that arrives afterwards leaves the page too short for it, and
// the position is cut to what fits. This keeps the saved position until the page is tall enough for it, the visitor
// scrolls on their own, the next navigation starts, or 3 s pass.
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';

const HOLD_MS = 3000;
const OWN_SCROLL = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/** The history entry a location belongs to (what the router keys its own saved positions by). */
const entryKey = (location: ParsedLocation) =>
  (location.state as { __TSR_key?: string }).__TSR_key ?? location.href;

function holdScroll(targetY: number): () => void {
  const root = document.documentElement;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of OWN_SCROLL) window.removeEventListener(type, stop);
  };
  const observer = new ResizeObserver(() => {
    if (root.scrollHeight - window.innerHeight < targetY) return;
    window.scrollTo(0, targetY);
    stop();
  });
  observer.observe(document.body);
  const timer = window.setTimeout(stop, HOLD_MS);
  for (const type of OWN_SCROLL) window.addEventListener(type, stop, { passive: true });
  return stop;
}

export function installScrollHold(router: AnyRouter): () => void {
  const saved = new Map<string, number>();
  let release = () => {};
  const offBefore = router.subscribe('onBeforeLoad', (event) => {
    release();
    if (event.fromLocation) saved.set(entryKey(event.fromLocation), window.scrollY);
  });
  const offRendered = router.subscribe('onRendered', (event) => {
    release();
    const y = saved.get(entryKey(event.toLocation)) ?? 0;
    if (y > window.scrollY + 1) release = holdScroll(y);
  });
  return () => {
    release();
    offBefore();
    offRendered();
  };
}
