import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import {
  selectError,
  selectIsAwaitingCode,
  selectIsAwaitingSecondFactor,
  selectIsBusy,
  selectIsLoaded,
  selectIsSignedIn,
  selectStatus,
  selectUser,
  selectSignedOutMessage,
} from '../../machines/session/session.selectors';
import type { SignedIn, SignInOutcome } from '../../machines/session/session.types';
import { describeModel } from './coverage';
import { never } from './never';

const tokens = { access: 'header.payload.sig', expires_in: 300 };
const user = { id: 7, email: 'demo@example.com', fio: 'Иванов Иван' };
const signedIn: SignedIn = { tokens, user };
const rejected = { status: 401, message: 'Токен недействителен или просрочен.' };
const unreachable = { message: 'Сервер не отвечает' };

const model = sessionMachine.provide({
  actors: {
    restoreSession: never(),
    signIn: never(),
    requestCode: never(),
    verifyCode: never(),
    autoLogin: never(),
    verifySecondFactor: never(),
    loadUser: never(),
    signOut: never(),
  },
});
type Snap = SnapshotFrom<typeof model>;

const signInActors = [
  'restoreSession',
  'signIn',
  'verifyCode',
  'autoLogin',
  'loadUser',
  'verifySecondFactor',
];
/** The first-factor actors: each may answer the second step instead of tokens (two-factor on). */
const firstFactorActors = ['restoreSession', 'signIn', 'verifyCode', 'autoLogin'];
const challenge = { secondFactor: { ticket: 'ticket-1' } };
/** What the page's first screen said (contract/first-screen.ts): the session starts signed in as them. */
const firstScreen = { user, finances: { money: 500, bonus: 50 } };
/** The refresh behind a first screen signed in someone else (another tab signed in meanwhile). */
const someoneElse: SignedIn = { tokens, user: { id: 8, email: 'other@example.com', fio: 'Другой Клиент' } };
const events = [
  { type: 'session.login', login: 'demo@example.com', password: 'demo-password' },
  { type: 'session.loginWithCode.request', login: 'demo@example.com' },
  { type: 'session.loginWithCode.verify', login: 'demo@example.com', code: '123456' },
  { type: 'session.authenticated', ...tokens },
  { type: 'session.autoLogin', token: 'al-token' },
  { type: 'session.logout' },
  { type: 'session.expired' },
  { type: 'session.expired', message: 'Сеанс завершён с другого устройства. Войдите снова.' },
  { type: 'session.retry' },
  { type: 'session.finances', money: 1500, bonus: 200 },
  { type: 'session.userChanged', fio: 'Анна Петрова' },
  { type: 'session.secondFactor.required', ticket: 'ticket-1' },
  { type: 'session.secondFactor.verify', code: '123456' },
  { type: 'session.secondFactor.cancel' },
  ...firstFactorActors.map((id) => ({ type: `xstate.done.actor.${id}`, output: challenge })),
  ...signInActors.map((id) => ({ type: `xstate.done.actor.${id}`, output: signedIn })),
  { type: 'xstate.done.actor.confirmSession', output: signedIn },
  { type: 'xstate.done.actor.confirmSession', output: someoneElse },
  { type: 'xstate.done.actor.confirmSession', output: challenge },
  { type: 'xstate.error.actor.confirmSession', error: rejected },
  { type: 'xstate.error.actor.confirmSession', error: unreachable },
  { type: 'xstate.done.actor.requestCode', output: undefined },
  { type: 'xstate.done.actor.signOut', output: undefined },
  ...[...signInActors, 'requestCode', 'signOut'].flatMap((id) => [
    { type: `xstate.error.actor.${id}`, error: rejected },
    { type: `xstate.error.actor.${id}`, error: unreachable },
  ]),
];

const BUSY_STATES = [
  'notLoaded',
  'authError.signingIn',
  'authError.requestingCode',
  'authError.verifyingCode',
  'authError.autoLoggingIn',
  'authError.loadingUser',
  'authError.signingOut',
  'authError.verifyingSecondFactor',
];

function stateName(s: Snap): string {
  return typeof s.value === 'string'
    ? s.value
    : Object.entries(s.value).map(([k, v]) => `${k}.${String(v)}`)[0]!;
}

