import { describe, expect, it } from 'vitest';
import { decideNavigation, type NavigationDecision, type SessionStatus } from '../../src/lib/guard';

type Row = [
  string,
  { path: string; search?: Record<string, unknown>; requiresAuth: boolean },
  SessionStatus,
  string | null,
  NavigationDecision,
];

const cont: NavigationDecision = { kind: 'continue' };
const to = (path: string, search?: Record<string, string>): NavigationDecision =>
  search ? { kind: 'redirect', to: path, search } : { kind: 'redirect', to: path };

const rows: Row[] = [
  // Rule 1: sign-in required, auth error → Enter with the return target.
  [
    '1: cabinet page → Enter with redirect',
    { path: '/order/5', requiresAuth: true },
    'authError',
    '/payments',
    to('/login', { redirect: '/order/5' }),
  ],
  [
    '1: first load (no previous page) keeps the target',
    { path: '/home/active', requiresAuth: true },
    'authError',
    null,
    to('/login', { redirect: '/home/active' }),
  ],
  [
    '1: the query is carried',
    { path: '/payments/history', search: { page: 2, sort: 'date' }, requiresAuth: true },
    'authError',
    null,
    to('/login', { redirect: '/payments/history?page=2&sort=date' }),
  ],
  [
    '1: a percent sign and a backslash of the query are carried so that rule 4 reads them back',
    { path: '/payments/history', search: { q: '50% a\\b' }, requiresAuth: true },
    'authError',
    null,
    to('/login', { redirect: '/payments/history?q=50%25+a\\b' }),
  ],
  [
    '1: msg travels along, outside the redirect',
    { path: '/order/5', search: { msg: 'Спасибо за заказ!', x: '1' }, requiresAuth: true },
    'authError',
    null,
    to('/login', { redirect: '/order/5?x=1', msg: 'Спасибо за заказ!' }),
  ],
  [
    '1: al is not carried',
    { path: '/order/5', search: { al: 'dead', x: '1' }, requiresAuth: true },
    'authError',
    null,
    to('/login', { redirect: '/order/5?x=1' }),
  ],
  [
    '1: from the root path, no return target',
    { path: '/home', requiresAuth: true },
    'authError',
    '/',
    to('/login'),
  ],
  [
    '1: the root path itself, no return target',
    { path: '/', requiresAuth: true },
    'authError',
    null,
    to('/login'),
  ],
  [
    '1: from the root path, msg still travels',
    { path: '/home', search: { msg: 'Привет' }, requiresAuth: true },
    'authError',
    '/',
    to('/login', { msg: 'Привет' }),
  ],
  [
    '1: /logout is never a return target',
    { path: '/logout', requiresAuth: true },
    'authError',
    '/home',
    to('/login'),
  ],
  // Rule 2: sign-in required and signed in.
  ['2: continue', { path: '/order/5/chat', requiresAuth: true }, 'authSuccess', '/home', cont],
  [
    '2: al is stripped',
    { path: '/home', search: { al: 'tok', tab: 'x' }, requiresAuth: true },
    'authSuccess',
    null,
    to('/home', { tab: 'x' }),
  ],
  [
    '2: al alone is stripped',
    { path: '/home', search: { al: 'tok' }, requiresAuth: true },
    'authSuccess',
    null,
    to('/home'),
  ],
  // Rule 3: public page while signed in → Home with msg.
  [
    '3: /registration → Home',
    { path: '/registration', requiresAuth: false },
    'authSuccess',
    '/home',
    to('/home'),
  ],
  [
    '3: /restore → Home with msg',
    { path: '/restore', search: { msg: 'Готово' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/home', { msg: 'Готово' }),
  ],
  [
    '3: /login without redirect → Home',
    { path: '/login', requiresAuth: false },
    'authSuccess',
    null,
    to('/home'),
  ],
  ['3: exempt /404', { path: '/404', requiresAuth: false }, 'authSuccess', '/home', cont],
  [
    '3: exempt /payment',
    { path: '/payment', search: { status: 'success' }, requiresAuth: false },
    'authSuccess',
    null,
    cont,
  ],
  ['3: exempt /429', { path: '/429', requiresAuth: false }, 'authSuccess', null, cont],
  // The e-mail change's link: the token is the proof, so a signed-out visitor confirms on the public page.
  [
    '1: the e-mail link signed out → the public confirmation page, not Enter',
    { path: '/email-edit', search: { confirm: 'tok' }, requiresAuth: true },
    'authError',
    null,
    to('/email-confirm', { token: 'tok' }),
  ],
  [
    '1: /email-edit without a token signed out → Enter as any cabinet page',
    { path: '/email-edit', search: { confirm: '' }, requiresAuth: true },
    'authError',
    '/profile',
    to('/login', { redirect: '/email-edit?confirm=' }),
  ],
  [
    '1: the public confirmation page signed out → stays',
    { path: '/email-confirm', search: { token: 'tok' }, requiresAuth: false },
    'authError',
    null,
    cont,
  ],
  [
    '3: the public confirmation page signed in → confirms in the cabinet',
    { path: '/email-confirm', search: { token: 'tok' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/email-edit', { confirm: 'tok' }),
  ],
  [
    '3: the public confirmation page signed in without a token → /email-edit',
    { path: '/email-confirm', requiresAuth: false },
    'authSuccess',
    null,
    to('/email-edit'),
  ],
  [
    '3: exempt page drops al',
    { path: '/payment', search: { status: 'fail', al: 't' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/payment', { status: 'fail' }),
  ],
  // Rule 4: signed in on /login with a valid redirect → there, query restored.
  [
    '4: valid redirect is followed',
    { path: '/login', search: { redirect: '/order/5/files' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/order/5/files'),
  ],
  [
    '4: query restored',
    { path: '/login', search: { redirect: '/payments/history?page=3' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/payments/history', { page: '3' }),
  ],
  [
    '4: outside origin is blocked → Home',
    { path: '/login', search: { redirect: '//evil.example' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/home'),
  ],
  [
    '4: absolute URL is blocked → Home',
    { path: '/login', search: { redirect: 'https://evil.example/' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/home'),
  ],
  [
    '4: a query with a percent sign and a backslash is restored',
    { path: '/login', search: { redirect: '/payments/history?q=50%25+a\\b' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/payments/history', { q: '50% a\\b' }),
  ],
  [
    '4: blocked redirect still passes msg',
    { path: '/login', search: { redirect: 'javascript:alert(1)', msg: 'Hi' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/home', { msg: 'Hi' }),
  ],
  [
    '4: /login as redirect does not loop',
    { path: '/login', search: { redirect: '/login' }, requiresAuth: false },
    'authSuccess',
    null,
    to('/home'),
  ],
  // Public pages while signed out.
  [
    'public page, signed out: continue',
    { path: '/login', search: { redirect: '/home' }, requiresAuth: false },
    'authError',
    null,
    cont,
  ],
  [
    'public page, signed out: a dead al is stripped',
    { path: '/registration', search: { al: 'dead' }, requiresAuth: false },
    'authError',
    null,
    to('/registration'),
  ],
  // Rule 5: initialisation failed → Error route.
  [
    '5: cabinet page → Error route',
    { path: '/order/5', search: { x: '1' }, requiresAuth: true },
    'initFailed',
    null,
    to('/404', { reason: 'session', redirect: '/order/5?x=1' }),
  ],
  [
    '5: public page → Error route',
    { path: '/login', requiresAuth: false },
    'initFailed',
    null,
    to('/404', { reason: 'session' }),
  ],
  [
    '5: already on the Error route',
    { path: '/404', search: { reason: 'session' }, requiresAuth: false },
    'initFailed',
    null,
    cont,
  ],
  [
    '5: /429 stays (the start-up was rate limited)',
    { path: '/429', requiresAuth: false },
    'initFailed',
    null,
    cont,
  ],
  // Leaving the Error route once a retry settled the session.
  [
    'retry succeeded → back to the page asked for',
    { path: '/404', search: { reason: 'session', redirect: '/order/5?x=1' }, requiresAuth: false },
    'authSuccess',
    '/404',
    to('/order/5', { x: '1' }),
  ],
  [
    'retry succeeded without target → Home',
    { path: '/404', search: { reason: 'session' }, requiresAuth: false },
    'authSuccess',
    '/404',
    to('/home'),
  ],
  [
    'retry: signed out → Home (then Enter)',
    { path: '/404', search: { reason: 'session', redirect: '//evil' }, requiresAuth: false },
    'authError',
    '/404',
    to('/home'),
  ],
  ['plain /404 while signed out stays', { path: '/404', requiresAuth: false }, 'authError', null, cont],
  // Not loaded: the root route waits first; nothing to decide.
  ['not loaded: continue', { path: '/order/5', requiresAuth: true }, 'notLoaded', null, cont],
];

describe('decideNavigation (spec point 2, navigation guard)', () => {
  it.each(rows)('%s', (_, target, status, from, expected) => {
    expect(decideNavigation({ search: {}, ...target }, { status }, { path: from })).toEqual(expected);
  });
});

describe('a rate-limited start-up (spec point 8: 429 is /429)', () => {
  const target = { path: '/order/5', search: {}, requiresAuth: true };
  it('goes to /429 with the wait the server named, never through the Error route', () => {
    const session = { status: 'initFailed' as const, error: { status: 429, retryAfter: 90 } };
    expect(decideNavigation(target, session, { path: null })).toEqual(to('/429', { retry: '90' }));
  });
  it('goes to /429 without a wait when the server named none', () => {
    const session = { status: 'initFailed' as const, error: { status: 429 } };
    expect(decideNavigation(target, session, { path: null })).toEqual(to('/429'));
  });
  it('stays on /429 when the start-up there was limited again', () => {
    const session = { status: 'initFailed' as const, error: { status: 429, retryAfter: 5 } };
    expect(
      decideNavigation({ path: '/429', search: {}, requiresAuth: false }, session, { path: null }),
    ).toEqual(cont);
  });
  it('any other start-up failure is still the Error route', () => {
    const session = { status: 'initFailed' as const, error: { status: 503 } };
    expect(decideNavigation(target, session, { path: null })).toEqual(
      to('/404', { reason: 'session', redirect: '/order/5' }),
    );
  });
});
