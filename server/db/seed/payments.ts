import type { Deps } from '../../env';

/** Demo data of the payments domain for the demo customer. */
export async function seedPayments(_deps: Deps, _userId: number): Promise<void> {}
