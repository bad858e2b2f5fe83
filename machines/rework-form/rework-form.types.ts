import type { CreateReworkRequest, Rework } from '../../contract/orders.api';
import type { ApiErrorInfo } from '../shared/error-info';

export type { CreateReworkRequest, Rework };

// ---- Input -----------------------------------------------------------------------------------------------------
export interface ReworkFormInput {
  orderId: number;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface ReworkFormContext {
  orderId: number;
  /** The server's answer: a detail and/or field errors ({ comment: [...], deadline: [...] }). */
  error: ApiErrorInfo | null;
  created: Rework | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type ReworkFormEvent =
  /** The form checked its fields (spec 5 date rules) before sending. */
  | { type: 'rework.submit'; request: CreateReworkRequest }
  /** Start another request after a sent one. */
  | { type: 'rework.reset' };
