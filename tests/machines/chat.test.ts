import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { chatMachine, outboxRetryDelay } from '../../machines/chat/chat.machine';
import {
  selectError,
  selectHasOlder,
  selectIsEmpty,
  selectIsFailed,
  selectIsLoading,
  selectIsLoadingOlder,
  selectMessages,
  selectNewestId,
  selectPending,
  selectUnread,
} from '../../machines/chat/chat.selectors';
import type {
  ChatEvent,
  ChatMessage,
  ChatPage,
  OutboxStorage,
  PendingMessage,
} from '../../machines/chat/chat.types';
import { describeModel } from './coverage';
import { never } from './never';

const ORDER = 7;
let seq = 0;
function msg(id: number, author: ChatMessage['author'], extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    order_id: ORDER,
    author,
    author_name: author === 'customer' ? 'Анна' : 'Автор работы',
    text: `Сообщение ${id} (${++seq})`,
    files: [],
    created_at: '2026-03-01T10:00:00.000Z',
    read_at: null,
    client_id: null,
    ...extra,
  };
}
const page = (results: ChatMessage[], has_more = false): ChatPage => ({ results, has_more, unread: 0 });

const history = page([msg(10, 'writer'), msg(11, 'customer')], true);
const older = page([msg(5, 'manager', { read_at: '2026-02-01T00:00:00.000Z' })], false);
const echo = msg(12, 'customer', { client_id: 'c1', text: 'Привет' });
const staffReply = msg(13, 'manager');
const newer = page([msg(14, 'writer')]);
const apiError = { status: 500, message: 'Ошибка сервера' };
/** The server refused a message: it fails, 'Повторить' is offered. */
const refused = { status: 400, message: 'Сообщение не принято' };
/** No answer (offline, the server unreachable): the message waits for the connection. */
const noAnswer = { message: 'Сервер не отвечает' };
/** The server answered 503 (its database or file store is gone, or it sheds load): the message waits too. */
const unavailable = { status: 503, message: 'Сервис ненадолго недоступен', retryAfter: 2 };

const model = chatMachine.provide({
  actors: {
    loadHistory: never(),
    fetchNewer: never(),
    loadOlder: never(),
    sendMessage: never(),
    markRead: never(),
  },
});
type Snap = SnapshotFrom<typeof model>;
const input = { orderId: ORDER };
// The three regions would multiply into a huge product; each region gets its own model (the events that drive
// it, plus the ones that cross into it), and one coverage record spans the three.
const historyEvents = [
  { type: 'xstate.done.actor.loadHistory', output: history },
  { type: 'xstate.error.actor.loadHistory', error: apiError },
  { type: 'chat.retry' },
  { type: 'chat.incoming', message: staffReply },
  { type: 'chat.incoming', message: { ...staffReply, id: 15, text: '' }, partial: true },
  { type: 'chat.resumed' },
  { type: 'xstate.done.actor.fetchNewer', output: newer },
  { type: 'xstate.error.actor.fetchNewer', error: apiError },
  { type: 'xstate.after.catchUpRetryDelay.chat.history.ready.catchUpFailed' },
  { type: 'chat.loadOlder' },
  { type: 'xstate.done.actor.loadOlder', output: older },
  { type: 'xstate.error.actor.loadOlder', error: apiError },
] as ChatEvent[];
const outboxEvents = [
  { type: 'xstate.done.actor.loadHistory', output: page([echo]) },
  { type: 'chat.send', clientId: 'c1', text: 'Привет', files: [], createdAt: '2026-03-01T10:05:00.000Z' },
  { type: 'chat.send', clientId: 'c2', text: '   ', files: [], createdAt: '2026-03-01T10:05:00.000Z' },
  { type: 'xstate.done.actor.sendMessage', output: echo },
  { type: 'xstate.error.actor.sendMessage', error: refused },
  { type: 'xstate.error.actor.sendMessage', error: noAnswer },
  { type: 'xstate.error.actor.sendMessage', error: unavailable },
  { type: 'xstate.after.outboxRetryDelay.chat.outbox.offline' },
  { type: 'chat.online' },
  { type: 'chat.offline' },
  { type: 'chat.resumed' },
  { type: 'chat.resend', clientId: 'c1' },
  { type: 'chat.discard', clientId: 'c1' },
  { type: 'chat.incoming', message: echo },
] as ChatEvent[];
const readEvents = [
  { type: 'xstate.done.actor.loadHistory', output: history },
  { type: 'chat.incoming', message: staffReply },
  { type: 'chat.seen', upToId: 13 },
  { type: 'xstate.done.actor.markRead', output: { unread: 0 } },
  { type: 'xstate.error.actor.markRead', error: apiError },
  { type: 'chat.readElsewhere', upToId: 13 },
] as ChatEvent[];
const serializeState = (s: Snap) =>
  JSON.stringify({
    v: s.value,
    ids: s.context.messages.map((m) => `${m.id}${m.read_at ? 'r' : ''}`).join(','),
    pending: s.context.pending.map((p) => `${p.clientId}:${p.status}`).join(','),
    seen: s.context.seenUpTo,
    older: s.context.hasOlder,
    online: s.context.online,
  });

