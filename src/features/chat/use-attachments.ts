// The composer's attachments: each file is uploaded as soon as it is picked, dropped or pasted (ajax-files), so
// that sending is instant; the message then claims the uploaded ids.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ALLOWED_FILE_EXTENSIONS, FILE_LIMITS } from '../../../contract/orders';
import type { UploadedFile } from '../../../contract/orders.api';
import { toErrorInfo } from '../../../machines/shared/error-info';
import { uploadAttachment } from './api';
import { t } from './strings';

export interface Attachment {
  key: string;
  file: File;
  status: 'uploading' | 'done' | 'failed';
  uploaded: UploadedFile | null;
  error: string | null;
}

const allowed = new Set<string>(ALLOWED_FILE_EXTENSIONS);

/** A reason the server would refuse the file, checked before uploading it. */
export function refusal(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !allowed.has(ext)) return t.badType(file.name);
  if (file.size > FILE_LIMITS.maxBytes) return t.tooBig(file.name);
  return null;
}

let seq = 0;

export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const current = useRef(items);
  useEffect(() => {
    current.current = items;
  }, [items]);

  const patch = (key: string, change: Partial<Attachment>) =>
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  const upload = useCallback((key: string, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    uploadAttachment(file, controller.signal).then(
      (uploaded) => {
        controllers.current.delete(key);
        patch(key, { status: 'done', uploaded, error: null });
      },
      (error: unknown) => {
        controllers.current.delete(key);
        if (controller.signal.aborted) return;
        patch(key, { status: 'failed', error: toErrorInfo(error).message });
      },
    );
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: Attachment[] = [];
      for (const file of files) {
        const key = `a${++seq}`;
        const error = refusal(file);
        added.push({ key, file, status: error ? 'failed' : 'uploading', uploaded: null, error });
      }
      const room = FILE_LIMITS.maxPerOrder;
      setItems((list) => [...list, ...added].slice(0, room));
      for (const a of added) if (!a.error) upload(a.key, a.file);
    },
    [upload],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((list) => list.filter((a) => a.key !== key));
  }, []);

  const retry = useCallback(
    (key: string) => {
      const a = current.current.find((x) => x.key === key);
      if (!a || refusal(a.file)) return;
      patch(key, { status: 'uploading', error: null });
      upload(key, a.file);
    },
    [upload],
  );

  /** After sending: the uploaded files belong to the message now. */
  const clear = useCallback(() => setItems([]), []);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  return {
    items,
    add,
    remove,
    retry,
    clear,
    uploaded: items.flatMap((a) => (a.uploaded ? [a.uploaded] : [])),
    busy: items.some((a) => a.status === 'uploading'),
    hasFailed: items.some((a) => a.status === 'failed'),
  };
}