/** What must hold in every state the session can reach. */
function assertInvariants(s: Snap) {
  const name = stateName(s);
  expect(selectIsBusy(s), `busy in ${name}`).toBe(BUSY_STATES.includes(name));
  expect(selectIsLoaded(s)).toBe(name !== 'notLoaded');
  if (name.startsWith('authSuccess')) {
    // The signed-in customer (from the first screen, or the server's answer); a session.userChanged renames them.
    expect(selectUser(s)).toMatchObject({ id: user.id, email: user.email });
    expect([user.fio, 'Анна Петрова']).toContain(selectUser(s)?.fio);
    expect(selectError(s)).toBeNull();
    expect(selectIsSignedIn(s)).toBe(true);
    expect(selectStatus(s)).toBe('authSuccess');
    expect(s.context.autoLoginToken).toBeNull();
    expect(selectSignedOutMessage(s)).toBeNull();
  } else {
    expect(selectIsSignedIn(s)).toBe(false);
  }
  if (name.startsWith('authError')) {
    expect(selectUser(s)).toBeNull();
    expect(s.context.finances).toBeNull();
    expect(selectStatus(s)).toBe('authError');
  }
  if (name === 'initFailed') {
    expect(selectError(s)).toEqual(unreachable);
    expect(selectStatus(s)).toBe('initFailed');
  }
  if (name === 'notLoaded' || name === 'initFailed') expect(selectUser(s)).toBeNull();
  // The first screen's balances stay until the refresh's answer (or the socket: session.finances) brings others.
  if (name === 'authSuccess.confirming') expect([50, 200]).toContain(s.context.finances?.bonus);
  // Only a forced sign-out leaves a message, and only the one it was given.
  expect([null, 'Сеанс завершён с другого устройства. Войдите снова.']).toContain(selectSignedOutMessage(s));
  expect(selectIsAwaitingCode(s)).toBe(
    name === 'authError.awaitingCode' || name === 'authError.verifyingCode',
  );
  if (selectIsAwaitingCode(s)) expect(s.context.codeLogin).toBe('demo@example.com');
  // The code form of two-factor shows exactly while a ticket of the first factor is held.
  const secondStep = name === 'authError.awaitingSecondFactor' || name === 'authError.verifyingSecondFactor';
  expect(selectIsAwaitingSecondFactor(s), `second factor in ${name}`).toBe(secondStep);
  expect(s.context.secondFactorTicket).toBe(secondStep ? 'ticket-1' : null);
}

describeModel(model, {
  name: 'session machine (model-based)',
  events,
  inputs: [
    // The first screen's state is reached only from a page that had one.
    { name: 'from the start-up', input: { autoLoginToken: 'al-token' }, misses: /confirming/ },
    {
      name: 'from a first screen',
      input: { firstScreen },
      misses: /starting on "always" → #session\.notLoaded/,
    },
  ],
  pathCount: { moreThan: 45 },
  agreeOn: (s) => s.context,
  invariants: assertInvariants,
});

