// Promo codes as data (table promo_codes): which one applies, why one is refused, and the race-safe use count.
// A use is taken when an order is created with the code (or an edit adds it), in the order's own transaction by one
// conditional UPDATE: of two orders racing for the last use the second finds the row no longer matching and is
// refused. Why at creation and not at payment: the code fixes the order's price at creation, and a price the
// customer was shown must not change under them when someone else pays first.
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { promoCodes } from '../db/tables';
import { PROMO_MESSAGES } from '../../contract/orders';
import { conflict, fieldErrors, notFound } from './errors';
import type { Executor } from './orders-db';

export type PromoRow = typeof promoCodes.$inferSelect;

/** What pricing needs of a code. */
export interface PromoTerms {
  code: string;
  title: string;
  percent: number | null;
  amount: number | null;
}

/** A code as stored and compared: trimmed, upper case; '' for none. */
export const normalPromoCode = (code: string | undefined | null): string => code?.trim().toUpperCase() ?? '';

export const promoTerms = (row: PromoRow): PromoTerms => ({
  code: row.code,
  title: row.title,
  percent: row.percent,
  amount: row.amount,
});

export async function findPromo(db: Executor, code: string): Promise<PromoRow | undefined> {
  const normal = normalPromoCode(code);
  if (!normal) return undefined;
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(sql`upper(${promoCodes.code}) = ${normal}`);
  return row;
}

/** 'DD.MM.YYYY', with ' HH:MM по Москве' when the moment is not a Moscow midnight. */
function moscowMoment(at: Date): string {
  const msk = new Date(at.getTime() + 3 * 3_600_000).toISOString();
  const day = `${msk.slice(8, 10)}.${msk.slice(5, 7)}.${msk.slice(0, 4)}`;
  const time = msk.slice(11, 16);
  return time === '00:00' ? day : `${day} ${time} по Москве`;
}

/** Why the code cannot be applied now (a message for the field promo_code), or null when it can. */
export function promoRefusal(row: PromoRow | undefined, now: Date): string | null {
  if (!row) return PROMO_MESSAGES.unknown;
  if (!row.active) return PROMO_MESSAGES.inactive;
  if (now < row.validFrom) return PROMO_MESSAGES.notYetValid(moscowMoment(row.validFrom));
  if (row.validUntil && now >= row.validUntil) return PROMO_MESSAGES.expired;
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return PROMO_MESSAGES.usedUp;
  return null;
}

/** A code to quote (calculate-discount/): its terms when it applies now, else the refusal. */
export async function quotePromo(
  db: Executor,
  code: string | undefined,
  now: Date,
): Promise<{ terms: PromoTerms | null; refusal: string | null }> {
  if (!normalPromoCode(code)) return { terms: null, refusal: null };
  const row = await findPromo(db, code ?? '');
  const refusal = promoRefusal(row, now);
  return { terms: row && !refusal ? promoTerms(row) : null, refusal };
}

/**
 * Takes one use of the code for an order, inside the caller's transaction; throws the field error at promo_code
 * when it does not apply. The WHERE repeats every rule, so a row that changed meanwhile (the last use taken by
 * another order, switched off) is not updated, and the caller's whole transaction rolls back.
 */
export async function takePromoUse(tx: Executor, code: string, now: Date): Promise<PromoTerms> {
  const normal = normalPromoCode(code);
  const [taken] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        sql`upper(${promoCodes.code}) = ${normal}`,
        eq(promoCodes.active, true),
        lte(promoCodes.validFrom, now),
        or(isNull(promoCodes.validUntil), gt(promoCodes.validUntil, now)),
        or(isNull(promoCodes.usageLimit), lt(promoCodes.usedCount, promoCodes.usageLimit)),
      ),
    )
    .returning();
  if (taken) return promoTerms(taken);
  const refusal = promoRefusal(await findPromo(tx, normal), now) ?? PROMO_MESSAGES.usedUp;
  throw fieldErrors({ promo_code: [refusal] });
}

/** Gives a use back (an edit removed or replaced the code); never below zero. */
export async function releasePromoUse(tx: Executor, code: string): Promise<void> {
  const normal = normalPromoCode(code);
  if (!normal) return;
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} - 1` })
    .where(and(sql`upper(${promoCodes.code}) = ${normal}`, gt(promoCodes.usedCount, 0)));
}

export async function listPromos(db: Executor): Promise<PromoRow[]> {
  return db.select().from(promoCodes).orderBy(asc(promoCodes.code));
}

/** Adds a code (stored upper case); 409 when it exists in any case. */
export async function createPromo(
  db: Executor,
  input: {
    code: string;
    title: string;
    percent?: number | undefined;
    amount?: number | undefined;
    validFrom: Date;
    validUntil: Date | null;
    usageLimit: number | null;
  },
  now: Date,
): Promise<PromoRow> {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: normalPromoCode(input.code),
      title: input.title,
      percent: input.percent ?? null,
      amount: input.amount ?? null,
      validFrom: input.validFrom,
      validUntil: input.validUntil,
      usageLimit: input.usageLimit,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('Такой промокод уже есть.');
  return row;
}

/** Switches a code off or on; 404 for an unknown code. */
export async function setPromoActive(db: Executor, code: string, active: boolean): Promise<PromoRow> {
  const [row] = await db
    .update(promoCodes)
    .set({ active })
    .where(sql`upper(${promoCodes.code}) = ${normalPromoCode(code)}`)
    .returning();
  if (!row) throw notFound('Промокод не найден.');
  return row;
}
