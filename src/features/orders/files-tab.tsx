import { useMemo } from 'react';
import type { OrderFile } from '../../../contract/orders.api';
import { useNotify } from '../../actors/hooks';
import { useAction } from '../../actors/use-action';
import { formatDateTime } from '../../lib/dates';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Badge, EmptyState } from '../../ui/primitives';
import { downloadFile, fetchPreview, markReviewed } from './api';
import { formatFileSize } from '../../lib/money';
import * as s from './orders.css';
import { text } from '../../ui/layout.css';
import { t } from './strings';
import { DropZone, UploadList, useUploadQueue } from './upload-queue';
import { canPreview, preloadViewer, usePreview } from '../../ui/preview/use-preview';
import { t as previewText } from '../../ui/preview/strings';
import { useInvalidateOrder, useOpenOrder } from './use-open-order';

/** /order/{id}/files: the order's files (author, kind, size, date, reviewed), downloads and uploads. */
export function OrderFilesTab() {
  const order = useOpenOrder();
  const invalidate = useInvalidateOrder();
  const orderId = order?.id ?? 0;
  // Each finished upload: the order (and so this list) is loaded again.
  const queue = useUploadQueue('POST /api/client/orders/:id/files/', { params: { id: orderId } }, () =>
    invalidate(orderId),
  );
  const io = useMemo(
    () => ({
      load: (fileId: number, signal: AbortSignal) => fetchPreview(orderId, fileId, signal),
      download: (file: OrderFile) => downloadFile(orderId, file),
    }),
    [orderId],
  );
  const preview = usePreview(order?.files ?? [], io);
  if (!order) return null;

  return (
    <section aria-labelledby="files-title" className={s.stack}>
      <h2 id="files-title" className={text.title}>
        {t.files.title}
      </h2>
      {order.is_trash ? (
        <Alert tone="info">{t.files.archived}</Alert>
      ) : (
        <>
          <DropZone queue={queue} label={t.files.pick} />
          <UploadList queue={queue} />
        </>
      )}
      {order.files.length === 0 ? (
        <EmptyState icon="file" title={t.files.empty} titleAs="h3">
          {t.files.emptyText}
        </EmptyState>
      ) : (
        <ul className={s.uploads} data-testid="order-files">
          {order.files.map((file) => (
            <FileRow key={file.id} orderId={order.id} file={file} onPreview={preview.open} />
          ))}
        </ul>
      )}
      {preview.element}
    </section>
  );
}

function FileRow({
  orderId,
  file,
  onPreview,
}: {
  orderId: number;
  file: OrderFile;
  onPreview: (fileId: number) => void;
}) {
  const notify = useNotify();
  const invalidate = useInvalidateOrder();
  const fromStaff = file.author !== 'customer';
  const marking = useAction({
    call: markReviewed,
    onDone: () => invalidate(orderId),
    onError: (error) => notify('error', error.message),
  });
  // Optimistic: the box shows the value asked for while the call runs and after it succeeded (the order's reload
  // brings it too); a refusal puts back the one before.
  const asked = marking.args?.[2];
  const reviewed = asked === undefined ? file.is_reviewed : marking.error ? !asked : asked;
  const download = useAction({
    call: downloadFile,
    onError: (error) => notify('error', `${t.files.downloadFailed}: ${error.message}`),
  });

  return (
    <li className={s.fileRow}>
      <div className={s.rowMain}>
        <p className={s.uploadName}>{file.name}</p>
        <div className={s.fileMeta}>
          <Badge tone={file.kind === 'final' ? 'success' : file.kind === 'intermediate' ? 'info' : 'neutral'}>
            {t.files.kind[file.kind]}
          </Badge>
          <span>{t.files.author[file.author]}</span>
          <span>{formatFileSize(file.size)}</span>
          <span>{formatDateTime(file.created_at)}</span>
        </div>
      </div>
      <div className={s.fileActions}>
        {fromStaff && (
          <label className={s.reviewed}>
            <input
              type="checkbox"
              checked={reviewed}
              aria-label={t.files.markReviewed(file.name)}
              onChange={(e) => marking.run(orderId, file.id, e.target.checked)}
            />
            {t.files.reviewed}
          </label>
        )}
        {canPreview(file) && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={previewText.previewLabel(file.name)}
            onPointerEnter={preloadViewer}
            onFocus={preloadViewer}
            onClick={() => onPreview(file.id)}
            iconStart={<Icon name="eye" size={16} />}
          >
            {previewText.preview}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          loading={download.busy}
          aria-label={t.files.downloadLabel(file.name)}
          onClick={() => download.run(orderId, file)}
          iconStart={<Icon name="arrowRight" size={16} style={{ transform: 'rotate(90deg)' }} />}
        >
          {t.files.download}
        </Button>
      </div>
    </li>
  );
}
