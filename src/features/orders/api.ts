// The orders calls of the dashboard and the order page (prefix /api/client/orders/, spec point 7).
import { call, callRaw } from '../../api/client';
import { attachmentName, saveBlob } from '../../lib/download';
import type { CreateReworkRequest, OrderFile } from '../../../contract/orders.api';
import type { OrderTab } from '../../../contract/order-status';
import { orderQueryParams, type OrderQuery } from '../../../contract/order-query';

export function fetchOrders(
  q: { tab: OrderTab; query: OrderQuery; page: number; pageSize: number },
  signal?: AbortSignal,
  /** Read ahead while the dashboard is idle (held-lists.ts): no /429 page, no retries. */
  background = false,
) {
  const query = { tab: q.tab, page: q.page, page_size: q.pageSize, ...orderQueryParams(q.query) };
  return call('GET /api/client/orders/', { query, background, ...(signal ? { signal } : {}) });
}

/** DELETE {id}/: to the archive (trash). */
export const trashOrder = (id: number) => call('DELETE /api/client/orders/:id/', { params: { id } });
export const restoreOrder = (id: number) => call('PATCH /api/client/orders/:id/restore/', { params: { id } });

export const fetchOrderFiles = (id: number, signal?: AbortSignal) =>
  call('GET /api/client/orders/:id/files/', { params: { id }, ...(signal ? { signal } : {}) });

export const markReviewed = (orderId: number, fileId: number, isReviewed: boolean) =>
  call('PATCH /api/client/orders/:id/files/:file/', {
    params: { id: orderId, file: fileId },
    body: { is_reviewed: isReviewed },
  });

/** GET {id}/files/{fileId}/download/ with the bearer token → saved under its own (Russian) name. */
export async function downloadFile(orderId: number, file: OrderFile) {
  const res = await callRaw('GET /api/client/orders/:id/files/:file/download/', {
    params: { id: orderId, file: file.id },
  });
  saveBlob(res._data ?? new Blob(), attachmentName(res.headers.get('content-disposition'), file.name));
}

/** POST {id}/files/download-zip/ (binary answer) → 'Заказ {id}.zip'. */
export async function downloadZip(orderId: number) {
  const res = await callRaw('POST /api/client/orders/:id/files/download-zip/', { params: { id: orderId } });
  saveBlob(
    res._data ?? new Blob(),
    attachmentName(res.headers.get('content-disposition'), `Заказ ${orderId}.zip`),
  );
}

export const fetchReworks = (orderId: number, signal?: AbortSignal) =>
  call('GET /api/client/orders/:id/reworks/', { params: { id: orderId }, ...(signal ? { signal } : {}) });
export const fetchRework = (orderId: number, reworkId: number, signal?: AbortSignal) =>
  call('GET /api/client/orders/:id/reworks/:rework/', {
    params: { id: orderId, rework: reworkId },
    ...(signal ? { signal } : {}),
  });
export const createRework = (orderId: number, body: CreateReworkRequest) =>
  call('POST /api/client/orders/:id/reworks/', { params: { id: orderId }, body });

/** GET {id}/files/{fileId}/preview/: the bytes for the in-page viewer (src/ui/preview). */
export async function fetchPreview(orderId: number, fileId: number, signal: AbortSignal): Promise<Blob> {
  const res = await callRaw('GET /api/client/orders/:id/files/:file/preview/', {
    params: { id: orderId, file: fileId },
    signal,
  });
  return res._data ?? new Blob();
}
