// The calls of the order form (prefix /api/client/orders/, spec point 7), typed from the shared contract.
import { call } from '../../api/client';
import type {
  CalculateCostRequest,
  CalculateDiscountRequest,
  CreateOrderRequest,
  DraftFields,
  EditOrderRequest,
  UploadedFile,
} from '../../../contract/orders.api';

/** GET continue/ (the latest draft or a new one) or continue/?id= (that draft). */
export const getDraft = (id: number | null, signal?: AbortSignal) =>
  call('GET /api/client/orders/continue/', {
    ...(id ? { query: { id } } : {}),
    ...(signal ? { signal } : {}),
  });

/** PATCH fake/{id}/ with keepalive: a save started as the tab closes still reaches the server. */
export const patchDraft = (id: number, fields: DraftFields) =>
  call('PATCH /api/client/orders/fake/:draft/', { params: { draft: id }, body: fields, keepalive: true });

export const deleteDraftFile = (draftId: number, fileId: number) =>
  call('DELETE /api/client/orders/fake/:draft/delete-fake-file/:file/', {
    params: { draft: draftId, file: fileId },
  });

export const deleteAjaxFile = (fileId: number) =>
  call('DELETE /api/client/orders/delete-ajax-file/:file/', { params: { file: fileId } });

export const getOrder = (id: number, signal?: AbortSignal) =>
  call('GET /api/client/orders/:id/', { params: { id }, ...(signal ? { signal } : {}) });

export const createOrder = (body: CreateOrderRequest) => call('POST /api/client/orders/', { body });

export const editOrder = (id: number, body: EditOrderRequest) =>
  call('PATCH /api/client/orders/:id/', { params: { id }, body });

export const setFilesWithoutQc = (id: number, filesWithoutQc: boolean) =>
  call('PATCH /api/client/orders/:id/not-editable-order/', {
    params: { id },
    body: { files_without_qc: filesWithoutQc },
  });

export const calculateCost = (body: CalculateCostRequest, signal: AbortSignal) =>
  call('POST /api/client/orders/calculate-cost/', { body, signal });

export const calculateDiscount = (body: CalculateDiscountRequest, signal: AbortSignal) =>
  call('POST /api/client/orders/calculate-discount/', { body, signal });

/** GET success/?order_id= or welcome/?order_id= (the confirmation pages). */
export const getConfirmation = (
  page: 'success' | 'welcome',
  orderId: number,
  source?: string | null,
  signal?: AbortSignal,
) =>
  call(page === 'success' ? 'GET /api/client/orders/success/' : 'GET /api/client/orders/welcome/', {
    query: { order_id: orderId, ...(source ? { source } : {}) },
    ...(signal ? { signal } : {}),
  });

export type { UploadedFile };
