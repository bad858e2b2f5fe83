// The navigation effects against a stand-in router: what a refused refresh does on a public page, and the
// referrer of the first page view.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyRouter } from '@tanstack/react-router';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SignInOutcome } from '../../machines/session/session.types';
import { dialogsMachine } from '../../machines/dialogs/dialogs.machine';
import type { AppActors } from '../../src/actors/app-actors';
import { installNavigationEffects } from '../../src/app/navigation-effects';
import { noteSessionExpired } from '../../src/app/session-expiry';
import type { AnalyticsEvent } from '../../src/lib/analytics';

const host = globalThis as { __analytics?: AnalyticsEvent[] };

interface Resolved {
  toLocation: { pathname: string; search: Record<string, unknown> };
  fromLocation?: { pathname: string };
  hrefChanged: boolean;
  pathChanged: boolean;
}

async function setup(page: { path: string; requiresAuth: boolean }) {
  const listeners = new Map<string, (event: Resolved) => void>();
  const router = {
    state: {
      resolvedLocation: { pathname: page.path },
      matches: [{ staticData: {} }, { staticData: page.requiresAuth ? { requiresAuth: true } : {} }],
    },
    subscribe: (type: string, listener: (event: Resolved) => void) => {
      listeners.set(type, listener);
      return () => listeners.delete(type);
    },
    invalidate: vi.fn(async () => {}),
    navigate: vi.fn(async () => {}),
  };
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async (): Promise<SignInOutcome> => ({
          tokens: { access: 'a', expires_in: 300 },
          user: { id: 1, email: 'a@example.com', fio: '' },
        })),
        signOut: fromPromise(async () => {}),
      },
    }),
    { input: { autoLoginToken: null } },
  ).start();
  await waitFor(session, (s) => s.matches('authSuccess'));
  const dialogs = createActor(dialogsMachine).start();
  const actors = { session, dialogs } as unknown as AppActors;
  const uninstall = installNavigationEffects(router as unknown as AnyRouter, actors);
  const resolve = (event: Resolved) => listeners.get('onResolved')?.(event);
  return { router, session, resolve, uninstall };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete host.__analytics;
});

describe('a refused refresh (spec point 8: sign out, /login?redirect=<the page>)', () => {
  it('on an exempt public page goes to /login with that page as the return target', async () => {
    const { router, session, uninstall } = await setup({ path: '/payment', requiresAuth: false });
    noteSessionExpired('/payment?status=success');
    session.send({ type: 'session.expired' });
    expect(router.navigate).toHaveBeenCalledWith({
      href: '/login?redirect=%2Fpayment%3Fstatus%3Dsuccess',
      replace: true,
    });
    expect(router.invalidate).not.toHaveBeenCalled();
    uninstall();
  });

  it('on a cabinet page leaves it to the guard (which carries msg too)', async () => {
    const { router, session, uninstall } = await setup({ path: '/order/5', requiresAuth: true });
    noteSessionExpired('/order/5');
    session.send({ type: 'session.expired' });
    expect(router.invalidate).toHaveBeenCalledTimes(1);
    expect(router.navigate).not.toHaveBeenCalled();
    uninstall();
  });

  it('a session ended from another device goes to /login with the message, from a cabinet page too', async () => {
    const { router, session, uninstall } = await setup({ path: '/order/5', requiresAuth: true });
    vi.stubGlobal('location', { pathname: '/order/5', search: '?x=1' });
    session.send({ type: 'session.expired', message: 'Сеанс завершён с другого устройства. Войдите снова.' });
    expect(router.navigate).toHaveBeenCalledWith({
      href: `/login?${new URLSearchParams({
        redirect: '/order/5?x=1',
        msg: 'Сеанс завершён с другого устройства. Войдите снова.',
      })}`,
      replace: true,
    });
    expect(router.invalidate).not.toHaveBeenCalled();
    uninstall();
  });

  it('a sign-out on a public page is no expiry: nothing is carried to /login', async () => {
    const { router, session, uninstall } = await setup({ path: '/payment', requiresAuth: false });
    session.send({ type: 'session.logout' });
    expect(router.navigate).not.toHaveBeenCalled();
    expect(router.invalidate).toHaveBeenCalledTimes(1);
    uninstall();
  });
});

describe('page views', () => {
  const view = (to: string, search: Record<string, unknown>, from?: string): Resolved => ({
    toLocation: { pathname: to, search },
    ...(from ? { fromLocation: { pathname: from } } : {}),
    hrefChanged: true,
    pathChanged: true,
  });

  it("the first view's referrer is the page that linked here; later ones the previous path or ref", async () => {
    vi.stubGlobal('document', { referrer: 'https://search.example/?q=курсовая' });
    const { resolve, uninstall } = await setup({ path: '/login', requiresAuth: false });
    resolve(view('/login', {}));
    resolve(view('/home', {}, '/login'));
    resolve(view('/home/done', { ref: 'newsletter' }, '/home'));
    expect(host.__analytics).toEqual([
      { type: 'pageView', title: 'Enter', referrer: 'https://search.example/?q=курсовая', path: '/login' },
      { type: 'pageView', title: 'Home', referrer: '/login', path: '/home' },
      { type: 'pageView', title: 'HomeTab', referrer: 'newsletter', path: '/home/done' },
    ]);
    uninstall();
  });

  it('the first view: ref first, then referer; nothing known is an empty referrer', async () => {
    vi.stubGlobal('document', { referrer: 'https://search.example/' });
    const { resolve, uninstall } = await setup({ path: '/login', requiresAuth: false });
    resolve(view('/login', { referer: 'partner-site' }));
    vi.stubGlobal('document', { referrer: '' });
    resolve(view('/registration', {}));
    expect(host.__analytics?.map((e) => (e.type === 'pageView' ? e.referrer : null))).toEqual([
      'partner-site',
      '',
    ]);
    uninstall();
  });
});
