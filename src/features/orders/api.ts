// The orders calls of the dashboard and the order page (prefix /api/client/orders/, spec point 7).
import { api, apiRaw } from '../../api/client';
import type {
  FileList,
  OrderFile,
  OrderList,
  Rework,
  ReworkList,
  CreateReworkRequest,
  TrashResponse,
} from '../../../contract/orders.api';
import type { OrderTab } from '../../../contract/order-status';

const BASE = '/api/client/orders/';

export function fetchOrders(
  q: { tab: OrderTab; search: string; page: number; pageSize: number },
  signal?: AbortSignal,
) {
  const query: Record<string, string | number> = { tab: q.tab, page: q.page, page_size: q.pageSize };
  if (q.search) query.search = q.search;
  return api<OrderList>(BASE, { query, ...(signal ? { signal } : {}) });
}

/** DELETE {id}/: to the archive (trash). */
export const trashOrder = (id: number) => api<TrashResponse>(`${BASE}${id}/`, { method: 'DELETE' });
export const restoreOrder = (id: number) => api<TrashResponse>(`${BASE}${id}/restore/`, { method: 'PATCH' });

export const fetchOrderFiles = (id: number, signal?: AbortSignal) =>
  api<FileList>(`${BASE}${id}/files/`, signal ? { signal } : {});

export const markReviewed = (orderId: number, fileId: number, isReviewed: boolean) =>
  api<OrderFile>(`${BASE}${orderId}/files/${fileId}/`, {
    method: 'PATCH',
    body: { is_reviewed: isReviewed },
  });

export const orderFilesPath = (orderId: number) => `${BASE}${orderId}/files/`;
/** Files attached to a rework (or a form) before they belong to it. */
export const pendingFilesPath = `${BASE}ajax-files/`;

/** The file name of an attachment answer (RFC 6266 `filename*=UTF-8''…` first), else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A broken encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Hands a downloaded blob to the browser as a file save. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL dies.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** GET {id}/files/{fileId}/download/ with the bearer token → saved under its own (Russian) name. */
export async function downloadFile(file: OrderFile) {
  const res = await apiRaw<Blob>(file.url);
  saveBlob(res._data ?? new Blob(), attachmentName(res.headers.get('content-disposition'), file.name));
}

/** POST {id}/files/download-zip/ (binary answer) → 'Заказ {id}.zip'. */
export async function downloadZip(orderId: number) {
  const res = await apiRaw<Blob>(`${BASE}${orderId}/files/download-zip/`, { method: 'POST' });
  saveBlob(
    res._data ?? new Blob(),
    attachmentName(res.headers.get('content-disposition'), `Заказ ${orderId}.zip`),
  );
}

export const fetchReworks = (orderId: number, signal?: AbortSignal) =>
  api<ReworkList>(`${BASE}${orderId}/reworks/`, signal ? { signal } : {});
export const fetchRework = (orderId: number, reworkId: number, signal?: AbortSignal) =>
  api<Rework>(`${BASE}${orderId}/reworks/${reworkId}/`, signal ? { signal } : {});
export const createRework = (orderId: number, body: CreateReworkRequest) =>
  api<Rework>(`${BASE}${orderId}/reworks/`, { method: 'POST', body });
