// The chat of one order (/order/{id}/chat, the order's default child): the chat machine with the real API, fed by
// the app's socket (new messages, read marks, resumes after reconnects), the virtualized list and the composer.
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { chatMachine } from '../../../machines/chat/chat.machine';
import {
  selectError,
  selectHasOlder,
  selectIsEmpty,
  selectIsFailed,
  selectIsLoading,
  selectIsLoadingOlder,
  selectMessages,
  selectNewestId,
  selectOlderError,
  selectPending,
  selectIsOffline,
} from '../../../machines/chat/chat.selectors';
import type { ChatMessage, UploadedFile } from '../../../contract/orders.api';
import { useRealtimeConnection, useRealtimeEvents } from '../../actors/realtime';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { EmptyState, LoadingRegion, Skeleton, VisuallyHidden } from '../../ui/primitives';
import * as api from './api';
import * as s from './chat.css';
import { visuallyHidden } from '../../ui/primitives.css';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { buildRows } from './rows';
import { t } from './strings';
import { useAttachments } from './use-attachments';
import { outboxStorage } from './outbox-storage';
import { useUser } from '../../actors/hooks';
import { useBrowserOffline } from '../../actors/connectivity';

const chatLogic = chatMachine.provide({
  actors: {
    loadHistory: fromPromise(({ input, signal }) => api.fetchLatest(input.orderId, signal)),
    fetchNewer: fromPromise(({ input, signal }) => api.fetchNewer(input.orderId, input.after, signal)),
    loadOlder: fromPromise(({ input, signal }) => api.fetchOlder(input.orderId, input.before, signal)),
    sendMessage: fromPromise(({ input }) =>
      api.sendMessage(input.orderId, {
        text: input.text,
        client_id: input.clientId,
        ...(input.fileIds.length ? { file_ids: input.fileIds } : {}),
      }),
    ),
    markRead: fromPromise(({ input }) => api.markRead(input.orderId, input.upToId)),
  },
});

