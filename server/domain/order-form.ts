import { z } from 'zod';
import { FILE_LIMITS, ORDER_LIMITS, WORK_TYPES } from '../../contract/orders';
import { deadlineProblem, parseDeadline } from './order-dates';

// The order form's rules (spec 5 gives date min/max and the URL check; the rest is ours, see the contract).

export function deadlineField(now: Date, maxDays: number) {
  return z.string({ error: 'Укажите срок сдачи.' }).transform((s, ctx) => {
    const d = parseDeadline(s);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'Укажите дату в формате ГГГГ-ММ-ДД.' });
      return z.NEVER;
    }
    const problem = deadlineProblem(d, now, maxDays);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return d;
  });
}

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

const fileIds = z
  .array(z.number({ error: 'Неверный файл.' }).int().positive(), { error: 'Неверный список файлов.' })
  .max(FILE_LIMITS.maxPerOrder, 'Слишком много файлов.');

function fields(now: Date) {
  return {
    work_type: z.enum(WORK_TYPES, { error: 'Выберите тип работы из списка.' }),
    subject: z
      .string({ error: 'Предмет — это текст.' })
      .trim()
      .max(ORDER_LIMITS.subjectMax, `Предмет — не длиннее ${ORDER_LIMITS.subjectMax} символов.`),
    topic: z
      .string({ error: 'Укажите тему работы.' })
      .trim()
      .min(3, 'Тема — не короче 3 символов.')
      .max(ORDER_LIMITS.topicMax, `Тема — не длиннее ${ORDER_LIMITS.topicMax} символов.`),
    deadline: deadlineField(now, ORDER_LIMITS.deadlineMaxDays),
    pages: z
      .number({ error: 'Укажите число страниц.' })
      .int('Число страниц — целое число.')
      .min(ORDER_LIMITS.pagesMin, `Не меньше ${ORDER_LIMITS.pagesMin} страницы.`)
      .max(ORDER_LIMITS.pagesMax, `Не больше ${ORDER_LIMITS.pagesMax} страниц.`),
    originality: z
      .number({ error: 'Укажите оригинальность в процентах.' })
      .int('Оригинальность — целое число процентов.')
      .min(ORDER_LIMITS.originalityMin, 'Оригинальность — от 0 до 100 %.')
      .max(ORDER_LIMITS.originalityMax, 'Оригинальность — от 0 до 100 %.'),
    requirements: z
      .string({ error: 'Требования — это текст.' })
      .max(ORDER_LIMITS.requirementsMax, `Требования — не длиннее ${ORDER_LIMITS.requirementsMax} символов.`),
    link: z
      .string({ error: 'Ссылка — это текст.' })
      .trim()
      .max(ORDER_LIMITS.linkMax, 'Слишком длинная ссылка.')
      .refine((s) => s === '' || isHttpUrl(s), 'Укажите ссылку в формате https://…'),
    file_ids: fileIds,
    promo_code: z.string({ error: 'Промокод — это текст.' }).trim().max(50, 'Слишком длинный промокод.'),
  };
}

export function createOrderSchema(now: Date) {
  const f = fields(now);
  return z.object({
    work_type: f.work_type,
    subject: f.subject.optional(),
    topic: f.topic,
    deadline: f.deadline,
    pages: f.pages,
    originality: f.originality.optional(),
    requirements: f.requirements.optional(),
    link: f.link.optional(),
    file_ids: f.file_ids.optional(),
    /** The price is always the server's: cost and the promo discount are computed here, never taken from the body. */
    promo_code: f.promo_code.optional(),
    draft_id: z.number({ error: 'Неверный черновик.' }).int().positive().optional(),
  });
}
export type CreateOrderInput = z.infer<ReturnType<typeof createOrderSchema>>;

export function editOrderSchema(now: Date) {
  const f = fields(now);
  return z.object({
    work_type: f.work_type.optional(),
    subject: f.subject.optional(),
    topic: f.topic.optional(),
    deadline: f.deadline.optional(),
    pages: f.pages.optional(),
    originality: f.originality.optional(),
    requirements: f.requirements.optional(),
    link: f.link.optional(),
    file_ids: f.file_ids.optional(),
    promo_code: f.promo_code.optional(),
  });
}
export type EditOrderInput = z.infer<ReturnType<typeof editOrderSchema>>;

export function calculateCostSchema(now: Date) {
  const f = fields(now);
  return z.object({
    work_type: f.work_type,
    pages: f.pages,
    deadline: f.deadline,
    originality: f.originality.optional(),
  });
}

export const calculateDiscountSchema = z.object({
  cost: z
    .number({ error: 'Укажите стоимость.' })
    .int('Стоимость — целое число рублей.')
    .min(0)
    .max(10_000_000),
  promo_code: z.string().trim().max(50, 'Слишком длинный промокод.').optional(),
  use_bonus: z
    .union([z.boolean(), z.number().int().min(0)], { error: 'Неверное значение бонусов.' })
    .optional(),
});
