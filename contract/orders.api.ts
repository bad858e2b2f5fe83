// Orders (spec point 7 "Orders", prefix /api/client/orders/): what goes in and comes out of each call, as zod/mini
// schemas with the Russian messages the customer reads, and the endpoint rows. The rules in words and the constants
// are in orders.ts. The deadline's range depends on the clock: the server checks it after parsing (see
// server/domain/order-form.ts) and answers its message at `deadline` beside the other field errors.
import * as z from 'zod/mini';
import { endpoint, Id, page } from './http';
import { ORDER_TABS } from './params';
import { FILTER_STATUS_IDS, ORDER_SORTS, parseDay, parseFlag, SEARCH_MAX } from './order-query';
import {
  CHAT_TEXT_MAX,
  FILE_LIMITS,
  isHttpUrl,
  ORDER_LIMITS,
  parseDeadline,
  REWORK_COMMENT,
  WORK_TYPES,
} from './orders';

// ---- Pieces ----------------------------------------------------------------------------------------------------
/** An id in a path: the route takes 1–9 digits (another customer's order and no order at all are the same 404). */
const PathId = z.coerce.number().check(z.int(), z.gte(0));
export const OrderParams = z.object({ id: PathId });
export const DraftParams = z.object({ draft: PathId });
export const DraftFileParams = z.object({ draft: PathId, file: PathId });
export const FileParams = z.object({ file: PathId });
export const OrderFileParams = z.object({ id: PathId, file: PathId });
export const ReworkParams = z.object({ id: PathId, rework: PathId });

/** A database id in a query: a positive integer. */
const QueryId = (error: string) =>
  z.coerce.number({ error }).check(z.int(error), z.gte(1, error), z.lte(2_000_000_000, error));

/** A list answered whole: `{ next: null, previous: null, count, results }`. */
const wholeList = <T extends z.core.$ZodType>(item: T) =>
  z.object({ next: z.null(), previous: z.null(), count: z.number(), results: z.array(item) });

// ---- Answers ---------------------------------------------------------------------------------------------------
export const StatusRef = z.object({ id: z.number(), title: z.string() });
export type StatusRef = z.infer<typeof StatusRef>;

export const OrderCounters = z.object({ active: z.number(), archive: z.number(), done: z.number() });
export type OrderCounters = z.infer<typeof OrderCounters>;

