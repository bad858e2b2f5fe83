import { assign, fromPromise, setup } from 'xstate';
import type {
  PopupPage,
  ProfilePopupContext,
  ProfilePopupEvent,
  ProfilePopupInput,
} from './profile-popup.types';

/**
 * The "complete your profile" invitation (spec point 3, Profile popup: is_need_show). Asked once per visit; shown
 * when the server says so and the page is not a quiet one; dismissed through PATCH (then not shown again, also
 * after a reload); a navigation while it is open closes it for this visit only.
 */
export const profilePopupMachine = setup({
  types: {
    context: {} as ProfilePopupContext,
    events: {} as ProfilePopupEvent,
    input: {} as ProfilePopupInput,
  },
  actors: {
    /** GET /client/api/profile/profile-popup/ → is_need_show. */
    checkPopup: fromPromise<boolean, void>(async () => false),
    /** PATCH /api/client/profile/popup/ */
    dismissPopup: fromPromise<void, void>(async () => {}),
  },
  actions: {
    assignPage: assign((_, page: PopupPage) => ({ page })),
    /** Opens /profile; provided by the component (router). */
    openProfile: () => {},
  },
  guards: {
    needShow: (_, needShow: boolean) => needShow,
    quietPage: ({ context }) => context.page.quiet,
    pageChanged: ({ context }, page: PopupPage) => page.path !== context.page.path,
  },
}).createMachine({
  id: 'profilePopup',
  context: ({ input }) => ({ page: input.page }),
  initial: 'checking',
  on: {
    'popup.page': { actions: { type: 'assignPage', params: ({ event }) => event } },
  },
  states: {
    checking: {
      description:
        'Asks the server whether the invitation is due; one that did not load is simply not shown.',
      invoke: {
        id: 'checkPopup',
        src: 'checkPopup',
        onDone: [
          { guard: { type: 'needShow', params: ({ event }) => event.output }, target: 'due' },
          { target: 'closed' },
        ],
        onError: { target: 'closed' },
      },
    },
    due: {
      always: [{ guard: 'quietPage', target: 'waiting' }, { target: 'open' }],
    },
    waiting: {
      description:
        'Due, but the page is a quiet one (the profile itself, the e-mail change, the order form).',
      on: {
        'popup.page': { target: 'due', actions: { type: 'assignPage', params: ({ event }) => event } },
      },
    },
    open: {
      description: 'The dialog is shown.',
      on: {
        'popup.later': { target: 'dismissing' },
        'popup.fill': { target: 'dismissing', actions: 'openProfile' },
        'popup.page': {
          guard: { type: 'pageChanged', params: ({ event }) => event },
          target: 'closed',
          actions: { type: 'assignPage', params: ({ event }) => event },
        },
      },
    },
    dismissing: {
      description:
        'Tells the server; the dialog is already gone, and a failed PATCH only means it may come back.',
      invoke: { id: 'dismissPopup', src: 'dismissPopup', onDone: 'closed', onError: 'closed' },
    },
    closed: {
      description: 'Not shown again during this visit.',
    },
  },
});
