// The largest path sets of the e2e suites (the journey's paths, the takeover's sweeps of moments) are sampled in
// `npm test`, so the inner loop stays short, and run whole in `.ci/run`. The sample is drawn from a seed that
// playwright.config.ts sets once per run (E2E_SEED, inherited by the workers, so the runner and every worker draw
// the same sample) and the summary reporter prints, with the commands that repeat it or run the rest.
//   E2E_SAMPLE unset or 'sample': each set's sample;  'rest': everything the sample leaves out (the same seed);
//   'all': every path of every set.

/** The annotation that tells the summary reporter what a suite sampled. */
export const SAMPLE_ANNOTATION = 'e2e-sample';

export interface SampleNote {
  set: string;
  run: number;
  of: number;
  seed: number;
  mode: SampleMode;
}

export type SampleMode = 'sample' | 'rest' | 'all';

export function sampleMode(env: NodeJS.ProcessEnv = process.env): SampleMode {
  const mode = env.E2E_SAMPLE ?? 'sample';
  if (mode !== 'sample' && mode !== 'rest' && mode !== 'all')
    throw new Error(`E2E_SAMPLE must be sample, rest or all, not ${JSON.stringify(mode)}`);
  return mode;
}

export function sampleSeed(env: NodeJS.ProcessEnv = process.env): number {
  const seed = Number(env.E2E_SEED);
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new Error(`E2E_SEED must be a whole number (playwright.config.ts sets one), not ${env.E2E_SEED}`);
  return seed;
}

/** mulberry32: a small, well-mixed 32-bit generator; the same seed gives the same sequence everywhere. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/**
 * The items of `set` this run takes: `size` of them drawn by the run's seed (mixed with the set's name, so two sets
 * of one run are drawn independently), their complement, or all — in their original order. With the note for the
 * summary.
 */
export function sampleOf<T>(
  set: string,
  items: readonly T[],
  size: number,
  env: NodeJS.ProcessEnv = process.env,
): { items: T[]; note: SampleNote } {
  const mode = sampleMode(env);
  const seed = sampleSeed(env);
  const random = generator(seed ^ hash(set));
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const drawn = new Set(order.slice(0, Math.min(size, items.length)));
  const chosen = items.filter((_, i) =>
    mode === 'all' ? true : mode === 'rest' ? !drawn.has(i) : drawn.has(i),
  );
  return { items: chosen, note: { set, run: chosen.length, of: items.length, seed, mode } };
}

export function sampleAnnotation(note: SampleNote) {
  return { type: SAMPLE_ANNOTATION, description: JSON.stringify(note) };
}

/** A test of a sampled file that samples nothing: `npm test` runs it, so the rest (`E2E_SAMPLE=rest`) skips it. */
export const runByTheSample = (env: NodeJS.ProcessEnv = process.env): boolean => sampleMode(env) === 'rest';
export const RUN_BY_THE_SAMPLE = 'samples nothing: the sampled run (npm test) has run it';