describeModel(model, {
  name: 'chat machine (model-based)',
  eventSets: [historyEvents, outboxEvents, readEvents],
  serializeState,
  input,
  pathCount: { moreThan: 50, fewerThan: 3000 },
  invariants: (final, path) => {
    const messages = selectMessages(final);
    const ids = messages.map((m) => m.id);
    // Never a duplicate, always ascending.
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // An own message is either pending or confirmed, never both.
    const pending = selectPending(final);
    for (const p of pending) expect(messages.some((m) => m.client_id === p.clientId)).toBe(false);
    expect(pending.filter((p) => p.clientId === 'c1').length).toBeLessThanOrEqual(1);
    expect(pending.some((p) => p.clientId === 'c2')).toBe(false); // blank: never queued
    expect(selectNewestId(final)).toBe(ids.at(-1) ?? 0);

    expect(selectIsLoading(final)).toBe(final.matches({ history: 'loading' }));
    if (selectIsFailed(final)) expect(selectError(final)).toEqual(apiError);
    if (final.matches({ history: 'ready' })) expect(selectError(final)).toBeNull();
    expect(selectIsLoadingOlder(final)).toBe(final.matches({ history: { ready: 'loadingOlder' } }));
    if (final.matches({ outbox: 'sending' })) {
      // The POST is running; its message is pending, or already confirmed by the socket's echo.
      const id = final.context.sendingId;
      const sending = pending.some((p) => p.clientId === id && p.status === 'sending');
      expect(sending || messages.some((m) => m.client_id === id)).toBe(true);
    }
    if (final.matches({ outbox: 'idle' }))
      expect(pending.some((p) => p.status === 'queued' || p.status === 'sending')).toBe(false);
    if (pending.some((p) => p.status === 'failed')) {
      expect(pending.find((p) => p.status === 'failed')!.error).toEqual(refused);
    }
    // Without an answer nothing fails: the message waits (queued, not sending) until the connection is back.
    // The browser says offline: nothing waits in idle, so nothing new starts until it is back.
    if (!final.context.online && final.matches({ outbox: 'idle' }))
      expect(pending.some((p) => p.status === 'queued')).toBe(false);
    if (final.matches({ outbox: 'offline' })) {
      expect(pending.some((p) => p.status === 'sending')).toBe(false);
      expect(final.hasTag('offline')).toBe(true);
    }
    const lastEvent = path.events.at(-1)!;
    const lastError = (lastEvent as { error?: unknown }).error;
    if (
      lastEvent.type === 'xstate.error.actor.sendMessage' &&
      (lastError === noAnswer || lastError === unavailable)
    ) {
      expect(final.matches({ outbox: 'offline' })).toBe(true);
      expect(pending.some((p) => p.status === 'failed')).toBe(false);
    }
    if (ids.includes(5)) expect(selectHasOlder(final)).toBe(false);
    expect(selectIsEmpty(final)).toBe(
      final.matches({ history: 'ready' }) && ids.length === 0 && pending.length === 0,
    );
    // Read marks: once read/ succeeded, everything up to what was seen is read.
    const last = path.events.at(-1)!;
    if (last.type === 'xstate.done.actor.markRead') {
      expect(
        messages.filter((m) => m.author !== 'customer' && m.id <= final.context.readingUpTo && !m.read_at),
      ).toEqual([]);
    }
  },
});

