// The calls of the order form (prefix /api/client/orders/, spec point 7), typed from the shared contract.
import { api } from '../../api/client';
import type {
  CalculateCostRequest,
  CalculateCostResponse,
  CalculateDiscountRequest,
  CalculateDiscountResponse,
  CreateOrderRequest,
  CreateOrderResponse,
  Draft,
  DraftFields,
  EditOrderRequest,
  OrderConfirmation,
  OrderDetail,
  UploadedFile,
} from '../../../contract/orders.api';

export const ORDERS = '/api/client/orders/';

/** GET continue/ (the latest draft or a new one) or continue/?id= (that draft). */
export const getDraft = (id: number | null, signal?: AbortSignal) =>
  api<Draft>(`${ORDERS}continue/${id ? `?id=${id}` : ''}`, signal ? { signal } : {});

/** PATCH fake/{id}/ with keepalive: a save started as the tab closes still reaches the server. */
export const patchDraft = (id: number, fields: DraftFields) =>
  api<Draft>(`${ORDERS}fake/${id}/`, { method: 'PATCH', body: fields, keepalive: true });

export const draftFilesUrl = (draftId: number) => `${ORDERS}fake/${draftId}/fake-files/`;
export const deleteDraftFile = (draftId: number, fileId: number) =>
  api<void>(`${ORDERS}fake/${draftId}/delete-fake-file/${fileId}/`, { method: 'DELETE' });

export const AJAX_FILES_URL = `${ORDERS}ajax-files/`;
export const deleteAjaxFile = (fileId: number) =>
  api<void>(`${ORDERS}delete-ajax-file/${fileId}/`, { method: 'DELETE' });

export const getOrder = (id: number, signal?: AbortSignal) =>
  api<OrderDetail>(`${ORDERS}${id}/`, signal ? { signal } : {});

export const createOrder = (body: CreateOrderRequest) =>
  api<CreateOrderResponse>(ORDERS, { method: 'POST', body });

export const editOrder = (id: number, body: EditOrderRequest) =>
  api<OrderDetail>(`${ORDERS}${id}/`, { method: 'PATCH', body });

export const setFilesWithoutQc = (id: number, filesWithoutQc: boolean) =>
  api<OrderDetail>(`${ORDERS}${id}/not-editable-order/`, {
    method: 'PATCH',
    body: { files_without_qc: filesWithoutQc },
  });

export const calculateCost = (body: CalculateCostRequest, signal: AbortSignal) =>
  api<CalculateCostResponse>(`${ORDERS}calculate-cost/`, { method: 'POST', body, signal });

export const calculateDiscount = (body: CalculateDiscountRequest, signal: AbortSignal) =>
  api<CalculateDiscountResponse>(`${ORDERS}calculate-discount/`, { method: 'POST', body, signal });

/** GET success/?order_id= or welcome/?order_id= (the confirmation pages). */
export const getConfirmation = (page: 'success' | 'welcome', orderId: number, source?: string) => {
  const q = new URLSearchParams({ order_id: String(orderId) });
  if (source) q.set('source', source);
  return api<OrderConfirmation>(`${ORDERS}${page}/?${q}`);
};

export type { UploadedFile };
