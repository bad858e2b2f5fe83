import { flushSync } from 'react-dom';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { selectDraftId, selectFiles } from '../../../machines/order-form/order-form.selectors';
import { ALLOWED_FILE_EXTENSIONS, FILE_LIMITS } from '../../../contract/orders';
import type { UploadedFile } from '../../../contract/orders.api';
import { useAppActors } from '../../actors/app-actors';
import { refreshThrough } from '../../actors/token-refresh';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useOrderForm } from './form-context';
import * as s from './order-form.css';
import { cluster, stack, text } from '../../ui/layout.css';
import { visuallyHidden } from '../../ui/primitives.css';
import { t } from './strings';
import { uploadFile } from './upload';

const MAX_MB = Math.round(FILE_LIMITS.maxBytes / 1024 / 1024);

interface Upload {
  key: number;
  name: string;
  /** 0..100 */
  percent: number;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} МБ`
    : `${Math.max(1, Math.round(bytes / 1024))} КБ`;

/** Why the file cannot go, checked before uploading (the server checks again). */
function refusal(file: File): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext)) return t.files.badType(file.name);
  if (file.size > FILE_LIMITS.maxBytes) return t.files.tooBig(file.name, MAX_MB);
  return null;
}

/**
 * Files of the form. With a draft they go to fake/{id}/fake-files/ (they survive a reload with the draft); in
 * edit mode to ajax-files/ and are attached by the PATCH (file_ids). Progress per file; refusals are listed.
 */
export function FileField({ disabled }: { disabled: boolean }) {
  const actor = useOrderForm();
  const { token } = useAppActors();
  const files = useSelector(actor, selectFiles);
  const draftId = useSelector(actor, selectDraftId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  /** The running uploads' controllers by key: the row's stop button and leaving the page abort them. */
  const aborts = useRef(new Map<number, AbortController>());

  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((c) => c.abort('Страница закрыта'));
  }, []);

  const auth = { getAccessToken: () => token.getSnapshot().context.access, refresh: refreshThrough(token) };

  async function uploadOne(file: File) {
    const key = nextKey.current++;
    const controller = new AbortController();
    aborts.current.set(key, controller);
    setUploads((u) => [...u, { key, name: file.name, percent: 0 }]);
    const onProgress = (share: number) =>
      setUploads((u) => u.map((x) => (x.key === key ? { ...x, percent: Math.round(share * 100) } : x)));
    try {
      const uploaded: UploadedFile[] =
        draftId !== null
          ? (
              await uploadFile(
                auth,
                'POST /api/client/orders/fake/:draft/fake-files/',
                { params: { draft: draftId } },
                file,
                onProgress,
                controller.signal,
              )
            ).results
          : [
              await uploadFile(
                auth,
                'POST /api/client/orders/ajax-files/',
                {},
                file,
                onProgress,
                controller.signal,
              ),
            ];
      // The progress row goes first, committed at once: the store's update renders synchronously, and with the row
      // still pending the file showed twice in the list (once uploading, once attached). Both commits share one task,
      // so the browser paints only the end state.
      flushSync(() => setUploads((u) => u.filter((x) => x.key !== key)));
      for (const f of uploaded) actor.send({ type: 'form.fileAdded', file: f });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      setErrors((e) => [...e, t.files.failed(file.name, why)]);
    } finally {
      aborts.current.delete(key);
      setUploads((u) => u.filter((x) => x.key !== key));
    }
  }

  function onPick(list: FileList | null) {
    if (!list) return;
    const picked = [...list];
    const problems: string[] = [];
    let room = FILE_LIMITS.maxPerOrder - files.length - uploads.length;
    for (const file of picked) {
      const why = refusal(file);
      if (why) problems.push(why);
      else if (room <= 0) problems.push(t.files.tooMany(FILE_LIMITS.maxPerOrder));
      else {
        room--;
        void uploadOne(file);
      }
    }
    setErrors(problems);
    if (input.current) input.current.value = '';
  }

  function remove(file: UploadedFile) {
    // The machine lets the file go and deletes it on the server.
    actor.send({ type: 'form.fileRemoved', id: file.id });
  }

  return (
    <div className={stack[5]}>
      <div className={cluster[3]}>
        <input
          ref={input}
          id="order-files"
          type="file"
          multiple
          className={visuallyHidden}
          accept={ALLOWED_FILE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          onChange={(e) => onPick(e.target.files)}
          disabled={disabled}
          // The visible button opens it; the input itself stays out of the tab order.
          tabIndex={-1}
          aria-label={t.files.label}
          aria-describedby="order-files-hint"
        />
        <Button
          variant="secondary"
          iconStart={<Icon name="plus" size={18} />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-describedby="order-files-hint"
        >
          {t.files.add}
        </Button>
        <span id="order-files-hint" className={text.muted}>
          {t.files.hint(MAX_MB, FILE_LIMITS.maxPerOrder)}
        </span>
      </div>
      {draftId === null && <p className={text.muted}>{t.files.editHint}</p>}
      {errors.length > 0 && (
        <Alert tone="danger" live="alert">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      )}
      {(files.length > 0 || uploads.length > 0) && (
        <ul className={s.fileList} aria-label={t.files.list}>
          {files.map((f) => (
            <li key={f.id} className={s.fileItem}>
              <Icon name="file" size={18} />
              <div>
                <div className={s.fileName}>{f.name}</div>
                <div className={text.muted}>{sizeText(f.size)}</div>
              </div>
              <button
                type="button"
                className={s.iconButton}
                aria-label={t.files.remove(f.name)}
                onClick={() => remove(f)}
                disabled={disabled}
              >
                <Icon name="close" size={18} />
              </button>
            </li>
          ))}
          {uploads.map((u) => (
            <li key={`u${u.key}`} className={s.fileItem}>
              <Icon name="clock" size={18} />
              <div>
                <div className={s.fileName}>{u.name}</div>
                <progress
                  className={s.progress}
                  max={100}
                  value={u.percent}
                  aria-label={t.files.progressLabel(u.name)}
                />
                <div className={text.muted} aria-live="polite">
                  {t.files.uploading(u.name, u.percent)}
                </div>
              </div>
              <button
                type="button"
                className={s.iconButton}
                aria-label={t.files.stop(u.name)}
                // Spec point 8: the aborted request fails as 'Запрос отменён' plus this reason, listed above.
                onClick={() => aborts.current.get(u.key)?.abort(t.files.stopped)}
              >
                <Icon name="close" size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
