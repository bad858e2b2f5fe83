// PDF through pdf.js (docs/features.md "File preview"). The library and its worker are the package's own
// minified builds, emitted as hashed assets of our origin (`?url`) and imported on the first PDF preview:
// they never enter a route's chunk nor the first visit. pdf.js 6 has no eval path left (its
// `isEvalSupported` option, `false` in the issue, went with the code it guarded: a test holds the built
// files free of `eval(` and `new Function(`); no scripting, no XFA, no annotation layer (a PDF's JavaScript
// and link actions do nothing here). Pages keep their size before they are drawn and are drawn as they
// scroll into view, each with a text layer so text can be selected.
import { useEffect, useRef, useState } from 'react';
import type * as Pdfjs from 'pdfjs-dist';
import pdfUrl from 'pdfjs-dist/build/pdf.min.mjs?url';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Alert } from '../alert';
import { Spinner } from '../primitives';
import * as s from './preview.css';
import { t } from './strings';

type PdfjsLib = typeof Pdfjs;
let library: Promise<PdfjsLib> | undefined;

function loadPdfjs(): Promise<PdfjsLib> {
  library ??= (import(/* @vite-ignore */ pdfUrl) as Promise<PdfjsLib>).then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    return lib;
  });
  return library;
}

let worker: Promise<Pdfjs.PDFWorker> | undefined;
/**
 * pdf.js and its worker (1.2 MB to fetch and parse), started as soon as a PDF is about to be shown: the viewer
 * calls this while the file's bytes are still on their way. One worker serves every PDF of the page's life.
 */
export function preparePdf(): Promise<Pdfjs.PDFWorker> {
  worker ??= loadPdfjs().then((lib) => lib.PDFWorker.create({ name: 'preview' }));
  return worker;
}

/** The widest a page is drawn (CSS px), so a wide screen does not blow a page up. */
const MAX_PAGE_WIDTH = 900;

export default function PdfView({ blob }: { blob: Blob }) {
  const [doc, setDoc] = useState<Pdfjs.PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number; scale: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let task: Pdfjs.PDFDocumentLoadingTask | undefined;
    let live = true;
    void (async () => {
      try {
        const [lib, pdfWorker, data] = await Promise.all([loadPdfjs(), preparePdf(), blob.arrayBuffer()]);
        if (!live) return;
        task = lib.getDocument({
          data: new Uint8Array(data),
          worker: pdfWorker,
          enableXfa: false,
          stopAtErrors: false,
        });
        const pdf = await task.promise;
        const first = await pdf.getPage(1);
        const base = first.getViewport({ scale: 1 });
        const available = Math.min(MAX_PAGE_WIDTH, (box.current?.clientWidth ?? 800) - 32);
        const scale = Math.max(0.25, available / base.width);
        if (!live) return;
        setSize({ width: base.width * scale, height: base.height * scale, scale });
        setDoc(pdf);
      } catch (err) {
        if (live) setFailed(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      live = false;
      void task?.destroy();
    };
  }, [blob]);

  return (
    <div ref={box} className={s.pages} data-testid="preview-pdf">
      {failed ? (
        <Alert tone="danger">
          {t.failed}: {failed}
        </Alert>
      ) : !doc || !size ? (
        <Spinner size={28} label={t.loading} />
      ) : (
        <>
          <p className={s.position}>{t.pages(doc.numPages)}</p>
          {Array.from({ length: doc.numPages }, (_, i) => (
            <PdfPage key={i} doc={doc} number={i + 1} guess={size} />
          ))}
        </>
      )}
    </div>
  );
}

function PdfPage({
  doc,
  number,
  guess,
}: {
  doc: Pdfjs.PDFDocumentProxy;
  number: number;
  guess: { width: number; height: number; scale: number };
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: guess.width, height: guess.height });
  const [state, setState] = useState<'waiting' | 'drawn'>('waiting');

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    let render: Pdfjs.RenderTask | undefined;
    let textLayer: Pdfjs.TextLayer | undefined;
    const draw = async () => {
      const lib = await loadPdfjs();
      const page = await doc.getPage(number);
      if (cancelled) return;
      const viewport = page.getViewport({ scale: guess.scale });
      setBox({ width: viewport.width, height: viewport.height });
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const canvas = document.createElement('canvas');
      canvas.className = s.canvas;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.setAttribute('aria-hidden', 'true');
      render = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        annotationMode: lib.AnnotationMode.DISABLE,
      });
      await render.promise;
      if (cancelled) return;
      const text = document.createElement('div');
      text.className = 'textLayer';
      text.style.setProperty('--total-scale-factor', String(guess.scale));
      text.style.setProperty('--scale-round-x', '1px');
      text.style.setProperty('--scale-round-y', '1px');
      el.replaceChildren(canvas, text);
      el.dataset.rendered = 'true';
      setState('drawn');
      textLayer = new lib.TextLayer({
        textContentSource: page.streamTextContent(),
        container: text,
        viewport,
      });
      await textLayer.render();
    };
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        draw().catch(() => {
          // A page that cannot be drawn stays an empty sheet; the others go on.
        });
      },
      { root: el.closest('[role="region"]'), rootMargin: '100% 0px' },
    );
    seen.observe(el);
    return () => {
      cancelled = true;
      seen.disconnect();
      render?.cancel();
      textLayer?.cancel();
    };
  }, [doc, number, guess.scale]);

  return (
    <div
      ref={ref}
      className={s.page}
      style={{ width: `${box.width}px`, height: `${box.height}px` }}
      role="group"
      aria-label={t.page(number, doc.numPages)}
      aria-busy={state === 'waiting'}
      data-page={number}
    />
  );
}
