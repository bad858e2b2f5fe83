// The orders API (prefix /api/client/orders/, spec point 7): request and response bodies shared by the server and
// the SPA. Types and small constants only.
//
// Design decisions not given by the spec (the server enforces them; the SPA may mirror them in its forms):
// - Dates: a deadline is sent as 'YYYY-MM-DD' (or a full ISO date-time). A date-only value is stored at 12:00 UTC of
//   that day, so it shows as the same calendar day in every time zone of our customers. "Tomorrow" is counted in
//   Moscow time (UTC+3).
// - The order form: deadline from tomorrow (spec 5, date minimum) to before today + 365 days (spec 5, date maximum);
//   pages 1..300; originality 0..100 %; link must be an http(s) URL (spec 5, URL format check).
// - Pricing: base rate per page of the work type × urgency multiplier (fewer days to the deadline → dearer) ×
//   (1 + originality surcharge: 1.5 % per percentage point above 70 %), rounded to 10 ₽, never under the work type's
//   minimum. The work type 'Другое' has no rate: such an order waits for the manager's price (status 'pricing').
//   A priced order waits for payment (status 'awaitingPayment'); paid in full → 'inWork'.
// - Delivery: a FINAL file (uploaded by staff) moves the order to 'guarantee' and sets guarantee_until = now + 20
//   days (GUARANTEE_DAYS). Until then the customer may ask for free reworks: a rework request moves the order to
//   'rework'; when the writer answers with status 'done' the order returns to 'guarantee' (or 'done' when the
//   guarantee has ended). An order whose guarantee has ended becomes 'done' (checked whenever the customer reads).
// - A rework deadline: from tomorrow to before now + 30 days (REWORK_MAX_DAYS).
// - Files: at most 20 MB each, 30 per order, types in ALLOWED_FILE_EXTENSIONS; stored under server-made names.
// - Trash: DELETE {id}/ moves an order to the trash (is_trash; shown as status 16 'Архивный заказ', tab archive);
//   orders in work ('inWork', 'rework') cannot be deleted. PATCH {id}/restore/ takes it back.
// - Promo codes: PROMO_CODES below; bonus roubles may cover at most 30 % of the cost (BONUS_MAX_SHARE).
import type { OrderTab } from './order-status';

export const WORK_TYPES = [
  'Курсовая работа',
  'Дипломная работа',
  'Магистерская диссертация',
  'Реферат',
  'Контрольная работа',
  'Эссе',
  'Отчёт по практике',
  'Лабораторная работа',
  'Решение задач',
  'Презентация',
  'Статья',
  'Другое',
] as const;
export type WorkType = (typeof WORK_TYPES)[number];

export const ORDER_LIMITS = {
  pagesMin: 1,
  pagesMax: 300,
  originalityMin: 0,
  originalityMax: 100,
  deadlineMaxDays: 365,
  topicMax: 500,
  subjectMax: 200,
  requirementsMax: 10000,
  linkMax: 2000,
} as const;

export const GUARANTEE_DAYS = 20;
export const REWORK_MAX_DAYS = 30;
export const REWORK_COMMENT = { min: 10, max: 5000 } as const;
export const CHAT_TEXT_MAX = 4000;

export const FILE_LIMITS = { maxBytes: 20 * 1024 * 1024, maxPerOrder: 30 } as const;
export const ALLOWED_FILE_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'rtf',
  'odt',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'zip',
  'rar',
  '7z',
] as const;

export const BONUS_MAX_SHARE = 0.3;
export const PROMO_CODES: Record<string, { percent?: number; amount?: number; title: string }> = {
  STUDENT10: { percent: 10, title: 'Скидка студента 10 %' },
  SESSION15: { percent: 15, title: 'Сессия без стресса: 15 %' },
  WELCOME500: { amount: 500, title: '500 ₽ на первый заказ' },
};

export interface StatusRef {
  id: number;
  title: string;
}

// ---- list ----------------------------------------------------------------------------------------------------
export interface OrderListQuery {
  tab?: OrderTab;
  /** Matches the topic or the subject (case-insensitive), or the order number. */
  search?: string;
  page?: number;
  /** 1..50, default 20. */
  page_size?: number;
}

export interface OrderCounters {
  active: number;
  archive: number;
  done: number;
}

export interface OrderListItem {
  id: number;
  /** For an order in the trash: { id: 16, title: 'Архивный заказ' }. */
  status: StatusRef;
  is_trash: boolean;
  work_type: string;
  subject: string;
  topic: string;
  deadline: string;
  price: number;
  paid: number;
  created_at: string;
  /** Chat messages of the writer and the manager the customer has not read. */
  unread: number;
}

export interface OrderList {
  next: string | null;
  previous: string | null;
  count: number;
  results: OrderListItem[];
  counters: OrderCounters;
}

// ---- files ---------------------------------------------------------------------------------------------------
export type FileKind = 'customer' | 'intermediate' | 'final';
export type Author = 'customer' | 'writer' | 'manager';

export interface OrderFile {
  id: number;
  /** The original name, Russian intact. */
  name: string;
  size: number;
  mime: string;
  kind: FileKind;
  author: Author;
  is_reviewed: boolean;
  created_at: string;
  /** GET it with the bearer token; the answer is an attachment. */
  url: string;
}

/** A file uploaded before it belongs to an order (ajax-files, draft files, chat and rework attachments). */
export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  mime: string;
}

