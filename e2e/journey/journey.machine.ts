// The test model of a customer's journey across the app (spec point 2: the navigation guard and the route
// behaviour; spec point 8: the error catalogue rows a customer meets). States are where the customer is and what
// the page shows; events are what they do, or what the server does to them. Framework-free: journey.spec.ts
// generates the paths with xstate/graph and gives every state an assertion and every event an executor.
import { assign, setup } from 'xstate';

/** Where a /login?redirect=… sends the customer after signing in. */
export type ReturnTo = 'payments' | 'archive';

export interface JourneyContext {
  returnTo: ReturnTo | null;
}

export const JOURNEY_EVENTS = [
  // signed out
  'openRoot',
  'openRegistration',
  'goLogin',
  'openProtectedUrl',
  'signIn',
  'openUnknownPath',
  'openSocialsEmailAuthWithoutToken',
  'openPaymentWithBadStatus',
  'openSocialsEmailLink',
  'submitSocialEmail',
  'failSignIn11Times',
  'signInAnswerWithoutToken',
  'enterAuthenticatorCode',
  'enterRecoveryCode',
  'reuseAuthenticatorCode',
  'reopenAccount',
  // signed in
  'openProfile',
  'switchNotificationsOff',
  'switchNotificationsOn',
  'turnOnTwoFactor',
  'requestExport',
  'closeAccount',
  'openOrder',
  'payOrder',
  'deleteOrderRefused',
  'previewFile',
  'closePreview',
  'payThroughSandbox',
  'openArchivedOrderUrl',
  'openUnknownOrderUrl',
  'openOrderWithoutId',
  'openBadTab',
  'openLogin',
  'openLoginWithValidRedirect',
  'openLoginWithForeignRedirect',
  'openPublicPageWithMsg',
  'closeMessage',
  'openCabinetUrlWithAl',
  'openWithdraw',
  'confirmSmsCode',
  'repaymentAnswers403',
  'openPaymentSuccess',
  'openOrderForm',
  'stopUpload',
  'openPageWhosePartFails',
  'reloadPage',
  'serverAnswers429',
  'serverSilent',
  'serverBack',
  'serviceUnavailable',
  'serviceRecovers',
  'tokenExpires',
  'refreshFails',
  'signOut',
  'searchOrders',
  'goBack',
  // both
  'serverSilentAtStart',
  'retry',
  'goHome',
] as const;
export type JourneyEventType = (typeof JOURNEY_EVENTS)[number];
export type JourneyEvent = { type: JourneyEventType };

/**
 * The rows of the error catalogue (spec point 8) and the events of this model that make each happen in the browser;
 * an empty list: the model does not walk that row (the figures at the end of the run name it).
 */
export const ERROR_CATALOGUE: Record<string, readonly JourneyEventType[]> = {
  'Request cancelled': ['stopUpload'],
  'No response': ['serverSilent'],
  'HTTP 429': ['failSignIn11Times', 'serverAnswers429'],
  'HTTP 401 on any call except login and token refresh': ['tokenExpires'],
  'Refresh fails with 400, 401 or not authorized': ['refreshFails'],
  'Repayment calls answer 403': ['repaymentAnswers403'],
  'Delete or restore order fails': ['deleteOrderRefused'],
  'Continue-registration fails': ['submitSocialEmail'],
  'Login answer lacks an access token': ['signInAnswerWithoutToken'],
  'Redirect to outside the own origin': ['openLoginWithForeignRedirect'],
  'Page part fails to load': ['openPageWhosePartFails'],
  'Session initialisation fails': ['serverSilentAtStart'],
};

