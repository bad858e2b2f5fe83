// The "Просмотр" entry point: tiny and static (the files tab, the chat and the reworks import it); the viewer
// itself (./viewer and the libraries it loads per type) is a lazy chunk fetched on the first preview.
import { lazy, Suspense, useCallback, useState } from 'react';
import type { OrderFile } from '../../../contract/orders.api';
import { previewTypeOf } from '../../../contract/preview';

const loadViewer = () => import('./viewer');
const Viewer = lazy(loadViewer);

/** Whether the cabinet can show this file in the page (the others are downloaded). */
export const canPreview = (file: { name: string }) => previewTypeOf(file.name) !== undefined;

/** How the viewer reaches the files: the bytes of the preview route, and the download as the feature does it. */
export interface PreviewIo {
  load: (fileId: number, signal: AbortSignal) => Promise<Blob>;
  download: (file: OrderFile) => Promise<void>;
}

/**
 * `open(fileId)` shows the viewer over `files` (the arrows walk them in this order); `element` is the dialog to
 * render; `preload` fetches the viewer's chunk early (on hover or focus of a "Просмотр" button).
 */
export function usePreview(files: readonly OrderFile[], io: PreviewIo) {
  const [fileId, setFileId] = useState<number | null>(null);
  const open = useCallback((id: number) => setFileId(id), []);
  const close = useCallback(() => setFileId(null), []);
  const element =
    fileId === null ? null : (
      <Suspense fallback={null}>
        <Viewer files={files} fileId={fileId} io={io} onNavigate={setFileId} onClose={close} />
      </Suspense>
    );
  return { open, element, preload: preloadViewer };
}

export function preloadViewer() {
  void loadViewer().catch(() => {});
}
