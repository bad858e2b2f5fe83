// The message list, virtualized (@tanstack/react-virtual): only the rows in view (plus a few) are in the DOM, so an
// order with thousands of messages stays light. It opens at the newest message, stays pinned to the bottom while
// the customer is there, and otherwise counts new messages in a pill. Scrolling to the top loads older pages.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PendingMessage } from '../../../machines/chat/chat.types';
import type { ApiErrorInfo } from '../../../machines/shared/error-info';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/primitives';
import * as s from './chat.css';
import { MessageItem, PendingItem } from './message-item';
import type { Row } from './rows';
import { t } from './strings';

/** Closer than this to the bottom counts as "at the bottom". */
const BOTTOM_SLACK = 48;
/** Closer than this to the top loads older messages. */
const TOP_SLACK = 300;

function estimate(row: Row | undefined): number {
  if (!row) return 80;
  if (row.kind === 'day') return 44;
  if (row.kind === 'older') return 48;
  const text = row.kind === 'message' ? row.message.text : row.pending.text;
  const files = row.kind === 'message' ? row.message.files.length : row.pending.files.length;
  return 72 + Math.floor(text.length / 60) * 22 + files * 36;
}

export interface MessageListProps {
  rows: Row[];
  busy: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: ApiErrorInfo | null;
  onLoadOlder: () => void;
  /** The newest message is in view (the caller also checks that the tab is visible). */
  onBottomChange: (atBottom: boolean) => void;
  onResend: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

export function MessageList({
  rows,
  busy,
  hasOlder,
  loadingOlder,
  olderError,
  onLoadOlder,
  onBottomChange,
  onResend,
  onDiscard,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(rows[i]),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
    // The window's height stands in for the scroller's until the scroller is measured, so the list's first render
    // draws its rows; with no size the first render drew none and the rows came in a second render after the
    // measure (one more pass in the click that opens the chat).
    initialRect: { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight },
  });

  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el || rows.length === 0) return;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // Rows measured after the jump may grow the list: settle at the very end on the next frames.
    let frames = 0;
    const settle = () => {
      el.scrollTop = el.scrollHeight;
      if (++frames < 3) requestAnimationFrame(settle);
    };
    requestAnimationFrame(settle);
  }, [rows.length, virtualizer]);

  // New rows at the end: follow them when at the bottom (or when the customer sent them), else count them.
  // Older rows at the start: keep the first message that was there where it was on screen.
  const lastKey = rows.at(-1)?.key;
  const lastKind = rows.at(-1)?.kind;
  const anchorIndex = rows.findIndex((r) => r.kind === 'message' || r.kind === 'pending');
  const anchorKey = anchorIndex === -1 ? undefined : rows[anchorIndex]!.key;
  const prev = useRef<{ lastKey?: string | undefined; anchorKey?: string | undefined; anchorStart: number }>({
    anchorStart: 0,
  });
  useLayoutEffect(() => {
    const before = prev.current;
    const measurements = virtualizer.measurementsCache;
    prev.current = { lastKey, anchorKey, anchorStart: measurements[anchorIndex]?.start ?? 0 };
    const el = scrollRef.current;
    if (!el) return;
    if (anchorKey && before.anchorKey && anchorKey !== before.anchorKey) {
      const index = rows.findIndex((r) => r.key === before.anchorKey);
      const start = measurements[index]?.start;
      if (start !== undefined && start > before.anchorStart) el.scrollTop += start - before.anchorStart;
    }
    if (!lastKey || lastKey === before.lastKey) return;
    if (before.lastKey === undefined || atBottom.current || lastKind === 'pending') {
      scrollToBottom();
      setUnseen(0);
    } else {
      setUnseen((n) => n + 1);
    }
    // Only key changes matter here; rows and measurements are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastKey, anchorKey]);

  // The list or its content changed size (rows measured, the composer grew): stay at the bottom if there.
  useEffect(() => {
    const el = scrollRef.current;
    const content = el?.firstElementChild;
    if (!el || !content) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    if (bottom !== atBottom.current) {
      atBottom.current = bottom;
      onBottomChange(bottom);
    }
    if (bottom && unseen) setUnseen(0);
    if (el.scrollTop < TOP_SLACK && hasOlder && !loadingOlder && !olderError) onLoadOlder();
  };

  useEffect(() => {
    onBottomChange(atBottom.current);
  }, [onBottomChange]);

  const items = virtualizer.getVirtualItems();
  return (
    <div className={s.listWrap}>
      <div
        ref={scrollRef}
        className={s.scroller}
        data-testid="chat-list"
        role="region"
        aria-label={t.listLabel}
        aria-busy={busy || undefined}
        tabIndex={0}
        onScroll={onScroll}
      >
        <div className={s.rows} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            const edge = `${item.index === 0 ? s.firstRow : ''} ${item.index === rows.length - 1 ? s.lastRow : ''}`;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={`${s.row} ${edge}`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.kind === 'day' && (
                  <div className={s.day}>
                    <span className={s.dayLabel}>{row.label}</span>
                  </div>
                )}
                {row.kind === 'older' && (
                  <OlderRow loading={loadingOlder} error={olderError} onRetry={onLoadOlder} />
                )}
                {row.kind === 'message' && <MessageItem message={row.message} />}
                {row.kind === 'pending' && (
                  <PendingItem
                    pending={row.pending as PendingMessage}
                    onResend={onResend}
                    onDiscard={onDiscard}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {unseen > 0 && (
        <button
          type="button"
          className={s.pill}
          onClick={() => {
            setUnseen(0);
            scrollToBottom();
          }}
        >
          <Icon name="chevronDown" size={16} />
          {t.newMessages(unseen)}
        </button>
      )}
    </div>
  );
}

function OlderRow({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: ApiErrorInfo | null;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <div className={s.older}>
        <span>{t.olderError}</span>
        <button type="button" className={s.linkButton} onClick={onRetry}>
          {t.olderRetry}
        </button>
      </div>
    );
  }
  return <div className={s.older}>{loading ? <Spinner size={16} label={t.olderLoading} /> : null}</div>;
}