export const journeyMachine = setup({
  types: { context: {} as JourneyContext, events: {} as JourneyEvent },
  actions: {
    rememberPayments: assign({ returnTo: 'payments' as const }),
    rememberArchive: assign({ returnTo: 'archive' as const }),
    forgetReturn: assign({ returnTo: null }),
  },
  guards: {
    returnsToPayments: ({ context }) => context.returnTo === 'payments',
  },
}).createMachine({
  id: 'journey',
  context: { returnTo: null },
  initial: 'signedOut',
  states: {
    signedOut: {
      initial: 'login',
      states: {
        login: {
          description: 'On /login with no return target (the visitor came from the root path).',
          on: {
            openRoot: {
              target: 'login',
              description: 'Rule 1: from the root path no return target is given.',
            },
            openRegistration: {
              target: 'registration',
              description: 'A public page, open while signed out.',
            },
            openProtectedUrl: {
              target: 'loginWithReturn',
              actions: 'rememberPayments',
              description: 'Rule 1: a cabinet URL while signed out → /login?redirect=<path and query>.',
            },
            signIn: { target: '#journey.signedIn.home' },
            openUnknownPath: { target: 'notFound', description: 'Unknown paths redirect to /404.' },
            openSocialsEmailAuthWithoutToken: { target: 'notFound' },
            openPaymentWithBadStatus: { target: 'notFound' },
            openSocialsEmailLink: {
              target: 'socialsEmail',
              description: 'The social sign-in came back without an e-mail: /socials-email-auth?token=….',
            },
            failSignIn11Times: { target: 'tooMany', description: 'Error catalogue: HTTP 429 → /429.' },
            signInAnswerWithoutToken: {
              target: 'loginRefused',
              description:
                "Error catalogue: the login answer lacks an access token → 'Access token should be defined'.",
            },
            // No serverSilentAtStart here: an anonymous visitor has no refresh cookie (nor its readable hint),
            // so the session starts without asking the server and cannot fail; rule 5 is walked signed in.
          },
        },
        loginWithReturn: {
          description: 'On /login?redirect=… (the return target is in the context).',
          on: {
            signIn: [
              { guard: 'returnsToPayments', target: '#journey.signedIn.payments', actions: 'forgetReturn' },
              { target: '#journey.signedIn.archive', actions: 'forgetReturn' },
            ],
          },
        },
        registration: {
          description: 'On /registration (anonymous on a public page).',
          on: { goLogin: { target: 'login' } },
        },
        socialsEmail: {
          description: 'On /socials-email-auth?token=…: the last step asks for an e-mail.',
          on: {
            submitSocialEmail: {
              target: 'socialsEmailRefused',
              description:
                "Error catalogue: continue-registration fails → the server's detail (the social token is dead).",
            },
          },
        },
        socialsEmailRefused: {
          description:
            "On /socials-email-auth: the step says the social sign-in is outdated, with the server's detail.",
          on: { goLogin: { target: 'login' } },
        },
        loginRefused: {
          description: 'Still on /login, the form says why the sign-in failed.',
          on: { signIn: { target: '#journey.signedIn.home' } },
        },
        notFound: { on: { goHome: { target: 'login' } } },
        tooMany: { on: { goHome: { target: 'login' } } },
        loginTwoFactor: {
          description: 'On /login, signed out by a customer who turned two-factor on.',
          on: {
            signIn: {
              target: 'secondFactor',
              description: 'The password is right and two-factor is on: the code is asked, no tokens yet.',
            },
          },
        },
        secondFactor: {
          description: "On /login, the two-factor step: 'Двухфакторная защита' asks for the app's code.",
          on: {
            enterAuthenticatorCode: { target: '#journey.signedIn.home' },
            enterRecoveryCode: {
              target: '#journey.signedIn.home',
              description: 'No phone at hand: a recovery code (used up) lets in instead.',
            },
            reuseAuthenticatorCode: {
              target: 'secondFactorRefused',
              description: 'The code that turned two-factor on, again: refused (once only).',
            },
          },
        },
        loginClosed: {
          description:
            'On /login after closing the account: the dialog says when the data will be erased and how to cancel.',
          on: {
            signIn: {
              target: 'closedRefused',
              description: 'Within the 14 days the sign-in is refused with the erasure date.',
            },
          },
        },
        closedRefused: {
          description:
            "Still on /login: 'Аккаунт закрыт. Его данные будут удалены …' and the link «Отменить закрытие».",
          on: {
            reopenAccount: {
              target: 'loginReopened',
              description:
                '/account-reopen with the typed login carried over: the password cancels the closing.',
            },
          },
        },
        loginReopened: {
          description: "On /login: 'Закрытие отменено, аккаунт снова открыт. Войдите.'",
          on: { signIn: { target: '#journey.signedIn.home' } },
        },
        secondFactorRefused: {
          description: 'Still on the two-factor step; the form says the code is used or wrong.',
          on: { enterAuthenticatorCode: { target: '#journey.signedIn.home' } },
        },
      },
    },
    signedIn: {
      initial: 'home',
      states: {
        home: {
          description: 'On /home: the greeting and the active orders.',
          on: {
            openOrder: { target: 'order' },
            openArchivedOrderUrl: { target: 'archive', description: 'An archived order → the archive tab.' },
            openUnknownOrderUrl: { target: 'notFound', description: 'The order fails to load → /404.' },
            openOrderWithoutId: { target: 'home', description: 'An order route with no id → Home.' },
            openBadTab: { target: 'notFound', description: '/home/{tab} with an unknown tab → /404.' },
            openLogin: { target: 'home', description: 'Rule 3: a public page while signed in → Home.' },
            openLoginWithValidRedirect: {
              target: 'payments',
              description:
                'Rule 4: /login?redirect=<valid> while signed in → the decoded path with its query.',
            },
            openLoginWithForeignRedirect: {
              target: 'home',
              description: 'Error catalogue: a redirect outside the own origin is blocked → Home.',
            },
            openPublicPageWithMsg: { target: 'homeWithMessage', description: 'Rule 3 passes msg along.' },
            openCabinetUrlWithAl: { target: 'archive', description: 'Rule 2: the al flag leaves the URL.' },
            openWithdraw: { target: 'payOut', description: 'Withdraw guard: not verified → PaymentsPayOut.' },
            openPaymentSuccess: { target: 'paymentResult', description: '/payment is exempt from rule 3.' },
            openOrderForm: { target: 'orderForm', description: 'The menu\'s "Новый заказ".' },
            searchOrders: {
              target: 'searching',
              description: 'Types a topic in the search box: the URL carries it, the list narrows to it.',
            },
            openPageWhosePartFails: {
              target: 'pagePartFailed',
              description:
                "Error catalogue: a page part fails to load → 'Сайт загружен с ошибкой. Перезагрузите страницу.'",
            },
            serverAnswers429: { target: 'tooMany', description: 'HTTP 429 → a full redirect to /429.' },
            serverSilent: { target: 'serverSilent', description: 'No response → "Сервер не отвечает".' },
            tokenExpires: {
              target: 'archive',
              description: 'HTTP 401 → the token is refreshed and the call retried: the page keeps working.',
            },
            refreshFails: {
              target: '#journey.signedOut.loginWithReturn',
              actions: 'rememberArchive',
              description: 'The refresh fails with 401 → signed out, /login?redirect=<current page>.',
            },
            serverSilentAtStart: {
              target: 'sessionFailed',
              description: 'Rule 5 with a live refresh cookie.',
            },
            signOut: { target: '#journey.signedOut.login' },
            openProfile: { target: 'profile', description: 'The menu\'s "Профиль".' },
          },
        },
        searching: {
          description: 'On /home?search=…: only the matching orders; the tabs count the matches.',
          on: {
            goBack: { target: 'home', description: 'Back restores the list without the search.' },
            goHome: { target: 'home' },
          },
        },
        homeWithMessage: {
          description: 'On /home with the msg dialog open.',
          on: { closeMessage: { target: 'home' } },
        },
        order: {
          description: 'On /order/{id}/chat.',
          on: {
            goHome: { target: 'home' },
            payOrder: { target: 'paying' },
            previewFile: {
              target: 'previewing',
              description:
                'The writer sent a PDF: the files tab, "Просмотр" opens it in the page (docs/features.md "File preview").',
            },
            deleteOrderRefused: {
              target: 'orderDeleteRefused',
              description:
                "Error catalogue: moving the order to the archive fails → the server's detail is shown.",
            },
            serviceUnavailable: {
              target: 'orderUnavailable',
              description:
                'The API answers 503 with Retry-After (its database is gone); the customer writes in the chat meanwhile.',
            },
          },
        },
        orderUnavailable: {
          description:
            'On /order/{id}/chat: the "Нет соединения" bar, no error card; the message written waits ("Ожидает отправки").',
          on: {
            serviceRecovers: {
              target: 'orderRecovered',
              description: 'The API answers again: nothing to press, no reload.',
            },
          },
        },
        orderRecovered: {
          description:
            'On /order/{id}/chat: the bar gone by itself; the message written during the outage shows once, sent, and the server holds it once.',
          on: { goHome: { target: 'home' } },
        },
        previewing: {
          description: 'On /order/{id}/files with the viewer open over the PDF, its first page drawn.',
          on: { closePreview: { target: 'orderFiles', description: 'Esc closes the viewer.' } },
        },
        orderFiles: {
          description: 'On /order/{id}/files, the viewer closed, focus back on its "Просмотр" button.',
          on: { goHome: { target: 'home' } },
        },
        orderDeleteRefused: {
          description: "Still on /order/{id}/chat: the error notice carries the server's detail.",
          on: { goHome: { target: 'home' } },
        },
        paying: {
          description: 'On /order/{id}/pay: the checkout of an order awaiting payment.',
          on: {
            payThroughSandbox: {
              target: 'paymentResult',
              description:
                'The payment provider takes the card and sends the customer to /payment?status=success.',
            },
            goHome: { target: 'home' },
          },
        },
        archive: { description: 'On /home/archive.', on: { goHome: { target: 'home' } } },
        payments: {
          description: 'On /payments/history?page=1 (the protected URL of the journey).',
          on: { goHome: { target: 'home' } },
        },
        payOut: {
          description: 'On /payments/pay-out (PaymentsPayOut).',
          on: {
            goHome: { target: 'home' },
            confirmSmsCode: {
              target: 'withdrawing',
              description: 'The SMS code verifies withdrawals → back to /withdraw.',
            },
          },
        },
        withdrawing: {
          description:
            'On /withdraw, verified. Its only way out is the 403 row, so the verification never outlives this state.',
          on: {
            repaymentAnswers403: {
              target: 'payOut',
              description:
                'Error catalogue: a repayment call answers 403 → the status is re-checked → PaymentsPayOut.',
            },
          },
        },
        pagePartFailed: {
          description:
            'On /profile, whose code did not load: the error dialog, the chunk-load-error flag set.',
          on: {
            reloadPage: { target: 'profile', description: 'The reload the dialog asks for loads the page.' },
          },
        },
        orderForm: {
          description: 'On /order-new: the empty order form.',
          on: {
            goHome: { target: 'home' },
            stopUpload: {
              target: 'uploadStopped',
              description:
                "Error catalogue: a request cancelled → 'Запрос отменён' plus the reason. The customer stops a file's upload while it is on its way; its request is aborted through its AbortSignal.",
            },
          },
        },
        uploadStopped: {
          description:
            "On /order-new: the stopped file's row is gone and the form says 'Файл «…» не загружен: Запрос отменён: вы остановили загрузку'.",
          on: { goHome: { target: 'home' } },
        },
        profile: {
          description: 'On /profile.',
          on: {
            goHome: { target: 'home' },
            requestExport: {
              target: 'profileExportReady',
              description:
                '«Мои данные»: the copy is built by a background job; the card follows it to «Скачать ZIP».',
            },
            closeAccount: {
              target: '#journey.signedOut.loginClosed',
              description:
                'The password and both acknowledgements (the balance, the orders in progress): closed at once, signed out.',
            },
            switchNotificationsOff: {
              target: 'profileNotificationsOff',
              description:
                '«Уведомления»: the SMS of «work ready» and the e-mail of chat messages switched off and saved.',
            },
            turnOnTwoFactor: {
              target: 'profileTwoFactorOn',
              description:
                'Двухфакторная защита: the QR code and the secret, one code, the recovery codes saved.',
            },
          },
        },
        profileNotificationsOff: {
          description:
            'On /profile, reloaded: those two switches off, the other channels and the newsletter as they were.',
          on: {
            switchNotificationsOn: {
              target: 'profile',
              description: 'Both switched on again and saved; a reload shows them on.',
            },
            goHome: { target: 'home' },
          },
        },
        profileExportReady: {
          description: 'On /profile: the copy of the data is ready to download for 24 hours.',
          on: { goHome: { target: 'home' } },
        },
        profileTwoFactorOn: {
          description: 'On /profile with two-factor on.',
          on: { signOut: { target: '#journey.signedOut.loginTwoFactor' } },
        },
        paymentResult: { description: 'On /payment?status=success.', on: { goHome: { target: 'home' } } },
        notFound: { description: 'On /404.', on: { goHome: { target: 'home' } } },
        tooMany: { description: 'On /429.', on: { goHome: { target: 'home' } } },
        serverSilent: {
          description: 'On /home/archive, the list says "Сервер не отвечает" and offers a retry.',
          on: { serverBack: { target: 'archive' } },
        },
        sessionFailed: {
          description: '/404?reason=session, the refresh cookie still valid.',
          on: { retry: { target: 'home' } },
        },
      },
    },
  },
});
