import type { Deps } from '../../env';
import { promoCodes } from '../tables';

/**
 * The demo's promo codes: the three of the former fixed list (migration 0009 adds them to every database too; the
 * seed puts them back after tests empty the tables) and LETO2019, a summer code whose dates have passed, which the
 * order form's e2e test types to see the refusal.
 */
export const DEMO_PROMO_CODES: (typeof promoCodes.$inferInsert)[] = [
  {
    code: 'STUDENT10',
    title: 'Скидка студента 10 %',
    percent: 10,
    validFrom: new Date('2020-01-01T00:00:00Z'),
  },
  {
    code: 'SESSION15',
    title: 'Сессия без стресса: 15 %',
    percent: 15,
    validFrom: new Date('2020-01-01T00:00:00Z'),
  },
  {
    code: 'WELCOME500',
    title: '500 ₽ на первый заказ',
    amount: 500,
    validFrom: new Date('2020-01-01T00:00:00Z'),
  },
  {
    code: 'LETO2019',
    title: 'Летняя скидка 20 %',
    percent: 20,
    validFrom: new Date('2019-05-31T21:00:00Z'),
    validUntil: new Date('2019-08-31T21:00:00Z'),
  },
];

/** Adds the demo's codes that are missing (safe to run again, and by two instances at once). */
export async function seedPromoCodes(deps: Pick<Deps, 'db'>): Promise<void> {
  await deps.db.insert(promoCodes).values(DEMO_PROMO_CODES).onConflictDoNothing();
}