describe('session machine (scenarios)', () => {
  it('keeps the error of a failed sign-in and clears it on the next attempt', () => {
    const actor = createActor(model, { input: {} }).start();
    actor.send({ type: 'xstate.error.actor.restoreSession', error: rejected } as never);
    expect(selectStatus(actor.getSnapshot())).toBe('authError');
    expect(selectError(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'session.login', login: 'x', password: 'bad' });
    actor.send({
      type: 'xstate.error.actor.signIn',
      error: {
        status: 400,
        message: 'Неверный логин или пароль.',
        fields: { password: ['Неверный пароль'] },
      },
    } as never);
    expect(actor.getSnapshot().value).toEqual({ authError: 'idle' });
    expect(selectError(actor.getSnapshot())).toEqual({
      status: 400,
      message: 'Неверный логин или пароль.',
      fields: { password: ['Неверный пароль'] },
    });
    actor.send({ type: 'session.login', login: 'x', password: 'good' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
  });

  it('hands tokens to the token machine on sign-in and forgets them on sign-out and expiry', async () => {
    const storeTokens = vi.fn();
    const forgetTokens = vi.fn();
    const signOut = vi.fn(async () => {});
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async (): Promise<SignInOutcome> => signedIn),
        signOut: fromPromise(signOut),
      },
      actions: {
        storeTokens: (_, t) => storeTokens(t),
        forgetTokens: () => forgetTokens(),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, selectIsSignedIn);
    expect(storeTokens).toHaveBeenCalledWith(tokens);
    expect(selectUser(actor.getSnapshot())).toEqual(user);

    actor.send({ type: 'session.finances', money: 10, bonus: 2 });
    expect(actor.getSnapshot().context.finances).toEqual({ money: 10, bonus: 2 });
    actor.send({ type: 'session.userChanged', fio: 'Анна Петрова', email: 'new@example.com' });
    expect(selectUser(actor.getSnapshot())).toEqual({
      ...user,
      fio: 'Анна Петрова',
      email: 'new@example.com',
    });

    actor.send({ type: 'session.logout' });
    // Signed out locally at once, before the server answers.
    expect(selectStatus(actor.getSnapshot())).toBe('authError');
    expect(forgetTokens).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => s.matches({ authError: 'idle' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('passes the al token of the URL to the start-up and drops it once settled', async () => {
    const restore = vi.fn(
      async ({ input }: { input: { autoLoginToken: string | null } }): Promise<SignInOutcome> => {
        if (input.autoLoginToken === 'al-1') throw unreachable;
        return signedIn;
      },
    );
    const machine = sessionMachine.provide({ actors: { restoreSession: fromPromise(restore) } });
    const actor = createActor(machine, { input: { autoLoginToken: 'al-1' } }).start();
    await waitFor(actor, (s) => s.matches('initFailed'));
    expect(restore).toHaveBeenLastCalledWith(expect.objectContaining({ input: { autoLoginToken: 'al-1' } }));
    // A retry tries the same al again: the server never answered, so it was not used up.
    actor.send({ type: 'session.retry' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('initFailed'));
    expect(restore).toHaveBeenCalledTimes(2);
  });

  it('signs in with a one-time code in two steps', async () => {
    const requestCode = vi.fn(async () => {});
    const verifyCode = vi.fn(async (): Promise<SignInOutcome> => signedIn);
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => Promise.reject(rejected)),
        requestCode: fromPromise(requestCode),
        verifyCode: fromPromise(verifyCode),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('authError'));
    actor.send({ type: 'session.loginWithCode.request', login: '+79991234567' });
    await waitFor(actor, selectIsAwaitingCode);
    expect(requestCode).toHaveBeenCalledWith(expect.objectContaining({ input: { login: '+79991234567' } }));
    actor.send({ type: 'session.loginWithCode.verify', login: '+79991234567', code: '000111' });
    await waitFor(actor, selectIsSignedIn);
    expect(verifyCode).toHaveBeenCalledWith(
      expect.objectContaining({ input: { login: '+79991234567', code: '000111' } }),
    );
  });
});

describe('session machine (forced sign-out)', () => {
  it('keeps the message of a forced sign-out for /login, and forgets it at the next sign-in', () => {
    const actor = createActor(model, { input: {} }).start();
    actor.send({ type: 'xstate.done.actor.restoreSession', output: signedIn } as never);
    expect(selectStatus(actor.getSnapshot())).toBe('authSuccess');
    actor.send({ type: 'session.expired', message: 'Сеанс завершён с другого устройства. Войдите снова.' });
    expect(selectStatus(actor.getSnapshot())).toBe('authError');
    expect(selectSignedOutMessage(actor.getSnapshot())).toBe(
      'Сеанс завершён с другого устройства. Войдите снова.',
    );
    actor.send({ type: 'session.authenticated', ...tokens });
    actor.send({ type: 'xstate.done.actor.loadUser', output: signedIn } as never);
    expect(selectStatus(actor.getSnapshot())).toBe('authSuccess');
    expect(selectSignedOutMessage(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'session.expired' });
    expect(selectSignedOutMessage(actor.getSnapshot())).toBeNull();
  });
});

describe('session machine: two-factor sign-in', () => {
  it('asks for the code after the password, keeps a refusal on the form, signs in with the right code', async () => {
    const verifySecondFactor = vi.fn(async ({ input }: { input: { ticket: string; code: string } }) => {
      if (input.code !== '654321') throw { status: 400, message: 'Неверный код.' };
      return signedIn;
    });
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => Promise.reject(rejected)),
        signIn: fromPromise(async (): Promise<SignInOutcome> => ({ secondFactor: { ticket: 't-9' } })),
        verifySecondFactor: fromPromise(verifySecondFactor),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('authError'));
    actor.send({ type: 'session.login', login: 'demo@example.com', password: 'demo-password' });
    await waitFor(actor, selectIsAwaitingSecondFactor);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'session.secondFactor.verify', code: '111111' });
    await waitFor(actor, (s) => s.matches({ authError: 'awaitingSecondFactor' }) && !!selectError(s));
    expect(selectError(actor.getSnapshot())).toMatchObject({ status: 400, message: 'Неверный код.' });
    actor.send({ type: 'session.secondFactor.verify', code: '654321' });
    await waitFor(actor, selectIsSignedIn);
    expect(verifySecondFactor).toHaveBeenLastCalledWith(
      expect.objectContaining({ input: { ticket: 't-9', code: '654321' } }),
    );
    expect(actor.getSnapshot().context.secondFactorTicket).toBeNull();
  });

  it('goes back to the sign-in form and drops the ticket on cancel', async () => {
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async (): Promise<SignInOutcome> => ({
          secondFactor: { ticket: 'al-t' },
        })),
      },
    });
    // An `al` link of a customer with two-factor on: the start-up ends at the code form, not in the cabinet.
    const actor = createActor(machine, { input: { autoLoginToken: 'al-1' } }).start();
    await waitFor(actor, selectIsAwaitingSecondFactor);
    expect(selectStatus(actor.getSnapshot())).toBe('authError');
    expect(actor.getSnapshot().context.autoLoginToken).toBeNull();
    actor.send({ type: 'session.secondFactor.cancel' });
    expect(actor.getSnapshot().value).toEqual({ authError: 'idle' });
    expect(actor.getSnapshot().context.secondFactorTicket).toBeNull();
  });
});