export const OrderListItem = z.object({
  id: z.number(),
  /** For an order in the trash: { id: 16, title: 'Архивный заказ' }. */
  status: StatusRef,
  is_trash: z.boolean(),
  work_type: z.string(),
  subject: z.string(),
  topic: z.string(),
  deadline: z.string(),
  price: z.number(),
  paid: z.number(),
  created_at: z.string(),
  /** Chat messages of the writer and the manager the customer has not read. */
  unread: z.number(),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

export const OrderList = z.extend(page(OrderListItem), {
  counters: OrderCounters,
  /** While a search or a filter is on: how many orders match it in each tab; else null. */
  matches: z.optional(z.nullable(OrderCounters)),
});
export type OrderList = z.infer<typeof OrderList>;

export const FileKind = z.enum(['customer', 'intermediate', 'final']);
export type FileKind = z.infer<typeof FileKind>;
export const Author = z.enum(['customer', 'writer', 'manager']);
export type Author = z.infer<typeof Author>;

export const OrderFile = z.object({
  id: z.number(),
  /** The original name, Russian intact. */
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  kind: FileKind,
  author: Author,
  is_reviewed: z.boolean(),
  created_at: z.string(),
  /** GET it with the bearer token; the answer is an attachment. */
  url: z.string(),
});
export type OrderFile = z.infer<typeof OrderFile>;

/** A file uploaded before it belongs to an order (ajax-files, draft files, chat and rework attachments). */
export const UploadedFile = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** POST {id}/files/ (multipart, field `file`, one or more). */
export const UploadOrderFilesResponse = z.object({ results: z.array(OrderFile) });
export type UploadOrderFilesResponse = z.infer<typeof UploadOrderFilesResponse>;

export const FileList = wholeList(OrderFile);
export type FileList = z.infer<typeof FileList>;

export const OrderDetail = z.extend(OrderListItem, {
  pages: z.number(),
  originality: z.number(),
  requirements: z.string(),
  link: z.string(),
  files: z.array(OrderFile),
  files_without_qc: z.boolean(),
  /** The promo code the price was computed with (upper case), or null; edit sends a new one or '' to remove it. */
  promo_code: z.nullable(z.string()),
  guarantee_until: z.nullable(z.string()),
  reworks_count: z.number(),
  /** May the customer still edit the order (status new, pricing or awaitingPayment, not in the trash)? */
  is_editable: z.boolean(),
  /** May the customer ask for a rework now? */
  can_request_rework: z.boolean(),
  updated_at: z.string(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const CreateOrderResponse = z.object({
  order: OrderDetail,
  /** The customer's first order: the SPA goes to /order/{id}/success, else /order/{id}/welcome. */
  is_first_order: z.boolean(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

/** DELETE {id}/ and PATCH {id}/restore/. */
export const TrashResponse = z.object({
  id: z.number(),
  is_trash: z.boolean(),
  status: StatusRef,
  counters: OrderCounters,
});
export type TrashResponse = z.infer<typeof TrashResponse>;

/** A draft field as typed (lenient): numbers may still be strings; null when empty. */
const draftText = z.nullable(z.string());
const draftNumber = z.nullable(z.union([z.number(), z.string()]));
export const Draft = z.object({
  id: z.number(),
  work_type: draftText,
  subject: draftText,
  topic: draftText,
  deadline: draftText,
  pages: draftNumber,
  originality: draftNumber,
  requirements: draftText,
  link: draftText,
  files: z.array(UploadedFile),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Draft = z.infer<typeof Draft>;

export const ReworkStatus = z.enum(['new', 'in_progress', 'done']);
export type ReworkStatus = z.infer<typeof ReworkStatus>;

export const Rework = z.object({
  id: z.number(),
  order_id: z.number(),
  status: ReworkStatus,
  comment: z.string(),
  deadline: z.string(),
  files: z.array(OrderFile),
  /** The writer's answer, once given. */
  answer: z.nullable(z.string()),
  answered_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type Rework = z.infer<typeof Rework>;

export const ReworkList = wholeList(Rework);
export type ReworkList = z.infer<typeof ReworkList>;

export const ChatMessage = z.object({
  id: z.number(),
  order_id: z.number(),
  author: Author,
  author_name: z.string(),
  text: z.string(),
  files: z.array(OrderFile),
  created_at: z.string(),
  /** For messages of the writer and the manager: when the customer read them. */
  read_at: z.nullable(z.string()),
  /** The id the client made up for an optimistic send (uuid); null for staff messages. */
  client_id: z.nullable(z.string()),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** GET {id}/messages/?after=&before=&limit= (limit 1..200, default 50): ascending by id. */
export const ChatPage = z.object({
  results: z.array(ChatMessage),
  /** More messages exist beyond this page (older ones for `before`/no cursor, newer ones for `after`). */
  has_more: z.boolean(),
  unread: z.number(),
});
export type ChatPage = z.infer<typeof ChatPage>;

export const ReadMessagesResponse = z.object({ unread: z.number() });
export type ReadMessagesResponse = z.infer<typeof ReadMessagesResponse>;

export const CostBreakdown = z.object({
  base_rate: z.number(),
  pages: z.number(),
  days: z.number(),
  urgency_multiplier: z.number(),
  originality_surcharge_percent: z.number(),
  minimum: z.number(),
});
export type CostBreakdown = z.infer<typeof CostBreakdown>;

export const CalculateCostResponse = z.object({
  /** null: the work type is priced by the manager. */
  cost: z.nullable(z.number()),
  currency: z.literal('RUB'),
  breakdown: z.nullable(CostBreakdown),
});
export type CalculateCostResponse = z.infer<typeof CalculateCostResponse>;

export const CalculateDiscountResponse = z.object({
  discount: z.number(),
  bonus_used: z.number(),
  total: z.number(),
  promo_valid: z.boolean(),
  detail: z.optional(z.string()),
});
export type CalculateDiscountResponse = z.infer<typeof CalculateDiscountResponse>;

/** GET success/?order_id= and GET welcome/?order_id= (without order_id: the latest order). */
export const OrderConfirmation = z.object({
  order: OrderListItem,
  is_first_order: z.boolean(),
  title: z.string(),
  next_steps: z.array(z.string()),
});
export type OrderConfirmation = z.infer<typeof OrderConfirmation>;

/** An order waiting for payment (the payments group lists them). */
export const OrderAwaitingPayment = z.object({
  id: z.number(),
  topic: z.string(),
  work_type: z.string(),
  price: z.number(),
  paid: z.number(),
  /** price - paid */
  due: z.number(),
  deadline: z.string(),
});
export type OrderAwaitingPayment = z.infer<typeof OrderAwaitingPayment>;

// ---- Requests --------------------------------------------------------------------------------------------------
/**
 * A deadline, 'YYYY-MM-DD' or an ISO date-time, parsed to a Date (a date-only value at 12:00 UTC). Its range
 * (from tomorrow, before today + N days) is the server's check against its clock.
 */
export const Deadline = z.pipe(
  z.string({ error: 'Укажите срок сдачи.' }),
  z.transform((raw: string, ctx) => {
    const date = parseDeadline(raw);
    if (!date) ctx.issues.push({ code: 'custom', message: 'Укажите дату в формате ГГГГ-ММ-ДД.', input: raw });
    return date ?? z.NEVER;
  }),
);

/** Ids from POST ajax-files/. */
const fileIds = z
  .array(z.number({ error: 'Неверный файл.' }).check(z.int(), z.positive()), {
    error: 'Неверный список файлов.',
  })
  .check(z.maxLength(FILE_LIMITS.maxPerOrder, 'Слишком много файлов.'));

/** File ids of a chat message or a rework (uploaded through ajax-files/ first). */
const attachedFileIds = (max: number) =>
  z
    .array(z.number().check(z.int(), z.positive()), { error: 'Неверный список файлов.' })
    .check(z.maxLength(max));

const promoCode = z
  .string({ error: 'Промокод — это текст.' })
  .check(z.trim(), z.maxLength(50, 'Слишком длинный промокод.'));

/** The fields of the order form (spec 5 gives the date min/max and the URL check; the rest is ours, see orders.ts). */
const form = {
  work_type: z.enum(WORK_TYPES, { error: 'Выберите тип работы из списка.' }),
  subject: z
    .string({ error: 'Предмет — это текст.' })
    .check(
      z.trim(),
      z.maxLength(ORDER_LIMITS.subjectMax, `Предмет — не длиннее ${ORDER_LIMITS.subjectMax} символов.`),
    ),
  topic: z
    .string({ error: 'Укажите тему работы.' })
    .check(
      z.trim(),
      z.minLength(3, 'Тема — не короче 3 символов.'),
      z.maxLength(ORDER_LIMITS.topicMax, `Тема — не длиннее ${ORDER_LIMITS.topicMax} символов.`),
    ),
  deadline: Deadline,
  pages: z
    .number({ error: 'Укажите число страниц.' })
    .check(
      z.int('Число страниц — целое число.'),
      z.gte(ORDER_LIMITS.pagesMin, `Не меньше ${ORDER_LIMITS.pagesMin} страницы.`),
      z.lte(ORDER_LIMITS.pagesMax, `Не больше ${ORDER_LIMITS.pagesMax} страниц.`),
    ),
  originality: z
    .number({ error: 'Укажите оригинальность в процентах.' })
    .check(
      z.int('Оригинальность — целое число процентов.'),
      z.gte(ORDER_LIMITS.originalityMin, 'Оригинальность — от 0 до 100 %.'),
      z.lte(ORDER_LIMITS.originalityMax, 'Оригинальность — от 0 до 100 %.'),
    ),
  requirements: z
    .string({ error: 'Требования — это текст.' })
    .check(
      z.maxLength(
        ORDER_LIMITS.requirementsMax,
        `Требования — не длиннее ${ORDER_LIMITS.requirementsMax} символов.`,
      ),
    ),
  link: z.string({ error: 'Ссылка — это текст.' }).check(
    z.trim(),
    z.maxLength(ORDER_LIMITS.linkMax, 'Слишком длинная ссылка.'),
    z.refine((s) => s === '' || isHttpUrl(s), 'Укажите ссылку в формате https://…'),
  ),
  file_ids: fileIds,
  /**
   * Applied by the server (an unknown one is a field error at promo_code; on edit, '' removes it and no value
   * keeps the stored one); no price or discount is ever taken from the body.
   */
  promo_code: promoCode,
};

/** POST / (create). Deadline 'YYYY-MM-DD' or ISO date-time. */
export const CreateOrderRequest = z.object({
  work_type: form.work_type,
  subject: z.optional(form.subject),
  topic: form.topic,
  deadline: form.deadline,
  pages: form.pages,
  originality: z.optional(form.originality),
  requirements: z.optional(form.requirements),
  link: z.optional(form.link),
  file_ids: z.optional(form.file_ids),
  promo_code: z.optional(form.promo_code),
  /** The draft this order was typed in; it is removed and its files move to the order. */
  draft_id: z.optional(z.number({ error: 'Неверный черновик.' }).check(z.int(), z.positive())),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

/** PATCH {id}/ (edit): any subset of the form. */
export const EditOrderRequest = z.object({
  work_type: z.optional(form.work_type),
  subject: z.optional(form.subject),
  topic: z.optional(form.topic),
  deadline: z.optional(form.deadline),
  pages: z.optional(form.pages),
  originality: z.optional(form.originality),
  requirements: z.optional(form.requirements),
  link: z.optional(form.link),
  file_ids: z.optional(form.file_ids),
  promo_code: z.optional(form.promo_code),
});
export type EditOrderRequest = z.input<typeof EditOrderRequest>;

export const CalculateCostRequest = z.object({
  work_type: form.work_type,
  pages: form.pages,
  deadline: form.deadline,
  originality: z.optional(form.originality),
});
export type CalculateCostRequest = z.input<typeof CalculateCostRequest>;

export const CalculateDiscountRequest = z.object({
  cost: z
    .number({ error: 'Укажите стоимость.' })
    .check(z.int('Стоимость — целое число рублей.'), z.gte(0), z.lte(10_000_000)),
  promo_code: z.optional(z.string().check(z.trim(), z.maxLength(50, 'Слишком длинный промокод.'))),
  /** true: as much bonus as allowed (the payment checks the balance); a number: that many bonus roubles. */
  use_bonus: z.optional(
    z.union([z.boolean(), z.number().check(z.int(), z.gte(0))], { error: 'Неверное значение бонусов.' }),
  ),
});
export type CalculateDiscountRequest = z.input<typeof CalculateDiscountRequest>;

const FLAG_VALUES = ['1', '0', 'true', 'false'] as const;
/** A yes/no of a query: 1, 0, true or false. */
const queryFlag = () =>
  z.pipe(
    z.enum(FLAG_VALUES, { error: 'Ожидается 1 или 0.' }),
    z.transform((v: (typeof FLAG_VALUES)[number]) => parseFlag(v)),
  );

const pageNumberError = 'Неверный номер страницы.';
const pageSizeError = 'Неверный размер страницы.';
const pageSizeRange = 'Размер страницы — от 1 до 50.';
export const OrderListQuery = z.object({
  tab: z.optional(z.enum(ORDER_TABS, { error: 'Неизвестная вкладка.' })),
  /** Matches the order number, or the topic or the subject (any case, ё = е). */
  search: z.optional(z.string().check(z.maxLength(SEARCH_MAX, 'Слишком длинный запрос.'))),
  /** A status id as the list shows it (16: in the archive). */
  status: z.optional(
    z.coerce
      .number({ error: 'Неизвестный статус.' })
      .check(z.refine((n) => FILTER_STATUS_IDS.includes(n), 'Неизвестный статус.')),
  ),
  work_type: z.optional(z.enum(WORK_TYPES, { error: 'Неизвестный тип работы.' })),
  /** 'YYYY-MM-DD' in Moscow time, inclusive. */
  deadline_from: z.optional(
    z.string().check(z.refine((v) => parseDay(v) !== undefined, 'Неверная дата: ожидается ГГГГ-ММ-ДД.')),
  ),
  deadline_to: z.optional(
    z.string().check(z.refine((v) => parseDay(v) !== undefined, 'Неверная дата: ожидается ГГГГ-ММ-ДД.')),
  ),
  /** 1/true: only orders waiting for payment. */
  awaiting_payment: z.optional(queryFlag()),
  /** 1/true: only orders with unread chat messages. */
  unread: z.optional(queryFlag()),
  /** deadline, created, updated or price; a leading '-' sorts descending. Default '-created' (newest first). */
  ordering: z.optional(z.enum(ORDER_SORTS, { error: 'Неизвестная сортировка.' })),
  page: z._default(
    z.coerce
      .number({ error: pageNumberError })
      .check(z.int(pageNumberError), z.gte(1, pageNumberError), z.lte(1_000_000)),
    1,
  ),
  /** 1..50, default 20. */
  page_size: z._default(
    z.coerce
      .number({ error: pageSizeError })
      .check(z.int(pageSizeError), z.gte(1, pageSizeRange), z.lte(50, pageSizeRange)),
    20,
  ),
});
export type OrderListQuery = z.input<typeof OrderListQuery>;

/** GET continue/?id= (that draft) or continue/ (the latest draft, or a new one). */
export const ContinueQuery = z.object({ id: z.optional(Id) });

/** GET success/ and welcome/. */
export const ConfirmationQuery = z.object({
  order_id: z.optional(QueryId('Неверный номер заказа.')),
  source: z.optional(z.string().check(z.maxLength(100))),
});

const draftTextPatch = (max: number) =>
  z.optional(
    z.union([z.string().check(z.maxLength(max, `Не длиннее ${max} символов.`)), z.null()], {
      error: 'Ожидается текст.',
    }),
  );
const draftNumberPatch = z.optional(
  z.union([z.number(), z.string().check(z.maxLength(20, 'Слишком длинное значение.')), z.null()], {
    error: 'Ожидается число.',
  }),
);
/**
 * PATCH fake/{id}/. Lenient: the draft keeps what the customer typed, as typed (a half-written date, '12' for pages),
 * so no input is ever lost. Only wrong kinds of values and absurd lengths are refused; the order form checks the
 * rest on submit.
 */
export const DraftPatch = z.object({
  work_type: draftTextPatch(200),
  subject: draftTextPatch(1000),
  topic: draftTextPatch(2000),
  deadline: draftTextPatch(40),
  pages: draftNumberPatch,
  originality: draftNumberPatch,
  requirements: draftTextPatch(20000),
  link: draftTextPatch(4000),
});
/** A draft keeps whatever the customer typed, as typed (lenient): numbers may still be strings. */
export type DraftFields = z.input<typeof DraftPatch>;

const yesOrNo = z.boolean({ error: 'Ожидается true или false.' });
export const FilesWithoutQcRequest = z.object({ files_without_qc: yesOrNo });
export const ReviewedRequest = z.object({ is_reviewed: yesOrNo });

export const CreateReworkRequest = z.object({
  comment: z
    .string({ error: 'Опишите, что нужно доработать.' })
    .check(
      z.trim(),
      z.minLength(
        REWORK_COMMENT.min,
        `Опишите доработку подробнее: не меньше ${REWORK_COMMENT.min} символов.`,
      ),
      z.maxLength(REWORK_COMMENT.max, `Не длиннее ${REWORK_COMMENT.max} символов.`),
    ),
  /** From tomorrow to before now + REWORK_MAX_DAYS (the server's clock). */
  deadline: Deadline,
  file_ids: z.optional(attachedFileIds(30)),
});
export type CreateReworkRequest = z.input<typeof CreateReworkRequest>;

const cursor = z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(2_000_000_000)));
const limitRange = 'limit — от 1 до 200.';
export const MessagesQuery = z.object({
  after: cursor,
  before: cursor,
  limit: z._default(
    z.coerce
      .number({ error: 'Неверный limit.' })
      .check(z.int(), z.gte(1, limitRange), z.lte(200, limitRange)),
    50,
  ),
});

export const SendMessageRequest = z
  .object({
    text: z
      .string({ error: 'Напишите сообщение.' })
      .check(z.trim(), z.maxLength(CHAT_TEXT_MAX, `Сообщение — не длиннее ${CHAT_TEXT_MAX} символов.`)),
    /** uuid; sending the same client_id again answers the same message (idempotent retry). */
    client_id: z.uuid({ error: 'client_id должен быть UUID.' }),
    file_ids: z.optional(attachedFileIds(FILE_LIMITS.maxPerOrder)),
  })
  .check(
    z.refine((b) => b.text.length > 0 || (b.file_ids?.length ?? 0) > 0, {
      message: 'Напишите сообщение или приложите файл.',
      path: ['text'],
    }),
  );
export type SendMessageRequest = z.input<typeof SendMessageRequest>;

export const ReadMessagesRequest = z.object({
  up_to_id: z.number({ error: 'Укажите up_to_id.' }).check(z.int(), z.gte(0), z.lte(2_000_000_000)),
});

/**
 * A multipart body with one or more files in the field `file` (text values under that name are not files). The SPA
 * sends a FormData; the server reads it with this schema. No file at all: `{ detail: 'Файл не передан.' }`.
 */
export const FilesForm = z.pipe(
  z.record(z.string(), z.unknown()),
  z.transform((body, ctx) => {
    const raw = body.file;
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const files = list.filter((v): v is File => typeof v !== 'string');
    if (files.length === 0) ctx.issues.push({ code: 'custom', message: 'Файл не передан.', input: body });
    return { ...body, file: files };
  }),
);

// ---- Endpoints -------------------------------------------------------------------------------------------------
export const ordersApi = {
  // The list and the new order
  'GET /api/client/orders/': endpoint({
    query: OrderListQuery,
    answer: OrderList,
    errors: [400, 401],
    auth: 'customer',
  }),
  'POST /api/client/orders/': endpoint({
    body: CreateOrderRequest,
    answer: CreateOrderResponse,
    status: 201,
    errors: [400, 401],
    auth: 'customer',
  }),

  // Drafts ('fake' orders) and the form's files before the order exists
  'GET /api/client/orders/continue/': endpoint({
    query: ContinueQuery,
    answer: Draft,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'GET /api/client/orders/fake/:draft/': endpoint({
    params: DraftParams,
    answer: Draft,
    errors: [401, 404],
    auth: 'customer',
  }),
  'PATCH /api/client/orders/fake/:draft/': endpoint({
    params: DraftParams,
    body: DraftPatch,
    answer: Draft,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'POST /api/client/orders/fake/:draft/fake-files/': endpoint({
    params: DraftParams,
    form: true,
    bodyLimit: FILE_LIMITS.maxRequestBytes,
    answer: z.object({ results: z.array(UploadedFile) }),
    status: 201,
    errors: [400, 401, 404, 413],
    auth: 'customer',
  }),
  'DELETE /api/client/orders/fake/:draft/delete-fake-file/:file/': endpoint({
    params: DraftFileParams,
    status: 204,
    errors: [401, 404],
    auth: 'customer',
  }),
  'POST /api/client/orders/ajax-files/': endpoint({
    form: true,
    bodyLimit: FILE_LIMITS.maxRequestBytes,
    answer: UploadedFile,
    status: 201,
    errors: [400, 401, 413],
    auth: 'customer',
  }),
  'DELETE /api/client/orders/delete-ajax-file/:file/': endpoint({
    params: FileParams,
    status: 204,
    errors: [401, 404],
    auth: 'customer',
  }),

  // Pricing and the confirmation pages
  'POST /api/client/orders/calculate-cost/': endpoint({
    body: CalculateCostRequest,
    answer: CalculateCostResponse,
    errors: [400, 401],
    auth: 'customer',
  }),
  'POST /api/client/orders/calculate-discount/': endpoint({
    body: CalculateDiscountRequest,
    answer: CalculateDiscountResponse,
    errors: [400, 401],
    auth: 'customer',
  }),
  'GET /api/client/orders/success/': endpoint({
    query: ConfirmationQuery,
    answer: OrderConfirmation,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'GET /api/client/orders/welcome/': endpoint({
    query: ConfirmationQuery,
    answer: OrderConfirmation,
    errors: [400, 401, 404],
    auth: 'customer',
  }),

  // One order
  'GET /api/client/orders/:id/': endpoint({
    params: OrderParams,
    answer: OrderDetail,
    errors: [401, 404],
    auth: 'customer',
  }),
  'PATCH /api/client/orders/:id/': endpoint({
    params: OrderParams,
    body: EditOrderRequest,
    answer: OrderDetail,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  /** To the trash (shown as status 16 'Архивный заказ'); orders in work cannot go. */
  'DELETE /api/client/orders/:id/': endpoint({
    params: OrderParams,
    answer: TrashResponse,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'PATCH /api/client/orders/:id/restore/': endpoint({
    params: OrderParams,
    answer: TrashResponse,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'PATCH /api/client/orders/:id/not-editable-order/': endpoint({
    params: OrderParams,
    body: FilesWithoutQcRequest,
    answer: OrderDetail,
    errors: [400, 401, 404],
    auth: 'customer',
  }),

  // The order's files
  'GET /api/client/orders/:id/files/': endpoint({
    params: OrderParams,
    answer: FileList,
    errors: [401, 404],
    auth: 'customer',
  }),
  'POST /api/client/orders/:id/files/': endpoint({
    params: OrderParams,
    form: true,
    bodyLimit: FILE_LIMITS.maxRequestBytes,
    answer: UploadOrderFilesResponse,
    status: 201,
    errors: [400, 401, 404, 413],
    auth: 'customer',
  }),
  'GET /api/client/orders/:id/files/:file/download/': endpoint({
    params: OrderFileParams,
    answers: 'file',
    errors: [401, 404],
    auth: 'customer',
  }),
  /**
   * The bytes for the in-page viewer (contract/preview.ts): the type from the server's table, checked against the
   * first bytes; other types and mismatches answer 400.
   */
  'GET /api/client/orders/:id/files/:file/preview/': endpoint({
    params: OrderFileParams,
    answers: 'file',
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'PATCH /api/client/orders/:id/files/:file/': endpoint({
    params: OrderFileParams,
    body: ReviewedRequest,
    answer: OrderFile,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  /** Every file of the order in one streamed zip, 'Заказ {id}.zip'. */
  'POST /api/client/orders/:id/files/download-zip/': endpoint({
    params: OrderParams,
    answers: 'file',
    errors: [400, 401, 404],
    auth: 'customer',
  }),

  // Reworks
  'POST /api/client/orders/:id/reworks/': endpoint({
    params: OrderParams,
    body: CreateReworkRequest,
    answer: Rework,
    status: 201,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'GET /api/client/orders/:id/reworks/': endpoint({
    params: OrderParams,
    answer: ReworkList,
    errors: [401, 404],
    auth: 'customer',
  }),
  'GET /api/client/orders/:id/reworks/:rework/': endpoint({
    params: ReworkParams,
    answer: Rework,
    errors: [401, 404],
    auth: 'customer',
  }),

  // The chat
  'GET /api/client/orders/:id/messages/': endpoint({
    params: OrderParams,
    query: MessagesQuery,
    answer: ChatPage,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  /** 201 with the new message; the same client_id again answers 200 with the message already stored. */
  'POST /api/client/orders/:id/messages/': endpoint({
    params: OrderParams,
    body: SendMessageRequest,
    answer: ChatMessage,
    status: 201,
    otherStatuses: [200],
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'POST /api/client/orders/:id/messages/read/': endpoint({
    params: OrderParams,
    body: ReadMessagesRequest,
    answer: ReadMessagesResponse,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
} as const;

// ---- The staff's side (/api/staff/orders/…, the staff token): the writer and the manager -----------------------
export const StaffOrdersQuery = z.object({
  /** The customer's e-mail. */
  email: z.string().check(z.minLength(3, 'Укажите e-mail.')),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
});

const bulkCount = z.number().check(z.int(), z.gte(1), z.lte(50_000));
/** Orders in every status for load tests: `count` of them for the customer with that e-mail. */
export const StaffBulkOrdersRequest = z.object({ email: z.string().check(z.minLength(3)), count: bulkCount });
export const StaffBulkMessagesRequest = z.object({ count: bulkCount });

const StaffAuthor = z.enum(['writer', 'manager'], { error: 'author: writer или manager.' });
export const StaffMessageRequest = z.object({
  author: StaffAuthor,
  text: z.string().check(z.trim(), z.minLength(1, 'Пустое сообщение.'), z.maxLength(CHAT_TEXT_MAX)),
  /** Shown instead of 'Автор работы' or 'Менеджер'. */
  author_name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

/** Multipart: the files in `file`, and what they are. A final file delivers the order (the guarantee starts). */
export const StaffFilesForm = z.pipe(
  FilesForm,
  z.object({
    file: z.custom<File[]>(),
    kind: z.enum(['intermediate', 'final'], { error: 'kind: intermediate или final.' }),
    author: z._default(z.enum(['writer', 'manager']), 'writer'),
  }),
);

export const StaffStatusRequest = z.object({ status_id: z.number().check(z.int()) });
export const StaffPriceRequest = z.object({
  price: z.number().check(z.int('Цена — целое число рублей.'), z.gte(1), z.lte(10_000_000)),
});
export const StaffReworkAnswerRequest = z.object({
  text: z.string().check(z.trim(), z.minLength(1, 'Пустой ответ.'), z.maxLength(5000)),
  status: z.enum(['in_progress', 'done'], { error: 'status: in_progress или done.' }),
});

export const StaffOrderList = z.object({
  user_id: z.number(),
  count: z.number(),
  results: z.array(OrderListItem),
});
export type StaffOrderList = z.infer<typeof StaffOrderList>;
export const StaffBulkOrders = z.object({
  created: z.number(),
  first_id: z.optional(z.number()),
  last_id: z.optional(z.number()),
});
export const StaffBulkCreated = z.object({ created: z.number() });

const staffOrder = { errors: [400, 401, 404], auth: 'staff', role: 'support' } as const;

export const staffOrdersApi = {
  /** A customer's orders by e-mail. */
  'GET /api/staff/orders/': endpoint({
    query: StaffOrdersQuery,
    answer: StaffOrderList,
    ...staffOrder,
    audited: true,
  }),
  'POST /api/staff/orders/bulk/': endpoint({
    body: StaffBulkOrdersRequest,
    answer: StaffBulkOrders,
    status: 201,
    ...staffOrder,
  }),
  /** A message of the writer or the manager in the order's chat. */
  'POST /api/staff/orders/:id/messages/': endpoint({
    params: OrderParams,
    body: StaffMessageRequest,
    answer: ChatMessage,
    status: 201,
    ...staffOrder,
  }),
  'POST /api/staff/orders/:id/messages/bulk/': endpoint({
    params: OrderParams,
    body: StaffBulkMessagesRequest,
    answer: StaffBulkCreated,
    status: 201,
    ...staffOrder,
  }),
  /** Intermediate or final files (multipart, see StaffFilesForm). */
  'POST /api/staff/orders/:id/files/': endpoint({
    params: OrderParams,
    form: true,
    bodyLimit: FILE_LIMITS.maxRequestBytes,
    answer: UploadOrderFilesResponse,
    status: 201,
    errors: [400, 401, 404, 409, 413],
    auth: 'staff',
    role: 'support',
  }),
  'PATCH /api/staff/orders/:id/status/': endpoint({
    params: OrderParams,
    body: StaffStatusRequest,
    answer: OrderDetail,
    errors: [400, 401, 404, 409],
    auth: 'staff',
    role: 'support',
  }),
  'PATCH /api/staff/orders/:id/price/': endpoint({
    params: OrderParams,
    body: StaffPriceRequest,
    answer: OrderDetail,
    errors: [400, 401, 404, 409],
    auth: 'staff',
    role: 'support',
  }),
  /** The writer's answer to a rework; `done` returns the order to the guarantee (or to done). */
  'POST /api/staff/orders/:id/reworks/:rework/answer/': endpoint({
    params: ReworkParams,
    body: StaffReworkAnswerRequest,
    answer: Rework,
    ...staffOrder,
  }),
} as const;
