// The orders API (prefix /api/client/orders/, spec point 7): the rules and constants the server and the SPA share.
// Nothing here imports zod (the SPA's first visit may import this file): the schemas of what goes in and comes back,
// with the types inferred from them, and the endpoint rows are in orders.api.ts.
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
// - Promo codes are data: staff add them (POST /api/staff/promo-codes/) with a percent or an amount, validity dates
//   and a usage limit; PROMO_MESSAGES below say why one is refused. A use is taken when an order is created with
//   the code (or an edit adds it) and given back when an edit removes it. Bonus roubles may cover at most 30 % of
//   the cost (BONUS_MAX_SHARE).

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

/** A file's size, files per order, and one upload request's body (several files with their multipart envelope). */
export const FILE_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxPerOrder: 30,
  maxRequestBytes: 50 * 1024 * 1024,
} as const;
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
/**
 * Why a promo code is refused, at the field promo_code of the order form and in calculate-discount/'s detail.
 * A code is case-insensitive; it applies while it is on, inside its dates and under its usage limit.
 */
export const PROMO_MESSAGES = {
  unknown: 'Такого промокода нет. Проверьте, как он написан.',
  inactive: 'Этот промокод больше не действует.',
  expired: 'Срок действия промокода истёк.',
  /** followed by the day (and the Moscow time, when not midnight) it starts: 'Промокод действует с 01.12.2026.' */
  notYetValid: (from: string) => `Промокод действует с ${from}.`,
  usedUp: 'Этот промокод уже использован максимальное число раз.',
} as const;

/** 'YYYY-MM-DD', or a full ISO date-time with a zone. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A deadline as sent ('YYYY-MM-DD' or an ISO date-time), or null when it is neither. A date-only value is kept at
 * 12:00 UTC of its day: the same calendar day in every customer's time zone. Its range (from tomorrow, before
 * today + N days) depends on the clock and is the server's to check.
 */
export function parseDeadline(input: string): Date | null {
  const s = input.trim();
  const m = DATE_ONLY.exec(s);
  if (m) {
    const d = new Date(`${s}T12:00:00Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : d;
  }
  if (!DATE_TIME.test(s)) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The order form's link (spec 5, URL format check): an absolute http(s) address with a dotted host. */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}
