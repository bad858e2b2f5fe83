// The file viewer (docs/features.md "File preview"), a lazy chunk: a full-screen dialog on a phone, a large
// one on a wider screen. It fetches the bytes (through the feature's `io.load`) from the preview route (the
// server's own type, nosniff, sandbox CSP) and shows them without ever handing them to the browser as a
// page: images through a blob URL in <img>, text as text, PDF through pdf.js (./pdf-view, its own chunk) and
// DOCX converted and sanitised (./docx-view, its own chunk).
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { OrderFile } from '../../../contract/orders.api';
import { previewTypeOf, type PreviewKind } from '../../../contract/preview';
import { Alert } from '../alert';
import { Button } from '../button';
import { Icon } from '../icon';
import { Spinner } from '../primitives';
import { uiStrings } from '../strings';
import { ImageView } from './image-view';
import * as s from './preview.css';
import { t } from './strings';
import type { PreviewIo } from './use-preview';

const loadPdfView = () => import('./pdf-view');
const PdfView = lazy(loadPdfView);
const DocxView = lazy(() => import('./docx-view'));

export interface ViewerProps {
  files: readonly OrderFile[];
  fileId: number;
  io: PreviewIo;
  onNavigate: (fileId: number) => void;
  onClose: () => void;
}

export default function Viewer({ files, fileId, io, onNavigate, onClose }: ViewerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const index = Math.max(
    0,
    files.findIndex((f) => f.id === fileId),
  );
  const file = files[index];
  const prev = files[index - 1];
  const next = files[index + 1];
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  // Opened once for the viewer's life (the arrows change the file, not the dialog); focus goes back on close.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, []);

  if (!file) return null;
  const kind = previewTypeOf(file.name)?.kind;

  const download = () => {
    setDownloading(true);
    setDownloadError(null);
    io.download(file)
      .catch((err: unknown) => setDownloadError(err instanceof Error ? err.message : String(err)))
      .finally(() => setDownloading(false));
  };

  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-label={t.dialogLabel(file.name)}
      data-testid="file-viewer"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => {
        if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        if (e.key === 'ArrowLeft' && prev) {
          e.preventDefault();
          onNavigate(prev.id);
        } else if (e.key === 'ArrowRight' && next) {
          e.preventDefault();
          onNavigate(next.id);
        }
      }}
    >
      <div className={s.frame}>
        <div className={s.header}>
          <div className={s.titleBox}>
            <h2 className={s.title} title={file.name}>
              {file.name}
            </h2>
            <p className={s.position} aria-live="polite">
              {t.position(index + 1, files.length)}
            </p>
          </div>
          <div className={`${s.tools} ${s.headerTools}`}>
            <button
              type="button"
              className={s.iconButton}
              aria-label={t.previous}
              title={t.previous}
              disabled={!prev}
              onClick={() => prev && onNavigate(prev.id)}
            >
              <Icon name="chevronLeft" size={20} />
            </button>
            <button
              type="button"
              className={s.iconButton}
              aria-label={t.next}
              title={t.next}
              disabled={!next}
              onClick={() => next && onNavigate(next.id)}
            >
              <Icon name="chevronRight" size={20} />
            </button>
            <Button
              size="sm"
              variant="secondary"
              loading={downloading}
              onClick={download}
              iconStart={<Icon name="arrowRight" size={16} style={{ transform: 'rotate(90deg)' }} />}
            >
              {t.download}
            </Button>
          </div>
          <button
            type="button"
            className={s.iconButton}
            aria-label={uiStrings.close}
            title={uiStrings.close}
            onClick={onClose}
            data-autofocus
          >
            <Icon name="close" size={20} />
          </button>
        </div>
        {downloadError && (
          <Alert tone="danger">
            {t.downloadFailed}: {downloadError}
          </Alert>
        )}
        <FileBody key={file.id} load={io.load} file={file} kind={kind} onDownload={download} />
      </div>
    </dialog>
  );
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; blob: Blob };

function useBytes(load: PreviewIo['load'], fileId: number, enabled: boolean): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    load(fileId, abort.signal)
      .then((blob) => setLoaded({ state: 'ready', blob }))
      .catch((err: unknown) => {
        if (!abort.signal.aborted)
          setLoaded({ state: 'failed', message: err instanceof Error ? err.message : String(err) });
      });
    return () => abort.abort();
  }, [load, fileId, enabled]);
  return loaded;
}

function FileBody({
  load,
  file,
  kind,
  onDownload,
}: {
  load: PreviewIo['load'];
  file: OrderFile;
  kind: PreviewKind | undefined;
  onDownload: () => void;
}) {
  const loaded = useBytes(load, file.id, kind !== undefined);
  // pdf.js and its worker load while the bytes come (not after them).
  useEffect(() => {
    if (kind === 'pdf')
      void loadPdfView()
        .then((m) => m.preparePdf())
        .catch(() => {});
  }, [kind]);
  const offer = (text: ReactNode, tone: 'info' | 'danger') => (
    <div className={s.center}>
      <div className={s.message}>
        <Alert tone={tone}>{text}</Alert>
        <Button onClick={onDownload}>{t.download}</Button>
      </div>
    </div>
  );
  const waiting = (
    <div className={s.center} aria-busy="true">
      <Spinner size={28} label={t.loading} />
    </div>
  );

  let content: ReactNode;
  if (kind === undefined) content = offer(t.cannotPreview, 'info');
  else if (loaded.state === 'loading') content = waiting;
  else if (loaded.state === 'failed')
    content = offer(
      <>
        {t.failed}: {loaded.message}
      </>,
      'danger',
    );
  else if (kind === 'image') content = <ImageView blob={loaded.blob} name={file.name} />;
  else if (kind === 'text') content = <TextView blob={loaded.blob} />;
  else
    content = (
      <Suspense fallback={waiting}>
        {kind === 'pdf' ? <PdfView blob={loaded.blob} /> : <DocxView blob={loaded.blob} />}
      </Suspense>
    );

  return (
    // The scrolling area is focusable, so a keyboard can scroll it (axe: scrollable-region-focusable).
    <div className={s.body} tabIndex={0} role="region" aria-label={file.name} data-kind={kind ?? 'none'}>
      {content}
    </div>
  );
}

/** UTF-8 when it is valid, else Windows-1251 (what a Russian Notepad file often is). */
function decodeText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

function TextView({ blob }: { blob: Blob }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void blob.arrayBuffer().then((b) => live && setText(decodeText(b)));
    return () => {
      live = false;
    };
  }, [blob]);
  if (text === null) return null;
  return (
    <pre className={s.text} data-testid="preview-text">
      {text}
    </pre>
  );
}
