import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { fromCallback } from 'xstate';
import { useAppActors } from '../../actors/app-actors';
import { refreshThrough } from '../../actors/token-refresh';
import { orderFilesMachine } from '../../../machines/order-files/order-files.machine';
import { percentOf, selectUploads } from '../../../machines/order-files/order-files.selectors';
import type {
  OrderFilesEvent,
  UploadItem,
  UploadRequest,
} from '../../../machines/order-files/order-files.types';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { formatFileSize } from '../../lib/money';
import * as s from './orders.css';
import { text } from '../../ui/layout.css';
import { t } from './strings';
import type { ParamsArg } from '../../api/client';
import { uploadTo, type UploadKey } from '../../api/upload';

/** The upload queue of one endpoint (the order's files, or pending rework attachments). */
export function useUploadQueue<K extends UploadKey>(
  key: K,
  params: ParamsArg<K>,
  onUploaded: (result: unknown) => void,
) {
  const { token } = useAppActors();
  const queue = useActorRef(
    orderFilesMachine.provide({
      actors: {
        uploadFile: fromCallback<OrderFilesEvent, UploadRequest>(({ input, sendBack }) => {
          const abort = new AbortController();
          uploadTo(
            { getAccessToken: () => token.getSnapshot().context.access, refresh: refreshThrough(token) },
            key,
            {
              ...params,
              file: input.file,
              name: input.name,
              signal: abort.signal,
              onProgress: (loaded) => sendBack({ type: 'upload.progress', key: input.key, loaded }),
            },
          ).then(
            (result) => sendBack({ type: 'upload.succeeded', key: input.key, result }),
            (error: Error) => {
              if (!abort.signal.aborted)
                sendBack({ type: 'upload.failed', key: input.key, error: error.message });
            },
          );
          return () => abort.abort();
        }),
      },
    }),
  );
  const latest = useRef(onUploaded);
  useEffect(() => {
    latest.current = onUploaded;
  });
  useEffect(() => {
    const sub = queue.on('upload.uploaded', (e) => latest.current(e.result));
    return () => sub.unsubscribe();
  }, [queue]);
  return queue;
}

type Queue = ReturnType<typeof useUploadQueue>;

/** Drag-and-drop area with a file picker (a real <input type=file>, so keyboard and screen readers work). */
export function DropZone({
  queue,
  label,
  disabled = false,
}: {
  queue: Queue;
  label: string;
  disabled?: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    queue.send({ type: 'upload.add', files: [...files].map((file) => ({ name: file.name, file })) });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) add(e.dataTransfer.files);
  };
  return (
    <div
      className={s.dropzone}
      data-over={over || undefined}
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Icon name="file" size={28} />
      <p className={s.dropTitle}>{t.files.dropTitle}</p>
      <span>
        {t.files.dropOr}{' '}
        <label htmlFor={inputId} className={s.pickLabel}>
          {t.files.pick}
          <input
            id={inputId}
            className={s.fileInput}
            type="file"
            multiple
            disabled={disabled}
            aria-label={label}
            aria-describedby={hintId}
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      </span>
      <span id={hintId}>{t.files.limits}</span>
    </div>
  );
}

/** The files on their way up: progress, done, or the server's refusal with "Повторить". */
export function UploadList({ queue }: { queue: Queue }) {
  const items = useSelector(queue, selectUploads);
  if (items.length === 0) return null;
  return (
    <ul className={s.uploads} aria-label={t.files.uploads}>
      {items.map((item) => (
        <UploadRow key={item.key} item={item} queue={queue} />
      ))}
    </ul>
  );
}

function UploadRow({ item, queue }: { item: UploadItem; queue: Queue }) {
  const percent = percentOf(item);
  const errorId = useId();
  return (
    <li className={s.upload} data-status={item.status} data-testid="upload">
      <div className={s.uploadHead}>
        <span className={s.uploadName}>{item.name}</span>
        <span className={text.muted}>
          {item.status === 'done'
            ? t.files.uploaded
            : item.status === 'queued'
              ? t.files.queued
              : item.status === 'uploading'
                ? `${percent} %`
                : formatFileSize(item.size)}
        </span>
      </div>
      {item.status !== 'failed' && (
        <progress
          className={s.progress}
          max={100}
          value={percent}
          aria-label={t.files.uploading(item.name)}
        />
      )}
      {item.status === 'failed' && (
        <>
          <p className={text.danger} id={errorId} role="alert">
            {item.error}
          </p>
          <div className={s.actions}>
            <Button
              size="sm"
              variant="secondary"
              aria-label={t.files.retryLabel(item.name)}
              aria-describedby={errorId}
              onClick={() => queue.send({ type: 'upload.retry', key: item.key })}
              iconStart={<Icon name="refresh" size={16} />}
            >
              {t.files.retry}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t.files.removeLabel(item.name)}
              onClick={() => queue.send({ type: 'upload.remove', key: item.key })}
            >
              {t.files.remove}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