function useDocumentVisible(): boolean {
  // No document on the server (src/first-screen-ssr.tsx paints the chat): visible, as a page being read is.
  const [visible, setVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState === 'visible',
  );
  useEffect(() => {
    const on = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

export function ChatPanel({ orderId }: { orderId: number }) {
  // The outbox is kept per customer and order: a message written offline survives a reload (docs/features.md
  // "Offline"). The chat's machine reads it once, when it is made, so it is made once the customer is known (the
  // cabinet's guard lets no one in before, but a render that came first would have started a chat without its
  // outbox, and its waiting messages would not show).
  const customerId = useUser()?.id;
  if (customerId === undefined)
    return (
      <section className={s.panel} aria-busy="true">
        <ChatSkeleton />
      </section>
    );
  return <CustomerChat key={customerId} orderId={orderId} customerId={customerId} />;
}

function CustomerChat({ orderId, customerId }: { orderId: number; customerId: number }) {
  const browserOffline = useBrowserOffline();
  const chat = useActorRef(chatLogic, {
    input: { orderId, online: !browserOffline, storage: outboxStorage(customerId, orderId) },
  });
  const waitingForConnection = useSelector(chat, selectIsOffline);
  const messages = useSelector(chat, selectMessages);
  const pending = useSelector(chat, selectPending);
  const loading = useSelector(chat, selectIsLoading);
  const failed = useSelector(chat, selectIsFailed);
  const error = useSelector(chat, selectError);
  const empty = useSelector(chat, selectIsEmpty);
  const hasOlder = useSelector(chat, selectHasOlder);
  const loadingOlder = useSelector(chat, selectIsLoadingOlder);
  const olderError = useSelector(chat, selectOlderError);
  const newestId = useSelector(chat, selectNewestId);
  const connection = useRealtimeConnection();
  const visible = useDocumentVisible();
  const attachments = useAttachments();
  const [atBottom, setAtBottom] = useState(true);
  const [dragging, setDragging] = useState(false);
  const [announcements, setAnnouncements] = useState<string[]>([]);

  // Screen readers hear the writer's and the manager's new messages once (the list itself is not live: rows
  // that scroll into the virtual window would be read out too).
  const announced = useRef(new Set<number>());
  const announce = (m: ChatMessage) => {
    if (announced.current.has(m.id)) return;
    announced.current.add(m.id);
    setAnnouncements((list) => [
      ...list.slice(-2),
      t.announce(t.authors[m.author], m.text || t.fileCount(m.files.length)),
    ]);
  };

  useRealtimeEvents((notice) => {
    if (notice.type === 'realtime.resumed') chat.send({ type: 'chat.resumed' });
    else if (notice.type === 'chat.message' && notice.orderId === orderId) {
      chat.send({ type: 'chat.incoming', message: notice.message, partial: notice.partial === true });
      if (notice.message.author !== 'customer' && !notice.partial) announce(notice.message);
    } else if (notice.type === 'chat.read' && notice.orderId === orderId) {
      chat.send({ type: 'chat.readElsewhere', upToId: notice.upToId });
    }
  });

  // Back online: what waits in the outbox goes at once (the socket's resume follows, and is harmless). Offline:
  // nothing new is tried.
  useEffect(() => {
    chat.send({ type: browserOffline ? 'chat.offline' : 'chat.online' });
  }, [chat, browserOffline]);

  // The newest message is in view and the tab is visible: the customer has seen it.
  useEffect(() => {
    if (atBottom && visible && newestId > 0) chat.send({ type: 'chat.seen', upToId: newestId });
  }, [atBottom, visible, newestId, chat]);

  const rows = useMemo(() => buildRows(messages, pending, hasOlder), [messages, pending, hasOlder]);
  const onBottomChange = useCallback((v: boolean) => setAtBottom(v), []);
  const onLoadOlder = useCallback(() => chat.send({ type: 'chat.loadOlder' }), [chat]);
  const onResend = useCallback((clientId: string) => chat.send({ type: 'chat.resend', clientId }), [chat]);
  const onDiscard = useCallback((clientId: string) => chat.send({ type: 'chat.discard', clientId }), [chat]);
  const onSend = (text: string, files: UploadedFile[]) =>
    chat.send({
      type: 'chat.send',
      clientId: crypto.randomUUID(),
      text,
      files,
      createdAt: new Date().toISOString(),
    });

  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const dropHandlers = {
    onDragEnter: (e: DragEvent) => {
      if (!hasFiles(e) || loading || failed) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!hasFiles(e) || loading || failed) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      if (!loading && !failed) attachments.add([...e.dataTransfer.files]);
    },
  };

  return (
    <section className={s.panel} aria-labelledby={`chat-title-${orderId}`} {...dropHandlers}>
      <VisuallyHidden id={`chat-title-${orderId}`}>{t.title}</VisuallyHidden>
      {waitingForConnection ? (
        <div className={s.banner} role="status">
          <Icon name="clock" size={16} />
          {t.offlineOutbox}
        </div>
      ) : (
        connection === 'waiting' && (
          <div className={s.banner} role="status">
            <Icon name="refresh" size={16} />
            {t.reconnecting}
          </div>
        )
      )}
      {loading ? (
        <ChatSkeleton />
      ) : failed ? (
        <div className={s.listWrap} data-testid="chat-list">
          <div className={s.center}>
            <EmptyState
              icon="alertCircle"
              tone="danger"
              title={t.loadError}
              actions={
                <Button
                  onClick={() => chat.send({ type: 'chat.retry' })}
                  iconStart={<Icon name="refresh" size={16} />}
                >
                  {t.retry}
                </Button>
              }
            >
              {error?.message}
            </EmptyState>
          </div>
        </div>
      ) : empty ? (
        <div className={s.listWrap} data-testid="chat-list">
          <div className={s.center}>
            <EmptyState icon="mail" title={t.emptyTitle}>
              {t.emptyText}
            </EmptyState>
          </div>
        </div>
      ) : (
        <MessageList
          rows={rows}
          busy={false}
          hasOlder={hasOlder}
          loadingOlder={loadingOlder}
          olderError={olderError}
          onLoadOlder={onLoadOlder}
          onBottomChange={onBottomChange}
          onResend={onResend}
          onDiscard={onDiscard}
        />
      )}
      <div role="log" aria-live="polite" aria-label={t.announcerLabel} className={visuallyHidden}>
        {announcements.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </div>
      <Composer disabled={loading || failed} attachments={attachments} onSend={onSend} />
      {dragging && (
        <div className={s.dropOverlay} aria-hidden="true">
          {t.dropHere}
        </div>
      )}
    </section>
  );
}

function ChatSkeleton() {
  const sides = ['other', 'own', 'other', 'other', 'own'] as const;
  return (
    <div className={s.listWrap}>
      <div className={s.scroller} data-testid="chat-list" aria-busy="true">
        <LoadingRegion label={t.loading}>
          <div className={s.skeletonList}>
            {sides.map((side, i) => (
              <div key={i} className={s.skeletonRow[side]}>
                <Skeleton height={i % 2 ? 44 : 64} radius={12} />
              </div>
            ))}
          </div>
        </LoadingRegion>
      </div>
    </div>
  );
}
