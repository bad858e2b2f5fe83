import { describe, expect, it } from 'vitest';
import { withRetries } from '../../bench/lib/retry';

describe('withRetries (bench runs that fail with a Lighthouse error are run again)', () => {
  it('runs again after a failure, with fresh input, and reports the failed attempt', async () => {
    const retried: string[] = [];
    let n = 0;
    const result = await withRetries(
      async (input: number) => {
        if (input === 1) throw new Error('Lighthouse: NO_NAVSTART');
        return `ran with ${input}`;
      },
      (attempt, err) => retried.push(`${attempt}: ${err.message}`),
      async () => ++n,
    );
    expect(result).toBe('ran with 2');
    expect(retried).toEqual(['1: Lighthouse: NO_NAVSTART']);
  });

  it('fails with the last error when every attempt fails', async () => {
    const retried: number[] = [];
    await expect(
      withRetries(
        async () => {
          throw new Error('Lighthouse: NO_NAVSTART');
        },
        (attempt) => retried.push(attempt),
        async () => null,
        3,
      ),
    ).rejects.toThrow('Lighthouse: NO_NAVSTART (after 3 attempts)');
    expect(retried).toEqual([1, 2]);
  });
});
