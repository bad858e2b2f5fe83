import type { Deps } from '../../env';

/** Demo data of the orders domain for the demo customer. */
export async function seedOrders(_deps: Deps, _userId: number): Promise<void> {}
