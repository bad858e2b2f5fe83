// What the specs of the server-painted first screen share (e2e/first-screen*.spec.ts): signing in through the API,
// ending a session from elsewhere, watching the DOM across redirects, and recording every frame from the first one.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Signs in through the API: the refresh, hint and page session cookies land in the browser context. */
export async function signIn(page: Page, customer: { email: string; password: string }) {
  const res = await page.request.post('/api/client/auth/login/', {
    data: { login: customer.email, password: customer.password },
  });
  expect(res.status()).toBe(200);
}

/** Ends the context's session on the server as another device would, leaving the browser's cookies as they are. */
export async function revokeFromElsewhere(context: BrowserContext, request: APIRequestContext) {
  const refresh = (await context.cookies()).find((c) => c.name === 'cabinet_refresh');
  expect(refresh).toBeTruthy();
  const res = await request.post('/api/client/auth/logout/', {
    headers: { cookie: `cabinet_refresh=${refresh!.value}` },
  });
  expect(res.ok()).toBe(true);
}

/**
 * Records in sessionStorage (which outlives the redirects), under `saw`, the path where an element matching `selector`
 * first entered the DOM and `accept` (run in the page) took it.
 */
export async function watchFor(page: Page, selector: string, accept: (el: Element) => boolean = () => true) {
  await page.addInitScript({
    content: `(() => {
      const accept = ${accept.toString()};
      const check = () => {
        const el = document.querySelector(${JSON.stringify(selector)});
        if (!sessionStorage.getItem('saw') && el && accept(el)) sessionStorage.setItem('saw', location.pathname);
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
      check();
    })();`,
  });
}

/** Where `watchFor` saw its element first (null: never). */
export const sawAt = (page: Page) => page.evaluate(() => sessionStorage.getItem('saw'));

interface FrameWindow {
  __frames: unknown[];
  __painted: Element | null;
}

/**
 * Records, in every frame from the first paint on, what `probe` (run in the page; no outer variables) reads of it,
 * and keeps the element `painted` first matched: the server's painting, to tell when the app has replaced it.
 */
export async function recordFrames<T>(page: Page, opts: { painted: string; probe: () => T }) {
  await page.addInitScript({
    content: `(() => {
      const probe = ${opts.probe.toString()};
      window.__frames = [];
      window.__painted = null;
      const frame = () => {
        window.__painted ??= document.querySelector(${JSON.stringify(opts.painted)});
        if (document.body) window.__frames.push(probe());
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })();`,
  });
  return {
    /** Waits until the painted element has left the DOM: the app's own page replaced it. */
    replaced: () =>
      expect
        .poll(() => page.evaluate(() => (window as unknown as FrameWindow).__painted?.isConnected))
        .toBe(false),
    /** The frames so far. */
    frames: () => page.evaluate(() => (window as unknown as FrameWindow).__frames) as Promise<T[]>,
  };
}

/**
 * The frames after the first one `whole` accepts that it does not: none, for a page that stays whole once shown. A
 * frame taken while the HTML was still being parsed may show only part of the page, so the count starts at the first
 * whole one, which must exist.
 */
export function brokenAfterFirstWhole<T>(frames: T[], whole: (frame: T) => boolean): T[] {
  const first = frames.findIndex(whole);
  expect(first, 'no frame showed the whole page').toBeGreaterThanOrEqual(0);
  return frames.slice(first).filter((f) => !whole(f));
}