/** POST {id}/files/ (multipart, field `file`, one or more). */
export interface UploadOrderFilesResponse {
  results: OrderFile[];
}

export interface FileList {
  next: null;
  previous: null;
  count: number;
  results: OrderFile[];
}

// ---- order ---------------------------------------------------------------------------------------------------
export interface OrderDetail extends OrderListItem {
  pages: number;
  originality: number;
  requirements: string;
  link: string;
  files: OrderFile[];
  files_without_qc: boolean;
  guarantee_until: string | null;
  reworks_count: number;
  /** May the customer still edit the order (status new, pricing or awaitingPayment, not in the trash)? */
  is_editable: boolean;
  /** May the customer ask for a rework now? */
  can_request_rework: boolean;
  updated_at: string;
}

/** POST / (create) and PATCH {id}/ (edit; any subset). Deadline 'YYYY-MM-DD' or ISO date-time. */
export interface OrderForm {
  work_type: string;
  subject?: string;
  topic: string;
  deadline: string;
  pages: number;
  originality?: number;
  requirements?: string;
  link?: string;
  /** Ids from POST ajax-files/. */
  file_ids?: number[];
  /**
   * Applied by the server (an unknown one is a field error at promo_code; on edit, '' removes it and no value
   * keeps the stored one); no price or discount is ever taken from the body.
   */
  promo_code?: string;
}

export interface CreateOrderRequest extends OrderForm {
  /** The draft this order was typed in; it is removed and its files move to the order. */
  draft_id?: number;
}

export interface CreateOrderResponse {
  order: OrderDetail;
  /** The customer's first order: the SPA goes to /order/{id}/success, else /order/{id}/welcome. */
  is_first_order: boolean;
}

/** DELETE {id}/ and PATCH {id}/restore/. */
export interface TrashResponse {
  id: number;
  is_trash: boolean;
  status: StatusRef;
  counters: OrderCounters;
}

// ---- drafts ('fake' orders) ----------------------------------------------------------------------------------
/** A draft keeps whatever the customer typed, as typed (lenient): numbers may still be strings. */
export interface DraftFields {
  work_type?: string | null;
  subject?: string | null;
  topic?: string | null;
  deadline?: string | null;
  pages?: number | string | null;
  originality?: number | string | null;
  requirements?: string | null;
  link?: string | null;
}

export interface Draft extends DraftFields {
  id: number;
  files: UploadedFile[];
  created_at: string;
  updated_at: string;
}

// ---- reworks -------------------------------------------------------------------------------------------------
export type ReworkStatus = 'new' | 'in_progress' | 'done';

export interface CreateReworkRequest {
  comment: string;
  deadline: string;
  file_ids?: number[];
}

export interface Rework {
  id: number;
  order_id: number;
  status: ReworkStatus;
  comment: string;
  deadline: string;
  files: OrderFile[];
  /** The writer's answer, once given. */
  answer: string | null;
  answered_at: string | null;
  created_at: string;
}

export interface ReworkList {
  next: null;
  previous: null;
  count: number;
  results: Rework[];
}

// ---- chat ----------------------------------------------------------------------------------------------------
export interface ChatMessage {
  id: number;
  order_id: number;
  author: Author;
  author_name: string;
  text: string;
  files: OrderFile[];
  created_at: string;
  /** For messages of the writer and the manager: when the customer read them. */
  read_at: string | null;
  /** The id the client made up for an optimistic send (uuid); null for staff messages. */
  client_id: string | null;
}

/** GET {id}/messages/?after=&before=&limit= (limit 1..200, default 50): ascending by id. */
export interface ChatPage {
  results: ChatMessage[];
  /** More messages exist beyond this page (older ones for `before`/no cursor, newer ones for `after`). */
  has_more: boolean;
  unread: number;
}

export interface SendMessageRequest {
  text: string;
  /** uuid; sending the same client_id again answers the same message (idempotent retry). */
  client_id: string;
  file_ids?: number[];
}

export interface ReadMessagesResponse {
  unread: number;
}

// ---- pricing -------------------------------------------------------------------------------------------------
export interface CalculateCostRequest {
  work_type: string;
  pages: number;
  deadline: string;
  originality?: number;
}

export interface CostBreakdown {
  base_rate: number;
  pages: number;
  days: number;
  urgency_multiplier: number;
  originality_surcharge_percent: number;
  minimum: number;
}

export interface CalculateCostResponse {
  /** null: the work type is priced by the manager. */
  cost: number | null;
  currency: 'RUB';
  breakdown: CostBreakdown | null;
}

export interface CalculateDiscountRequest {
  cost: number;
  promo_code?: string;
  /** true: as much bonus as allowed (the payment checks the balance); a number: that many bonus roubles. */
  use_bonus?: boolean | number;
}

export interface CalculateDiscountResponse {
  discount: number;
  bonus_used: number;
  total: number;
  promo_valid: boolean;
  detail?: string;
}

// ---- confirmation pages --------------------------------------------------------------------------------------
/** GET success/?order_id= and GET welcome/?order_id= (without order_id: the latest order). */
export interface OrderConfirmation {
  order: OrderListItem;
  is_first_order: boolean;
  title: string;
  next_steps: string[];
}

// ---- awaiting payment (for the payments issue) ----------------------------------------------------------------
export interface OrderAwaitingPayment {
  id: number;
  topic: string;
  work_type: string;
  price: number;
  paid: number;
  /** price - paid */
  due: number;
  deadline: string;
}
