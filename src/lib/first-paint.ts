// Calls the first screen does not need (the order list behind the greeting, the profile invitation, the session's
// settings) wait until the first page is on screen, so that they do not compete with what it does need (the
// scripts, the session refresh) on a slow network, and the first page paints as soon as it can.

/** The longest a call waits, should the first page never report itself (it always does, error pages too). */
const LONGEST_WAIT_MS = 2000;

let markPainted: () => void = () => {};
let isPainted = false;
const painted = new Promise<void>((resolve) => {
  markPainted = resolve;
}).then(() => {
  isPainted = true;
});
if (typeof setTimeout === 'function') setTimeout(() => markPainted(), LONGEST_WAIT_MS);

let firstRendered = false;

/** The router rendered the first page: the waiting calls go once the browser has painted it. */
export function noteFirstPageRendered(): void {
  firstRendered = true;
  // A tab opened in the background paints nothing until it is shown: no reason to hold its calls.
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden')
    return markPainted();
  requestAnimationFrame(() => setTimeout(markPainted, 0));
}

/** Whether the router has rendered the app's first page: what renders now was opened by a navigation. */
export function firstPageRendered(): boolean {
  return firstRendered;
}

/** Resolves once the first page is on screen; at once after that, and outside a browser. */
export function afterFirstPaint(): Promise<void> {
  return typeof document === 'undefined' ? Promise.resolve() : painted;
}

/**
 * Runs `fn` once the page has loaded (the window's load event) and the browser is idle: work the page does not need
 * for its first view, kept off the load event and off the main thread while it is busy.
 */
export function afterLoad(fn: () => void): void {
  const idle = () => whenIdle(fn);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', () => setTimeout(idle, 0), { once: true });
}

/**
 * Runs `fn` when the main thread is next idle (within 2 s whatever happens), so work nobody waits for stays out of
 * the tasks that answer a tap; at the next turn where there is no requestIdleCallback (Safari, Node).
 */
export function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout: 2000 });
  else setTimeout(fn, 0);
}

/**
 * Runs `fn` once: at the visitor's first focus in the page (they started on a form), or else after the load as
 * `afterLoad` does — whichever comes first.
 */
export function onceAtFocusOrLoad(fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    document.removeEventListener('focusin', once);
    fn();
  };
  document.addEventListener('focusin', once);
  afterLoad(once);
}

/**
 * A navigation after the first page (a click) lets the browser paint once before the new page renders: the press
 * shows at once, and the render's long task is not counted in the click's event (INP) — one frame later in all.
 * The first page renders at once.
 */
export function yieldToPaint(): Promise<void> {
  if (!isPainted || typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden')
    return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Ends the current task: what follows runs in a new one (`scheduler.yield()` where the browser has it: first in
 * line; else a timer). The start-up's steps are separate tasks this way, none of them long enough to hold up a
 * tap (Lighthouse's Total Blocking Time counts each task's time over 50 ms).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
