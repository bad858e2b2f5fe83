// Retries for a bench measurement that fails now and then for reasons outside the code measured.

/** Attempts per measurement: a run that ends in an error (Lighthouse's NO_NAVSTART, …) is run again. */
export const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 3);

/**
 * Runs `run` with fresh input from `prepare` until it succeeds, at most ATTEMPTS times; each failure but the last is
 * reported through `onRetry`. The last failure is thrown: the section fails only when it cannot produce the figure.
 */
export async function withRetries<I, T>(
  run: (input: I) => Promise<T>,
  onRetry: (attempt: number, error: Error) => void,
  prepare: () => Promise<I>,
  attempts = ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(await prepare());
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      if (attempt >= attempts)
        throw new Error(`${error.message} (after ${attempts} attempts)`, { cause: error });
      onRetry(attempt, error);
    }
  }
}
