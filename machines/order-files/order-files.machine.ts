import { assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import type {
  OrderFilesContext,
  OrderFilesEmitted,
  OrderFilesEvent,
  UploadItem,
  UploadRequest,
} from './order-files.types';

const update = (items: UploadItem[], key: string, patch: Partial<UploadItem>) =>
  items.map((i) => (i.key === key ? { ...i, ...patch } : i));

const current = (context: OrderFilesContext) => context.items.find((i) => i.status === 'uploading');

export const orderFilesMachine = setup({
  types: {
    context: {} as OrderFilesContext,
    events: {} as OrderFilesEvent,
    emitted: {} as OrderFilesEmitted,
  },
  actors: {
    /**
     * Sends one file (multipart) and reports back upload.progress, then upload.succeeded or upload.failed;
     * stopping it aborts the request. Provided in the feature (XMLHttpRequest: fetch has no upload progress).
     */
    uploadFile: fromCallback<OrderFilesEvent, UploadRequest>(({ sendBack, input }) => {
      sendBack({
        type: 'upload.failed',
        key: input.key,
        error: 'orderFiles: actor "uploadFile" is not provided',
      });
    }),
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'upload.add');
      // Finished rows make room for the new batch; refused ones stay until retried or removed.
      const kept = context.items.filter((i) => i.status !== 'done');
      const added = event.files.map((f, n): UploadItem => ({
        key: `u${context.seq + n + 1}`,
        name: f.name,
        size: f.file.size,
        loaded: 0,
        status: 'queued',
        error: null,
        result: null,
        file: f.file,
      }));
      return { items: [...kept, ...added], seq: context.seq + added.length };
    }),
    startNext: assign(({ context }) => {
      const next = context.items.find((i) => i.status === 'queued');
      return next
        ? { items: update(context.items, next.key, { status: 'uploading', loaded: 0, error: null }) }
        : {};
    }),
    assignProgress: assign(({ context }, p: { key: string; loaded: number }) => ({
      items: update(context.items, p.key, { loaded: p.loaded }),
    })),
    markDone: assign(({ context }, p: { key: string; result: unknown }) => {
      const item = context.items.find((i) => i.key === p.key);
      return {
        items: update(context.items, p.key, {
          status: 'done',
          loaded: item?.size ?? 0,
          result: p.result,
          file: null,
        }),
      };
    }),
    markFailed: assign(({ context }, p: { key: string; error: string }) => ({
      items: update(context.items, p.key, { status: 'failed', error: p.error }),
    })),
    requeue: assign(({ context }, key: string) => ({
      items: update(context.items, key, { status: 'queued', loaded: 0, error: null }),
    })),
    removeItem: assign(({ context }, key: string) => ({ items: context.items.filter((i) => i.key !== key) })),
    emitUploaded: emit((_, p: { key: string; result: unknown }) => ({
      type: 'upload.uploaded' as const,
      ...p,
    })),
  },
  guards: {
    hasQueued: ({ context }) => context.items.some((i) => i.status === 'queued'),
    isFailed: ({ context }, key: string) => context.items.some((i) => i.key === key && i.status === 'failed'),
    isSettled: ({ context }, key: string) =>
      context.items.some((i) => i.key === key && (i.status === 'failed' || i.status === 'done')),
    isCurrent: ({ context }, key: string) => current(context)?.key === key,
  },
}).createMachine({
  id: 'orderFiles',
  context: { items: [], seq: 0 },
  initial: 'idle',
  on: {
    'upload.add': { actions: 'enqueue' },
    'upload.retry': {
      guard: { type: 'isFailed', params: ({ event }) => event.key },
      actions: { type: 'requeue', params: ({ event }) => event.key },
    },
    'upload.remove': {
      guard: { type: 'isSettled', params: ({ event }) => event.key },
      actions: { type: 'removeItem', params: ({ event }) => event.key },
    },
  },
  states: {
    idle: {
      always: { guard: 'hasQueued', target: 'uploading' },
    },
    uploading: {
      tags: ['busy'],
      description: 'One file at a time, so each shows its own progress and a refusal names its file.',
      entry: 'startNext',
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => {
          const item = current(context)!;
          return { key: item.key, name: item.name, file: item.file ?? new Blob() };
        },
      },
      on: {
        'upload.progress': {
          guard: { type: 'isCurrent', params: ({ event }) => event.key },
          actions: { type: 'assignProgress', params: ({ event }) => event },
        },
        'upload.succeeded': {
          guard: { type: 'isCurrent', params: ({ event }) => event.key },
          target: 'idle',
          actions: [
            { type: 'markDone', params: ({ event }) => event },
            { type: 'emitUploaded', params: ({ event }) => ({ key: event.key, result: event.result }) },
          ],
        },
        'upload.failed': {
          guard: { type: 'isCurrent', params: ({ event }) => event.key },
          target: 'idle',
          actions: { type: 'markFailed', params: ({ event }) => event },
        },
      },
    },
  },
});
