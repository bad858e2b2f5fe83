// Creates the app-wide actors once, with the real IO given through machine.provide(), and wires them together:
// session ⇄ token machine, the HTTP client's callbacks, and the other tabs.
import { createActor, fromPromise, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { selectStatus } from '../../machines/session/session.selectors';
import { tokenMachine } from '../../machines/token/token.machine';
import { themeMachine, THEME_STORAGE_KEY } from '../../machines/theme/theme.machine';
import type { ThemeName } from '../../contract/theme';
import { vars } from '../ui/theme/contract.css';
import { dialogsMachine } from '../../machines/dialogs/dialogs.machine';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import { systemClock } from '../../machines/shared/clock';
import { call, configureApi } from '../api/client';
import { SESSION_ENDED_ELSEWHERE } from '../../contract/auth';
import { hasSessionHint, removeAccessCookie, storeAccessCookie, storeThemeCookie } from '../lib/cookies';
import type { AppActors, SignedInActors } from '../actors/app-actors';
import { redirectValueFor } from '../../contract/redirect';
import { noteSessionExpired } from './session-expiry';
import { createTokenSync } from './token-sync';
import { refreshThrough } from '../actors/token-refresh';
import * as io from './session-io';
import type { SignedIn } from '../../machines/session/session.types';
import { createSessionDataSync } from '../actors/session-data';
import { afterFirstPaint, nextTask } from '../lib/first-paint';

export interface CreateActorsOptions {
  /** The `al` query value of the first URL. */
  autoLoginToken: string | null;
  /** The signed-in first screen of the page (src/lib/first-screen.ts): the session starts signed in as its user. */
  firstScreen?: (Pick<SignedIn, 'user'> & { finances: { money: number; bonus: number } }) | null;
  /** localStorage 'cabinet.theme'. */
  storedTheme: string | null;
  /** Full page loads (429 → /429). */
  navigateHard: (url: string) => void;
  inspect?: Observer<InspectionEvent>;
  /**
   * No answer at start-up: the session of the offline cabinet, when the service worker can show it
   * (docs/features.md "Offline").
   */
  offlineSession?: () => Promise<SignedIn | null>;
}

/** The remembered theme: this browser's record, else the one the server painted the page in (its theme cookie). */
export function storedTheme(): string | null {
  const painted = document.documentElement.dataset.theme ?? null;
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) ?? painted;
  } catch {
    return painted;
  }
}

function applyTheme(theme: ThemeName) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode without storage: the theme still applies for this visit.
  }
  storeThemeCookie(theme);
  document.documentElement.dataset.theme = theme;
  // The browser's toolbar follows the theme (the server wrote the colour of the theme it knew).
  const surface = /var\((--[^)]+)\)/.exec(vars.color.surface)?.[1];
  const color = surface && getComputedStyle(document.documentElement).getPropertyValue(surface).trim();
  if (color) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
}