describe('session machine: the signed-in first screen', () => {
  it('starts signed in as the page said, and the refresh behind it hands its tokens over', async () => {
    const storeTokens = vi.fn();
    let answer: (outcome: SignInOutcome) => void = () => {};
    const restore = vi.fn(() => new Promise<SignInOutcome>((resolve) => (answer = resolve)));
    const machine = sessionMachine.provide({
      actors: { restoreSession: fromPromise(restore) },
      actions: { storeTokens: (_, t) => storeTokens(t) },
    });
    const actor = createActor(machine, { input: { firstScreen } }).start();
    // At once, before any answer: the guard lets the cabinet in and the header has the name and balances.
    expect(selectStatus(actor.getSnapshot())).toBe('authSuccess');
    expect(selectIsLoaded(actor.getSnapshot())).toBe(true);
    expect(selectUser(actor.getSnapshot())).toEqual(user);
    expect(actor.getSnapshot().context.finances).toEqual(firstScreen.finances);
    expect(restore).toHaveBeenCalledWith(expect.objectContaining({ input: { autoLoginToken: null } }));
    expect(storeTokens).not.toHaveBeenCalled();
    answer({ ...signedIn, finances: { money: 600, bonus: 60 } });
    await waitFor(actor, (s) => s.matches({ authSuccess: 'active' }));
    expect(storeTokens).toHaveBeenCalledWith(tokens);
    expect(actor.getSnapshot().context.finances).toEqual({ money: 600, bonus: 60 });
  });

  it('signs out when the session ended between the page and the refresh', async () => {
    const forgetTokens = vi.fn();
    const machine = sessionMachine.provide({
      actors: { restoreSession: fromPromise(async () => Promise.reject(rejected)) },
      actions: { forgetTokens: () => forgetTokens() },
    });
    const actor = createActor(machine, { input: { firstScreen } }).start();
    await waitFor(actor, (s) => s.matches('authError'));
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.finances).toBeNull();
    expect(forgetTokens).toHaveBeenCalled();
  });

  it('does not take a first screen beside an `al` link: the link signs in whoever it names', () => {
    const actor = createActor(model, { input: { firstScreen, autoLoginToken: 'al-1' } }).start();
    expect(selectStatus(actor.getSnapshot())).toBe('notLoaded');
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });
});
