import { useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import type { ChatMessage, OrderFile, UploadedFile } from '../../../contract/orders.api';
import type { PendingMessage } from '../../../machines/chat/chat.types';
import { useAction } from '../../actors/use-action';
import { Icon } from '../../ui/icon';
import { Spinner, VisuallyHidden } from '../../ui/primitives';
import { downloadFile, fetchPreview } from './api';
import * as s from './chat.css';
import { formatFileSize } from '../../lib/money';
import { timeLabel } from './format';
import { t } from './strings';
import { useAppActors } from '../../actors/app-actors';
import { canPreview, preloadViewer, usePreview } from '../../ui/preview/use-preview';
import { t as previewText } from '../../ui/preview/strings';
import { selectOrder } from '../../../machines/order-loader/order-loader.selectors';

function FileButton({
  orderId,
  file,
  siblings,
}: {
  orderId: number;
  file: OrderFile;
  siblings: OrderFile[];
}) {
  const download = useAction({ call: downloadFile });
  // The arrows walk the order's files when the open order has this one, else the message's.
  const orderFiles = useSelector(useAppActors().orderLoader, selectOrder)?.files;
  const files = orderFiles?.some((f) => f.id === file.id) ? orderFiles : siblings;
  const io = useMemo(
    () => ({
      load: (fileId: number, signal: AbortSignal) => fetchPreview(orderId, fileId, signal),
      download: (f: OrderFile) => downloadFile(orderId, f.id, f.name),
    }),
    [orderId],
  );
  const preview = usePreview(files, io);
  return (
    <li className={s.fileItem}>
      <button
        type="button"
        className={s.fileButton}
        onClick={() => download.run(orderId, file.id, file.name)}
        aria-label={t.download(file.name)}
      >
        {download.busy ? <Spinner size={16} /> : <Icon name="file" size={16} />}
        <span className={s.fileName}>{file.name}</span>
        <span className={s.fileSize}>{formatFileSize(file.size)}</span>
      </button>
      {canPreview(file) && (
        <button
          type="button"
          className={s.linkButton}
          aria-label={previewText.previewLabel(file.name)}
          onPointerEnter={preloadViewer}
          onFocus={preloadViewer}
          onClick={() => preview.open(file.id)}
        >
          {previewText.preview}
        </button>
      )}
      {download.error && (
        <span role="alert" className={s.statusFailed}>
          {' '}
          {t.downloadFailed}
        </span>
      )}
      {preview.element}
    </li>
  );
}

function PendingFile({ file }: { file: UploadedFile }) {
  return (
    <li>
      <span className={s.fileButton}>
        <Icon name="file" size={16} />
        <span className={s.fileName}>{file.name}</span>
        <span className={s.fileSize}>{formatFileSize(file.size)}</span>
      </span>
    </li>
  );
}

/** A confirmed message: the customer's own (right) or the writer's / manager's (left, "Новое" until read). */
export const MessageItem = memo(function MessageItem({ message }: { message: ChatMessage }) {
  const own = message.author === 'customer';
  const unread = !own && message.read_at === null;
  const label = t.authors[message.author];
  return (
    <article
      className={`${s.message} ${own ? s.side.own : s.side.other}`}
      aria-label={label}
      data-message-id={message.id}
    >
      <div className={s.author}>
        <span className={s.authorName}>{label}</span>
        {/* The default names ('Автор работы', 'Менеджер') repeat the label; a personal name is worth showing. */}
        {!own && message.author_name && !message.author_name.startsWith(label) && (
          <span>{message.author_name}</span>
        )}
      </div>
      <div className={`${s.bubble} ${s.bubbleTone[own ? 'own' : unread ? 'unread' : 'other']}`}>
        {message.text}
        {message.files.length > 0 && (
          <ul className={s.files} aria-label={t.attachments}>
            {message.files.map((f) => (
              <FileButton key={f.id} orderId={message.order_id} file={f} siblings={message.files} />
            ))}
          </ul>
        )}
      </div>
      <div className={`${s.meta} ${own ? s.metaOwn : ''}`}>
        <time dateTime={message.created_at}>{timeLabel(message.created_at)}</time>
        {own && (
          <span className={s.status} data-status="sent">
            <Icon name="check" size={14} aria-hidden="true" />
            {t.sent}
          </span>
        )}
        {unread && <span className={s.unreadMark}>{t.unread}</span>}
        {!own && !unread && <VisuallyHidden>{t.read}</VisuallyHidden>}
      </div>
    </article>
  );
});

/** An own message not confirmed yet: waiting for its turn or the connection, sending, or failed with 'Повторить'. */
export const PendingItem = memo(function PendingItem({
  pending,
  onResend,
  onDiscard,
}: {
  pending: PendingMessage;
  onResend: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}) {
  const failed = pending.status === 'failed';
  return (
    <article className={`${s.message} ${s.side.own}`} aria-label={t.you} data-client-id={pending.clientId}>
      <div className={s.author}>
        <span className={s.authorName}>{t.authors.customer}</span>
      </div>
      <div className={`${s.bubble} ${s.bubbleTone[failed ? 'failed' : 'own']}`}>
        {pending.text}
        {pending.files.length > 0 && (
          <ul className={s.files} aria-label={t.attachments}>
            {pending.files.map((f) => (
              <PendingFile key={f.id} file={f} />
            ))}
          </ul>
        )}
      </div>
      <div className={`${s.meta} ${s.metaOwn}`}>
        <time dateTime={pending.createdAt}>{timeLabel(pending.createdAt)}</time>
        {failed ? (
          <>
            <span
              className={`${s.status} ${s.statusFailed}`}
              data-status="failed"
              title={pending.error?.message}
            >
              <Icon name="alertCircle" size={14} aria-hidden="true" />
              {t.failed}
              {pending.error?.message ? <VisuallyHidden>: {pending.error.message}</VisuallyHidden> : null}
            </span>
            <button type="button" className={s.linkButton} onClick={() => onResend(pending.clientId)}>
              {t.retry}
            </button>
            <button type="button" className={s.linkButton} onClick={() => onDiscard(pending.clientId)}>
              {t.discard}
            </button>
          </>
        ) : pending.status === 'queued' ? (
          <span className={s.status} data-status="waiting">
            <Icon name="clock" size={14} aria-hidden="true" />
            {t.waiting}
          </span>
        ) : (
          <span className={s.status} data-status="sending">
            <Icon name="clock" size={14} aria-hidden="true" />
            {t.sending}
          </span>
        )}
      </div>
    </article>
  );
});