export function createAppActors(options: CreateActorsOptions): AppActors {
  const { inspect } = options;
  // The session is created after the token machine but used by its callbacks: late-bound through this holder.
  const refs: { session?: AppActors['session'] } = {};

  const sync = createTokenSync({
    refreshRequest: io.postRefresh,
    early: io.takeEarlyRefresh(),
    onTokens: (tokens) => {
      token.send({ type: 'token.received', ...tokens });
      // Signed in in another tab: this tab (showing /login, say) signs in with the same tokens.
      if (refs.session?.getSnapshot().matches({ authError: 'idle' })) {
        refs.session.send({ type: 'session.authenticated', ...tokens });
      }
    },
    onSignedOut: () => {
      if (refs.session?.getSnapshot().matches('authSuccess')) refs.session.send({ type: 'session.expired' });
    },
  });

  const token = createActor(
    tokenMachine.provide({
      actors: { refreshTokens: fromPromise(() => sync.refresh()) },
      actions: {
        storeAccessCookie: (_, access) => storeAccessCookie(access),
        removeAccessCookie: () => removeAccessCookie(),
        broadcastTokens: (_, tokens) => sync.shareTokens(tokens),
      },
    }),
    { input: { now: systemClock }, inspect },
  );

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(({ input }) =>
          io.restoreSession(input, sync.refresh, undefined, options.offlineSession),
        ),
        signIn: fromPromise(({ input }) => io.signIn(input)),
        requestCode: fromPromise(({ input }) => io.requestCode(input)),
        verifyCode: fromPromise(({ input }) => io.verifyCode(input)),
        verifySecondFactor: fromPromise(({ input }) => io.verifySecondFactor(input)),
        autoLogin: fromPromise(({ input }) => io.autoLogin(input)),
        loadUser: fromPromise(({ input }) => io.loadUserFor(input)),
        signOut: fromPromise(async () => {
          try {
            // A refresh still running would rotate the cookie after the logout read it: wait for it.
            await sync.afterRefresh(io.signOut);
          } finally {
            sync.shareSignOut();
          }
        }),
      },
      actions: {
        storeTokens: (_, tokens) => token.send({ type: 'token.set', ...tokens }),
        forgetTokens: () => token.send({ type: 'token.clear' }),
      },
    }),
    {
      input: {
        autoLoginToken: options.autoLoginToken,
        firstScreen: options.firstScreen
          ? { user: options.firstScreen.user, finances: options.firstScreen.finances }
          : null,
      },
      inspect,
    },
  );
  refs.session = session;

  // A refresh was refused (a call's 401, or the scheduled one): the session is over, and the visitor goes to
  // /login?redirect=<this page> — from an exempt page too (navigation-effects.ts takes the page noted here).
  const expire = (returnTo: string, message?: string) => {
    if (selectStatus(session.getSnapshot()) !== 'authSuccess') return;
    noteSessionExpired(returnTo);
    session.send({ type: 'session.expired', ...(message && { message }) });
  };
  // Of the refusals, only "ended from another device" is news to the customer: /login shows it.
  token.on('session.expired', ({ message }) =>
    expire(redirectValueFor(globalThis.location), message === SESSION_ENDED_ELSEWHERE ? message : undefined),
  );

  const refresh = refreshThrough(token);
  configureApi({
    getAccessToken: () => token.getSnapshot().context.access,
    // Only a signed-in session is refreshed for a call's 401. After a sign-out (its logout perhaps unanswered, so
    // the refresh cookie may still be good on the server) a call still under way — a tab's list fetched at idle, an
    // order read ahead — must not sign the customer back in: it fails as refused.
    refresh: () =>
      selectStatus(session.getSnapshot()) === 'authSuccess' ? refresh() : Promise.resolve(false),
    onSessionExpired: expire,
    // Signed in from the page's first screen, the start-up refresh still under way: calls wait for its token.
    tokenPending: () =>
      session.getSnapshot().matches({ authSuccess: 'confirming' })
        ? waitFor(session, (s) => !s.matches({ authSuccess: 'confirming' }), { timeout: Infinity }).then(
            () => undefined,
            () => undefined,
          )
        : null,
    navigateHard: options.navigateHard,
  });

  const theme = createActor(
    themeMachine.provide({ actions: { applyTheme: (_, name) => applyTheme(name) } }),
    { input: { stored: options.storedTheme }, inspect },
  );
  const dialogs = createActor(dialogsMachine, { inspect });
  const notifications = createActor(notificationsMachine, { inspect });
  token.start();
  session.start();
  theme.start();
  dialogs.start();
  notifications.start();

  const sessionData = createSessionDataSync({
    onUser: (listener) => {
      const sub = session.subscribe((snapshot) =>
        listener(snapshot.matches('authSuccess') ? (snapshot.context.user?.id ?? null) : null),
      );
      return () => sub.unsubscribe();
    },
    theme,
    io: {
      // The theme and tips already follow this browser's memory; the server's copy can wait for the first paint.
      load: () => afterFirstPaint().then(() => call('GET /api/client/profile/session/')),
      save: (body) => call('POST /api/client/profile/session/', { body }),
    },
  });

  // The signed-in pages' actors come by dynamic import once the session first signs in (src/app/signed-in-actors.ts);
  // the cabinet layout's beforeLoad waits for them, so every page that reads them finds them.
  let signedInActors: Promise<SignedInActors> | undefined;
  const actors: Omit<AppActors, keyof SignedInActors> = {
    session,
    token,
    theme,
    dialogs,
    notifications,
    sessionData,
    signedIn: () =>
      (signedInActors ??= import('./signed-in-actors').then(async ({ createSignedInActors }) => {
        await nextTask(); // the chunk's evaluation and the actors' start: two tasks
        const more = createSignedInActors({ session, token, inspect });
        Object.assign(actors, more);
        return more;
      })),
  };
  const startWhenSignedIn = (snapshot: ReturnType<typeof session.getSnapshot>) => {
    if (selectStatus(snapshot) === 'authSuccess') void actors.signedIn();
  };
  session.subscribe(startWhenSignedIn);
  startWhenSignedIn(session.getSnapshot());
  // A visitor who may be signed in (the server's session hint is there) loads them beside the start-up refresh, so a
  // cabinet page's first paint waits for no extra round trip; an anonymous first visit of /login never loads them.
  if (hasSessionHint()) void actors.signedIn();
  // orderLoader and realtime are set on this object once signedIn() resolves (AppActors.signedIn).
  return actors as AppActors;
}
