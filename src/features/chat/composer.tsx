// The composer: a labelled textarea (Enter sends, Shift+Enter is a new line), attachments by the picker, drag and
// drop (handled by the panel) or paste; each file uploads at once and the message claims the uploaded ids.
import { useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ALLOWED_FILE_EXTENSIONS, CHAT_TEXT_MAX } from '../../../contract/orders';
import type { UploadedFile } from '../../../contract/orders.api';
import { Icon } from '../../ui/icon';
import { Spinner, VisuallyHidden } from '../../ui/primitives';
import * as s from './chat.css';
import { text as tone } from '../../ui/layout.css';
import { formatFileSize } from '../../lib/money';
import { t } from './strings';
import type { useAttachments } from './use-attachments';

const ACCEPT = ALLOWED_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

export interface ComposerProps {
  disabled: boolean;
  attachments: ReturnType<typeof useAttachments>;
  onSend: (text: string, files: UploadedFile[]) => void;
}

export function Composer({ disabled, attachments, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const hintId = useId();
  const errorId = useId();

  const tooLong = text.length > CHAT_TEXT_MAX;
  const hasContent = text.trim().length > 0 || attachments.uploaded.length > 0;
  const canSend = !disabled && hasContent && !tooLong && !attachments.busy;

  const send = () => {
    if (!canSend) return;
    onSend(text.trim(), attachments.uploaded);
    setText('');
    attachments.clear();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...e.clipboardData.files];
    if (files.length === 0) return;
    e.preventDefault();
    attachments.add(files);
  };

  return (
    <form className={s.composer} onSubmit={onSubmit} aria-label={t.composerLabel}>
      {attachments.items.length > 0 && (
        <ul className={s.chips} aria-label={t.attachments}>
          {attachments.items.map((a) => (
            <li key={a.key} className={`${s.chip} ${a.status === 'failed' ? s.chipFailed : ''}`}>
              {a.status === 'uploading' ? (
                <Spinner size={14} label={t.uploading} />
              ) : (
                <Icon name="file" size={14} />
              )}
              <span className={s.fileName}>{a.file.name}</span>
              <span className={s.fileSize}>{formatFileSize(a.file.size)}</span>
              {a.status === 'failed' && (
                <>
                  <VisuallyHidden>{t.uploadFailed}</VisuallyHidden>
                  <button
                    type="button"
                    className={s.chipButton}
                    onClick={() => attachments.retry(a.key)}
                    aria-label={t.retryUpload(a.file.name)}
                  >
                    <Icon name="refresh" size={14} />
                  </button>
                </>
              )}
              <button
                type="button"
                className={s.chipButton}
                onClick={() => attachments.remove(a.key)}
                aria-label={t.removeFile(a.file.name)}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {attachments.items.some((a) => a.error) && (
        <div className={tone.danger} role="alert">
          {attachments.items.flatMap((a) => (a.error ? [a.error] : [])).join(' ')}
        </div>
      )}
      <div className={s.composerRow}>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          data-testid="chat-file-input"
          onChange={(e) => {
            if (e.target.files?.length) attachments.add([...e.target.files]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          className={s.iconButton}
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
          aria-label={t.attach}
          title={t.attach}
        >
          <Icon name="plus" size={20} />
        </button>
        <label htmlFor={textId}>
          <VisuallyHidden>{t.composerLabel}</VisuallyHidden>
        </label>
        <textarea
          id={textId}
          className={s.textarea}
          rows={1}
          value={text}
          placeholder={t.composerPlaceholder}
          disabled={disabled}
          aria-describedby={tooLong ? `${hintId} ${errorId}` : hintId}
          aria-invalid={tooLong || undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <button
          type="submit"
          className={`${s.iconButton} ${s.sendButton}`}
          disabled={!canSend}
          aria-label={t.send}
          title={t.send}
        >
          <Icon name="arrowRight" size={20} />
        </button>
      </div>
      <div className={s.hint}>
        <span id={hintId} className={s.hintText}>
          {t.composerHint}
        </span>
        {text.length > CHAT_TEXT_MAX * 0.9 && (
          <span id={errorId} className={tooLong ? s.counterOver : undefined}>
            {tooLong ? t.tooLong(CHAT_TEXT_MAX) : `${text.length} / ${CHAT_TEXT_MAX}`}
          </span>
        )}
      </div>
    </form>
  );
}
