import { assign, setup } from 'xstate';
import {
  DIALOG_DEFAULTS,
  type Dialog,
  type DialogOpenRequest,
  type DialogsContext,
  type DialogsEvent,
} from './dialogs.types';

function toDialog(request: DialogOpenRequest, fallbackId: string): Dialog {
  const dialog: Dialog = {
    id: request.id ?? fallbackId,
    text: request.text,
    kind: request.kind ?? DIALOG_DEFAULTS.kind,
    size: request.size ?? DIALOG_DEFAULTS.size,
    position: request.position ?? DIALOG_DEFAULTS.position,
    closable: request.closable ?? DIALOG_DEFAULTS.closable,
    closeOnBackdrop: request.closeOnBackdrop ?? DIALOG_DEFAULTS.closeOnBackdrop,
  };
  if (request.title !== undefined) dialog.title = request.title;
  return dialog;
}

export const dialogsMachine = setup({
  types: {
    context: {} as DialogsContext,
    events: {} as DialogsEvent,
  },
  actions: {
    pushDialog: assign(({ context }, request: DialogOpenRequest) => {
      const dialog = toDialog(request, `dialog-${context.seq + 1}`);
      return {
        seq: context.seq + 1,
        stack: [...context.stack.filter((d) => d.id !== dialog.id), dialog],
      };
    }),
    removeDialog: assign(({ context }, id: string) => ({ stack: context.stack.filter((d) => d.id !== id) })),
    clearStack: assign({ stack: [] }),
  },
  guards: {
    isOnlyOpenDialog: ({ context }, id: string) => context.stack.length === 1 && context.stack[0]?.id === id,
  },
}).createMachine({
  id: 'dialogs',
  context: { stack: [], seq: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'dialogs.open': { target: 'open', actions: { type: 'pushDialog', params: ({ event }) => event } },
      },
    },
    open: {
      description: 'At least one dialog is shown; the top of the stack has the focus.',
      on: {
        'dialogs.open': { actions: { type: 'pushDialog', params: ({ event }) => event } },
        'dialogs.close': [
          {
            guard: { type: 'isOnlyOpenDialog', params: ({ event }) => event.id },
            target: 'closed',
            actions: 'clearStack',
          },
          { actions: { type: 'removeDialog', params: ({ event }) => event.id } },
        ],
        'dialogs.closeAll': {
          target: 'closed',
          description: 'After each navigation (spec point 2) and on Escape-all.',
          actions: 'clearStack',
        },
      },
    },
  },
});
