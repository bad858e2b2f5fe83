import { BONUS_MAX_SHARE, type WorkType } from '../../contract/orders';
import type { CalculateDiscountResponse, CostBreakdown } from '../../contract/orders.api';
import { daysUntil } from './order-dates';
import type { PromoTerms } from './promo-codes';

/** Base rate per page (₽) and the minimum price of each work type; 'Другое' is priced by the manager. */
const RATES: Record<WorkType, { perPage: number; minimum: number } | null> = {
  'Курсовая работа': { perPage: 300, minimum: 1500 },
  'Дипломная работа': { perPage: 450, minimum: 9000 },
  'Магистерская диссертация': { perPage: 600, minimum: 15000 },
  Реферат: { perPage: 150, minimum: 700 },
  'Контрольная работа': { perPage: 200, minimum: 600 },
  Эссе: { perPage: 180, minimum: 600 },
  'Отчёт по практике': { perPage: 250, minimum: 1500 },
  'Лабораторная работа': { perPage: 200, minimum: 600 },
  'Решение задач': { perPage: 200, minimum: 500 },
  Презентация: { perPage: 120, minimum: 700 },
  Статья: { perPage: 350, minimum: 2000 },
  Другое: null,
};

/** Fewer days to the deadline → a larger multiplier (never smaller for a nearer day). */
const URGENCY: { maxDays: number; multiplier: number }[] = [
  { maxDays: 1, multiplier: 2 },
  { maxDays: 2, multiplier: 1.7 },
  { maxDays: 3, multiplier: 1.5 },
  { maxDays: 5, multiplier: 1.3 },
  { maxDays: 7, multiplier: 1.15 },
  { maxDays: 14, multiplier: 1 },
];
const RELAXED_MULTIPLIER = 0.95;
const ORIGINALITY_FREE_UP_TO = 70;
const ORIGINALITY_PERCENT_PER_POINT = 1.5;

export function urgencyMultiplier(days: number): number {
  return URGENCY.find((u) => days <= u.maxDays)?.multiplier ?? RELAXED_MULTIPLIER;
}

export function calculateCost(
  input: { workType: WorkType; pages: number; deadline: Date; originality: number },
  now: Date,
): { cost: number | null; breakdown: CostBreakdown | null } {
  const rate = RATES[input.workType];
  if (!rate) return { cost: null, breakdown: null };
  const days = Math.max(1, daysUntil(input.deadline, now));
  const urgency = urgencyMultiplier(days);
  const surcharge = Math.max(0, input.originality - ORIGINALITY_FREE_UP_TO) * ORIGINALITY_PERCENT_PER_POINT;
  const raw = rate.perPage * input.pages * urgency * (1 + surcharge / 100);
  const cost = Math.max(Math.round(rate.minimum * urgency), Math.round(raw / 10) * 10);
  return {
    cost,
    breakdown: {
      base_rate: rate.perPage,
      pages: input.pages,
      days,
      urgency_multiplier: urgency,
      originality_surcharge_percent: surcharge,
      minimum: rate.minimum,
    },
  };
}

/**
 * Promo code first, then bonus roubles capped at BONUS_MAX_SHARE of the cost; the total never goes below zero.
 * `promo` is a code that applies (server/domain/promo-codes.ts decides); `promoRefusal` says why one does not.
 */
export function calculateDiscount(input: {
  cost: number;
  promo?: PromoTerms | null;
  promoRefusal?: string | null;
  useBonus?: boolean | number | undefined;
}): CalculateDiscountResponse {
  const promo = input.promo ?? null;
  let discount = 0;
  if (promo?.percent) discount = Math.round((input.cost * promo.percent) / 100);
  else if (promo?.amount) discount = promo.amount;
  discount = Math.min(discount, input.cost);
  const cap = Math.floor(input.cost * BONUS_MAX_SHARE);
  const wanted =
    input.useBonus === true ? cap : typeof input.useBonus === 'number' ? Math.floor(input.useBonus) : 0;
  const bonusUsed = Math.max(0, Math.min(wanted, cap, input.cost - discount));
  const res: CalculateDiscountResponse = {
    discount,
    bonus_used: bonusUsed,
    total: input.cost - discount - bonusUsed,
    promo_valid: Boolean(promo),
  };
  if (promo) res.detail = promo.title;
  else if (input.promoRefusal) res.detail = input.promoRefusal;
  return res;
}