/** IO actors the test settles by hand. */
function controlled<TOut, TIn>() {
  const calls: { input: TIn; resolve: (v: TOut) => void; reject: (e: unknown) => void }[] = [];
  const logic = fromPromise<TOut, TIn>(
    ({ input }) => new Promise<TOut>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  return { logic, calls };
}

function startChat(now?: () => number, storage?: OutboxStorage, online?: boolean) {
  const io = {
    loadHistory: controlled<ChatPage, { orderId: number }>(),
    fetchNewer: controlled<ChatPage, { orderId: number; after: number }>(),
    loadOlder: controlled<ChatPage, { orderId: number; before: number }>(),
    sendMessage: controlled<
      ChatMessage,
      { orderId: number; clientId: string; text: string; fileIds: number[] }
    >(),
    markRead: controlled<{ unread: number }, { orderId: number; upToId: number }>(),
  };
  const actor = createActor(
    chatMachine.provide({
      actors: {
        loadHistory: io.loadHistory.logic,
        fetchNewer: io.fetchNewer.logic,
        loadOlder: io.loadOlder.logic,
        sendMessage: io.sendMessage.logic,
        markRead: io.markRead.logic,
      },
    }),
    {
      input: {
        orderId: ORDER,
        now,
        ...(storage ? { storage } : {}),
        ...(online === undefined ? {} : { online }),
      },
    },
  ).start();
  return { actor, io };
}
const flush = () => new Promise((r) => setTimeout(r, 0));
const send = (
  clientId: string,
  text = 'Текст',
  files: { id: number; name: string; size: number; mime: string }[] = [],
) => ({ type: 'chat.send', clientId, text, files, createdAt: '2026-03-01T10:05:00.000Z' }) as const;

describe('chat machine (IO)', () => {
  it('shows a sent message at once and replaces it by the echo that arrives before the POST answers', async () => {
    const { actor, io } = startChat();
    io.loadHistory.calls[0]!.resolve(history);
    await flush();
    actor.send(send('c1', 'Привет'));
    expect(selectPending(actor.getSnapshot())).toMatchObject([{ clientId: 'c1', status: 'sending' }]);
    expect(io.sendMessage.calls[0]!.input).toEqual({
      orderId: ORDER,
      clientId: 'c1',
      text: 'Привет',
      fileIds: [],
    });
    actor.send({ type: 'chat.incoming', message: echo }); // the socket was faster
    expect(selectPending(actor.getSnapshot())).toEqual([]);
    io.sendMessage.calls[0]!.resolve(echo);
    await flush();
    expect(selectMessages(actor.getSnapshot()).map((m) => m.id)).toEqual([10, 11, 12]);
  });

  it('sends one at a time in order, with the uploaded file ids', async () => {
    const { actor, io } = startChat();
    actor.send(send('a', 'первое'));
    actor.send(send('b', '', [{ id: 99, name: 'план.docx', size: 10, mime: 'x' }]));
    expect(io.sendMessage.calls).toHaveLength(1);
    io.sendMessage.calls[0]!.resolve(msg(20, 'customer', { client_id: 'a' }));
    await flush();
    expect(io.sendMessage.calls[1]!.input).toMatchObject({ clientId: 'b', fileIds: [99] });
  });

  it('marks a refused send and retries it with the same client_id', async () => {
    const { actor, io } = startChat();
    actor.send(send('c1'));
    io.sendMessage.calls[0]!.reject(refused);
    await flush();
    expect(selectPending(actor.getSnapshot())).toMatchObject([{ clientId: 'c1', status: 'failed' }]);
    actor.send({ type: 'chat.resend', clientId: 'c1' });
    expect(io.sendMessage.calls[1]!.input.clientId).toBe('c1');
    io.sendMessage.calls[1]!.resolve(echo);
    await flush();
    expect(selectPending(actor.getSnapshot())).toEqual([]);
    expect(selectMessages(actor.getSnapshot()).filter((m) => m.client_id === 'c1')).toHaveLength(1);
  });

  it('fetches what it missed after a reconnect, from the last known id', async () => {
    const { actor, io } = startChat();
    io.loadHistory.calls[0]!.resolve(history);
    await flush();
    actor.send({ type: 'chat.resumed' });
    expect(io.fetchNewer.calls[0]!.input).toEqual({ orderId: ORDER, after: 11 });
    io.fetchNewer.calls[0]!.resolve(newer);
    await flush();
    expect(selectNewestId(actor.getSnapshot())).toBe(14);
  });

  it('catches up from the newest message it read, not from the socket or the answer to its own post', async () => {
    const { actor, io } = startChat();
    io.loadHistory.calls[0]!.resolve(history);
    await flush();
    actor.send({ type: 'chat.incoming', message: staffReply }); // 13, over the socket
    // The socket is away; a manager writes 14, then the customer's post (written meanwhile) is taken as 15.
    actor.send(send('c2', 'после сбоя'));
    io.sendMessage.calls[0]!.resolve(msg(15, 'customer', { client_id: 'c2' }));
    await flush();
    actor.send({ type: 'chat.resumed' });
    expect(io.fetchNewer.calls[0]!.input).toEqual({ orderId: ORDER, after: 11 });
    io.fetchNewer.calls[0]!.resolve(
      page([staffReply, msg(14, 'manager'), msg(15, 'customer', { client_id: 'c2' })]),
    );
    await flush();
    expect(selectMessages(actor.getSnapshot()).map((m) => m.id)).toEqual([10, 11, 13, 14, 15]);
  });

  it('reads again a message whose event was lost while a newer one came over the socket', async () => {
    const { actor, io } = startChat();
    io.loadHistory.calls[0]!.resolve(history);
    await flush();
    // 12's event is lost with the connection; 13's came before the drop.
    actor.send({ type: 'chat.incoming', message: msg(13, 'writer') });
    actor.send({ type: 'chat.resumed' });
    expect(io.fetchNewer.calls[0]!.input).toEqual({ orderId: ORDER, after: 11 });
    io.fetchNewer.calls[0]!.resolve(page([msg(12, 'manager'), msg(13, 'writer')]));
    await flush();
    expect(selectMessages(actor.getSnapshot()).map((m) => m.id)).toEqual([10, 11, 12, 13]);
  });

  it('retries a failed catch-up later', async () => {
    vi.useFakeTimers();
    try {
      const { actor, io } = startChat();
      io.loadHistory.calls[0]!.resolve(history);
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'chat.resumed' });
      io.fetchNewer.calls[0]!.reject(apiError);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(io.fetchNewer.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(io.fetchNewer.calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks read up to the newest seen message once, and again for newer ones', async () => {
    const { actor, io } = startChat();
    io.loadHistory.calls[0]!.resolve(history);
    await flush();
    actor.send({ type: 'chat.seen', upToId: 11 });
    expect(io.markRead.calls[0]!.input).toEqual({ orderId: ORDER, upToId: 11 });
    actor.send({ type: 'chat.seen', upToId: 11 });
    io.markRead.calls[0]!.resolve({ unread: 0 });
    await flush();
    expect(selectUnread(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'chat.seen', upToId: 11 });
    expect(io.markRead.calls).toHaveLength(1); // nothing new to mark
    actor.send({ type: 'chat.incoming', message: staffReply });
    expect(selectUnread(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'chat.seen', upToId: 13 });
    expect(io.markRead.calls[1]!.input.upToId).toBe(13);
  });

  it("stamps the messages it marks read with the input's clock", async () => {
    const { actor, io } = startChat(() => Date.parse('2026-03-01T10:30:00.000Z'));
    io.loadHistory.calls[0]!.resolve(history);
    await flush();
    actor.send({ type: 'chat.seen', upToId: 11 });
    io.markRead.calls[0]!.resolve({ unread: 0 });
    await flush();
    const read = actor.getSnapshot().context.messages.find((m) => m.id === 10);
    expect(read?.read_at).toBe('2026-03-01T10:30:00.000Z');
  });

  it('loads older messages before the first one', async () => {
    const { actor, io } = startChat();
    io.loadHistory.calls[0]!.resolve(history);
    await flush();
    actor.send({ type: 'chat.loadOlder' });
    expect(io.loadOlder.calls[0]!.input).toEqual({ orderId: ORDER, before: 10 });
    io.loadOlder.calls[0]!.resolve(older);
    await flush();
    expect(selectMessages(actor.getSnapshot()).map((m) => m.id)).toEqual([5, 10, 11]);
    expect(selectHasOlder(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'chat.loadOlder' });
    expect(io.loadOlder.calls).toHaveLength(1);
  });
});

/** A storage like the feature's localStorage one: what was saved is what the next chat loads. */
function memoryStorage(initial: PendingMessage[] = []) {
  let kept = JSON.stringify(initial);
  const storage: OutboxStorage & { saved: () => PendingMessage[] } = {
    load: () => JSON.parse(kept) as PendingMessage[],
    save: (pending) => {
      kept = JSON.stringify(pending);
    },
    saved: () => JSON.parse(kept) as PendingMessage[],
  };
  return storage;
}

describe('chat outbox (offline)', () => {
  it('keeps messages written without a connection, waiting in order, and sends them once it is back', async () => {
    const storage = memoryStorage();
    const { actor, io } = startChat(undefined, storage);
    io.loadHistory.calls[0]!.resolve(history);
    await flush();
    actor.send(send('a', 'первое'));
    io.sendMessage.calls[0]!.reject(noAnswer);
    await flush();
    actor.send(send('b', 'второе'));
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(io.sendMessage.calls).toHaveLength(1); // nothing is tried while offline
    expect(selectPending(actor.getSnapshot()).map((p) => `${p.clientId}:${p.status}`)).toEqual([
      'a:queued',
      'b:queued',
    ]);
    expect(storage.saved().map((p) => p.clientId)).toEqual(['a', 'b']);

    actor.send({ type: 'chat.online' });
    expect(io.sendMessage.calls.map((c) => c.input.clientId)).toEqual(['a', 'a']);
    io.sendMessage.calls[1]!.resolve(msg(20, 'customer', { client_id: 'a' }));
    await flush();
    expect(io.sendMessage.calls[2]!.input.clientId).toBe('b');
    io.sendMessage.calls[2]!.resolve(msg(21, 'customer', { client_id: 'b' }));
    await flush();
    expect(selectPending(actor.getSnapshot())).toEqual([]);
    expect(storage.saved()).toEqual([]);
    expect(selectMessages(actor.getSnapshot()).map((m) => m.client_id)).toEqual([null, null, 'a', 'b']);
  });

  it('sends what a previous page left in the outbox first, the one it was sending included, with the same client_ids', async () => {
    const left: PendingMessage[] = [
      {
        clientId: 'x',
        text: 'с поезда',
        files: [],
        createdAt: '2026-03-01T10:00:00.000Z',
        status: 'sending',
        error: null,
      },
      {
        clientId: 'y',
        text: 'и ещё',
        files: [],
        createdAt: '2026-03-01T10:01:00.000Z',
        status: 'queued',
        error: null,
      },
    ];
    const { actor, io } = startChat(undefined, memoryStorage(left));
    expect(io.sendMessage.calls.map((c) => c.input.clientId)).toEqual(['x']);
    expect(selectPending(actor.getSnapshot()).map((p) => `${p.clientId}:${p.status}`)).toEqual([
      'x:sending',
      'y:queued',
    ]);
    // The history already holds x (its POST got through before the reload): it is not shown twice.
    io.loadHistory.calls[0]!.resolve(page([msg(30, 'customer', { client_id: 'x' })]));
    await flush();
    expect(selectPending(actor.getSnapshot()).map((p) => p.clientId)).toEqual(['y']);
  });

  it('a page opened offline does not try what the outbox holds, nor what is written, until the browser is online', async () => {
    const left: PendingMessage[] = [
      {
        clientId: 'x',
        text: 'с поезда',
        files: [],
        createdAt: '2026-03-01T10:00:00.000Z',
        status: 'queued',
        error: null,
      },
    ];
    const { actor, io } = startChat(undefined, memoryStorage(left), false);
    actor.send(send('y', 'и ещё'));
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(io.sendMessage.calls).toHaveLength(0);
    actor.send({ type: 'chat.resumed' }); // a socket cannot resume without a network: still nothing is tried
    expect(io.sendMessage.calls).toHaveLength(0);

    actor.send({ type: 'chat.online' });
    expect(io.sendMessage.calls.map((c) => c.input.clientId)).toEqual(['x']);
    // Offline again while x is under way: x ends on its own, y waits.
    actor.send({ type: 'chat.offline' });
    io.sendMessage.calls[0]!.resolve(msg(40, 'customer', { client_id: 'x' }));
    await flush();
    expect(io.sendMessage.calls).toHaveLength(1);
    expect(selectPending(actor.getSnapshot()).map((p) => `${p.clientId}:${p.status}`)).toEqual(['y:queued']);
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
  });

  it('waits again after the resume when the connection drops once more, and survives a storage that throws', async () => {
    const broken: OutboxStorage = {
      load: () => {
        throw new Error('SecurityError');
      },
      save: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { actor, io } = startChat(undefined, broken);
    actor.send(send('a'));
    io.sendMessage.calls[0]!.reject(noAnswer);
    await flush();
    actor.send({ type: 'chat.resumed' });
    io.sendMessage.calls[1]!.reject({ status: 503, message: 'Сервис недоступен' });
    await flush();
    expect(actor.getSnapshot().matches({ outbox: 'offline' })).toBe(true);
    expect(selectPending(actor.getSnapshot())).toMatchObject([
      { clientId: 'a', status: 'queued', error: null },
    ]);
  });
});

describe('chat outbox (service unavailable)', () => {
  it('a message that got 503 while the socket stays open goes again after the Retry-After, once', async () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const { actor, io } = startChat(undefined, storage);
      io.loadHistory.calls[0]!.resolve(history);
      await vi.advanceTimersByTimeAsync(0);
      actor.send(send('a', 'во время сбоя'));
      io.sendMessage.calls[0]!.reject(unavailable);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().hasTag('offline')).toBe(true);
      expect(selectPending(actor.getSnapshot())).toMatchObject([{ clientId: 'a', status: 'queued' }]);
      expect(storage.saved().map((p) => p.clientId)).toEqual(['a']);

      // Retry-After: 2 → nothing before 2 s, one try at 2 s (no socket resume needed).
      await vi.advanceTimersByTimeAsync(1_999);
      expect(io.sendMessage.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(io.sendMessage.calls.map((c) => c.input.clientId)).toEqual(['a', 'a']);

      // Still 503 without a Retry-After: the backoff doubles (2 tries so far → 2 s).
      io.sendMessage.calls[1]!.reject({ status: 503, message: 'Сервис ненадолго недоступен' });
      await vi.advanceTimersByTimeAsync(1_999);
      expect(io.sendMessage.calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(io.sendMessage.calls).toHaveLength(3);

      io.sendMessage.calls[2]!.resolve(msg(20, 'customer', { client_id: 'a' }));
      await vi.advanceTimersByTimeAsync(0);
      expect(selectPending(actor.getSnapshot())).toEqual([]);
      expect(selectMessages(actor.getSnapshot()).filter((m) => m.client_id === 'a')).toHaveLength(1);
      expect(actor.getSnapshot().context.retryAttempt).toBe(0);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(io.sendMessage.calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not try on the timer while the browser says it is offline; "online" sends at once', async () => {
    vi.useFakeTimers();
    try {
      const { actor, io } = startChat();
      io.loadHistory.calls[0]!.resolve(history);
      await vi.advanceTimersByTimeAsync(0);
      actor.send(send('a'));
      io.sendMessage.calls[0]!.reject(unavailable);
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'chat.offline' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(io.sendMessage.calls).toHaveLength(1);
      expect(actor.getSnapshot().hasTag('offline')).toBe(true);
      actor.send({ type: 'chat.online' });
      expect(io.sendMessage.calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits 1 s doubling per try, at least the Retry-After, at most 30 s', () => {
    expect(outboxRetryDelay(1, null)).toBe(1_000);
    expect(outboxRetryDelay(2, null)).toBe(2_000);
    expect(outboxRetryDelay(4, null)).toBe(8_000);
    expect(outboxRetryDelay(1, 5)).toBe(5_000);
    expect(outboxRetryDelay(4, 5)).toBe(8_000);
    expect(outboxRetryDelay(10, null)).toBe(30_000);
    expect(outboxRetryDelay(1, 3600)).toBe(30_000);
  });
});
