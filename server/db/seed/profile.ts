import type { Deps } from '../../env';

/** Demo data of the profile domain for the demo customer. */
export async function seedProfile(_deps: Deps, _userId: number): Promise<void> {}
