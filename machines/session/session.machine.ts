import { assertEvent, assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import { errorOf, isAuthRejection, toErrorInfo } from '../shared/error-info';
import type {
  AuthTokens,
  AutoLoginInput,
  RequestCodeInput,
  RestoreSessionInput,
  SessionContext,
  SessionEvent,
  SessionInput,
  SignedIn,
  SignInInput,
  SignInOutcome,
  VerifyCodeInput,
  VerifySecondFactorInput,
} from './session.types';
import { needsSecondFactor } from './session.types';

/** After the `needsSecondFactor` guard said no, the outcome is a sign-in. */
function signedInOf(outcome: SignInOutcome): SignedIn {
  if (needsSecondFactor(outcome)) throw new Error('session: a second-factor answer has no tokens');
  return outcome;
}
const ticketOf = (outcome: SignInOutcome) => (needsSecondFactor(outcome) ? outcome.secondFactor.ticket : '');

/**
 * How every first factor ends (the refresh cookie, the password, the one-time code, the `al` link): tokens mean
 * signed in; a ticket means two-factor is on and the second step is asked. One list, used by each of them.
 */
type OutcomeEvent = { event: DoneActorEvent<SignInOutcome> };
const settleSignIn = [
  {
    guard: { type: 'needsSecondFactor' as const, params: ({ event }: OutcomeEvent) => event.output },
    target: '#session.authError.awaitingSecondFactor',
    actions: {
      type: 'assignTicket' as const,
      params: ({ event }: OutcomeEvent) => ticketOf(event.output),
    },
    description: 'Two-factor is on: the code from the app (or a recovery code) is asked before tokens.',
  },
  {
    target: '#session.authSuccess',
    actions: [
      { type: 'storeTokens' as const, params: ({ event }: OutcomeEvent) => signedInOf(event.output).tokens },
      { type: 'assignSignedIn' as const, params: ({ event }: OutcomeEvent) => signedInOf(event.output) },
    ],
  },
];

/** IO stubs: the real actors are given in src/app with `sessionMachine.provide()` (and in tests). */
function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`session: actor "${name}" is not provided`));
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** `al` first when given, then the refresh cookie; loads the user. */
    restoreSession: fromPromise<SignInOutcome, RestoreSessionInput>(() => notProvided('restoreSession')),
    signIn: fromPromise<SignInOutcome, SignInInput>(() => notProvided('signIn')),
    requestCode: fromPromise<void, RequestCodeInput>(() => notProvided('requestCode')),
    verifyCode: fromPromise<SignInOutcome, VerifyCodeInput>(() => notProvided('verifyCode')),
    autoLogin: fromPromise<SignInOutcome, AutoLoginInput>(() => notProvided('autoLogin')),
    /** POST login/verify/ with the ticket and the app's (or a recovery) code. */
    verifySecondFactor: fromPromise<SignedIn, VerifySecondFactorInput>(() =>
      notProvided('verifySecondFactor'),
    ),
    /** Loads the user for tokens a page obtained itself. */
    loadUser: fromPromise<SignedIn, AuthTokens>(() => notProvided('loadUser')),
    signOut: fromPromise<void, void>(() => notProvided('signOut')),
  },
  actions: {
    /** Hands the tokens to the token machine (cookie, refresh schedule, other tabs); provided in src/app. */
    storeTokens: (_, _tokens: AuthTokens) => {},
    /** Drops the access token (spec point 4: an auth error clears the stored token); provided in src/app. */
    forgetTokens: () => {},
    assignSignedIn: assign(({ context }, signedIn: SignedIn) => ({
      user: signedIn.user,
      finances: signedIn.finances ?? context.finances,
      error: null,
      autoLoginToken: null,
      codeLogin: null,
      signedOutMessage: null,
      secondFactorTicket: null,
    })),
    assignTicket: assign((_, ticket: string) => ({
      secondFactorTicket: ticket,
      autoLoginToken: null,
      codeLogin: null,
      error: null,
    })),
    clearTicket: assign({ secondFactorTicket: null }),
    assignSignedOutMessage: assign((_, message: string | null) => ({ signedOutMessage: message })),
    assignUserChanges: assign(({ context }, changes: { fio?: string; email?: string }) => ({
      user: context.user
        ? {
            ...context.user,
            ...(changes.fio === undefined ? {} : { fio: changes.fio }),
            ...(changes.email === undefined ? {} : { email: changes.email }),
          }
        : null,
    })),
    clearUser: assign({ user: null, finances: null, autoLoginToken: null }),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    clearError: assign({ error: null }),
    assignCodeLogin: assign((_, login: string) => ({ codeLogin: login, error: null })),
    clearCodeLogin: assign({ codeLogin: null }),
    assignFinances: assign((_, finances: { money: number; bonus: number }) => ({
      finances: { money: finances.money, bonus: finances.bonus },
    })),
  },
  guards: {
    isAuthRejection: (_, error: unknown) => isAuthRejection(error),
    /** The first factor was right, the customer has two-factor on: the code form comes next. */
    needsSecondFactor: (_, outcome: SignInOutcome) => needsSecondFactor(outcome),
    /** The page came with its first screen (SessionInput.firstScreen): the session starts signed in. */
    hasFirstScreen: ({ context }) => context.user !== null,
    /** The start-up refresh signed in the customer the first screen showed (not someone else, no second step). */
    confirmsFirstScreen: ({ context }, outcome: SignInOutcome) =>
      !needsSecondFactor(outcome) && outcome.user.id === context.user?.id,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    // An `al` link signs in whoever it names: a first screen does not go with it (src/lib/first-screen.ts).
    user: input.autoLoginToken ? null : (input.firstScreen?.user ?? null),
    finances: input.autoLoginToken ? null : (input.firstScreen?.finances ?? null),
    error: null,
    autoLoginToken: input.autoLoginToken || null,
    codeLogin: null,
    signedOutMessage: null,
    secondFactorTicket: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the session starts: signed in at once when the page came with its first screen (the refresh confirms it behind the cabinet), else the start-up.',
      always: [
        {
          guard: 'hasFirstScreen',
          target: 'authSuccess.confirming',
          description:
            'The server checked the session to write the first screen: the cabinet paints from it.',
        },
        { target: 'notLoaded' },
      ],
    },
    notLoaded: {
      description:
        'Start-up: auto-login with `al` if the URL had it, else the refresh cookie; the router waits here.',
      tags: ['loading'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        input: ({ context }) => ({ autoLoginToken: context.autoLoginToken }),
        onDone: settleSignIn,
        onError: [
          {
            guard: {
              type: 'isAuthRejection',
              params: errorOf,
            },
            target: 'authError',
            description: 'No valid sign-in (400/401): an anonymous visitor, not a failure.',
          },
          {
            target: 'initFailed',
            description:
              'No answer or a server error: the cabinet cannot start; the router shows the Error route.',
            actions: { type: 'assignError', params: errorOf },
          },
        ],
      },
    },

    initFailed: {
      description: 'The server could not be asked who the visitor is; the Error route offers a retry.',
      on: {
        'session.retry': { target: 'notLoaded', actions: 'clearError' },
      },
    },

    authError: {
      description: 'Signed out (spec point 4: auth status starts as error). Sign-in forms live here.',
      entry: ['clearUser', 'forgetTokens'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.login': { target: 'signingIn', actions: 'clearError' },
            'session.loginWithCode.request': {
              target: 'requestingCode',
              actions: { type: 'assignCodeLogin', params: ({ event }) => event.login },
            },
            'session.authenticated': { target: 'loadingUser', actions: 'clearError' },
            'session.autoLogin': { target: 'autoLoggingIn', actions: 'clearError' },
            'session.secondFactor.required': {
              target: 'awaitingSecondFactor',
              actions: { type: 'assignTicket', params: ({ event }) => event.ticket },
              description:
                'A page signed in itself (new password by a restore link) and got the second step.',
            },
          },
        },
        awaitingSecondFactor: {
          description:
            'The password (or code, `al` link, social network) was right and two-factor is on: the form asks for the code from the authenticator app or a recovery code.',
          on: {
            'session.secondFactor.verify': { target: 'verifyingSecondFactor', actions: 'clearError' },
            'session.secondFactor.cancel': {
              target: 'idle',
              actions: ['clearTicket', 'clearError'],
              description:
                'Back to the sign-in form; the ticket is dropped (it dies by itself in 10 minutes).',
            },
            'session.login': { target: 'signingIn', actions: ['clearError', 'clearTicket'] },
          },
        },
        verifyingSecondFactor: {
          description: 'POST login/verify/ with the ticket and the code.',
          tags: ['loading'],
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'session.secondFactor.verify');
              return { ticket: context.secondFactorTicket ?? '', code: event.code };
            },
            onDone: {
              target: '#session.authSuccess',
              actions: [
                { type: 'storeTokens', params: ({ event }) => event.output.tokens },
                { type: 'assignSignedIn', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'awaitingSecondFactor',
              description:
                'A wrong or used code, or a dead ticket: the form says so (the customer may go back and sign in again); 429 leaves for /429.',
              actions: { type: 'assignError', params: errorOf },
            },
          },
        },
        signingIn: {
          tags: ['loading'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'session.login');
              return { login: event.login, password: event.password };
            },
            onDone: settleSignIn,
            onError: {
              target: 'idle',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
        },
        requestingCode: {
          description: 'POST login/ with method code: the server sends a one-time code.',
          tags: ['loading'],
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }) => ({ login: context.codeLogin ?? '' }),
            onDone: { target: 'awaitingCode' },
            onError: {
              target: 'idle',
              actions: ['clearCodeLogin', { type: 'assignError', params: errorOf }],
            },
          },
        },
        awaitingCode: {
          description: 'The code form is shown; the customer may also go back to the password.',
          on: {
            'session.loginWithCode.verify': { target: 'verifyingCode', actions: 'clearError' },
            'session.loginWithCode.request': {
              target: 'requestingCode',
              actions: { type: 'assignCodeLogin', params: ({ event }) => event.login },
              description: 'Send the code again (or to another login).',
            },
            'session.login': { target: 'signingIn', actions: ['clearError', 'clearCodeLogin'] },
          },
        },
        verifyingCode: {
          tags: ['loading'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ event }) => {
              assertEvent(event, 'session.loginWithCode.verify');
              return { login: event.login, code: event.code };
            },
            onDone: settleSignIn,
            onError: {
              target: 'awaitingCode',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
        },
        autoLoggingIn: {
          tags: ['loading'],
          invoke: {
            id: 'autoLogin',
            src: 'autoLogin',
            input: ({ event }) => {
              assertEvent(event, 'session.autoLogin');
              return { token: event.token };
            },
            onDone: settleSignIn,
            onError: {
              target: 'idle',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
        },
        loadingUser: {
          description:
            'A page got tokens itself (registration, new password, social e-mail); load who they belong to.',
          tags: ['loading'],
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ event }) => {
              assertEvent(event, 'session.authenticated');
              return { access: event.access, expires_in: event.expires_in };
            },
            onDone: {
              target: '#session.authSuccess',
              actions: [
                { type: 'storeTokens', params: ({ event }) => event.output.tokens },
                { type: 'assignSignedIn', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
        },
        signingOut: {
          description:
            'Signed out locally at once; the server then ends the session the refresh cookie names (after any refresh still running, so the cookie is the live one).',
          tags: ['loading'],
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: { target: 'idle' },
            onError: {
              target: 'idle',
              description:
                'The logout got no answer or was refused: the local sign-out stands and the session hint cookie is dropped, so a reload stays signed out; the session itself lives on the server until it expires.',
            },
          },
        },
      },
    },

    authSuccess: {
      description: 'Signed in: the cabinet routes open.',
      initial: 'active',
      states: {
        active: {
          description: "The session and its access token are the server's answer.",
        },
        confirming: {
          description:
            'Signed in by the first screen of the page (the server checked the session read-only): the cabinet shows while the start-up refresh rotates the token and gets the access token.',
          invoke: {
            id: 'confirmSession',
            src: 'restoreSession',
            input: () => ({ autoLoginToken: null }),
            onDone: [
              {
                guard: {
                  type: 'confirmsFirstScreen',
                  params: ({ event }: OutcomeEvent) => event.output,
                },
                target: 'active',
                actions: [
                  {
                    type: 'storeTokens',
                    params: ({ event }: OutcomeEvent) => signedInOf(event.output).tokens,
                  },
                  { type: 'assignSignedIn', params: ({ event }: OutcomeEvent) => signedInOf(event.output) },
                ],
              },
              {
                target: '#session.authError',
                description:
                  "The cookie now signs in someone else (another tab signed in meanwhile): the page's customer is signed out here, and the guard takes the page to /login.",
              },
            ],
            onError: [
              {
                guard: { type: 'isAuthRejection', params: errorOf },
                target: '#session.authError',
                description:
                  'The session ended between the page and the refresh (signed out, revoked): signed out; the guard sends the visitor to /login.',
              },
              {
                target: '#session.initFailed',
                description:
                  'No answer or a server error, as at any start-up: the Error route offers a retry, which starts from nobody.',
                actions: ['clearUser', { type: 'assignError', params: errorOf }],
              },
            ],
          },
        },
      },
      on: {
        'session.logout': { target: 'authError.signingOut' },
        'session.expired': {
          target: 'authError',
          actions: { type: 'assignSignedOutMessage', params: ({ event }) => event.message ?? null },
          description:
            'The refresh token was refused: sign out; the client sends the visitor to /login?redirect=… (&msg= the message)',
        },
        'session.finances': {
          actions: { type: 'assignFinances', params: ({ event }) => event },
        },
        'session.userChanged': {
          actions: { type: 'assignUserChanges', params: ({ event }) => event },
        },
      },
    },
  },
});
