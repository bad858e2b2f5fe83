// The forms' door to the contract's schemas: loads validators.lazy.ts (zod and the schemas) on demand, once.
import type * as z from 'zod/mini';
import type { schemas } from './validators.lazy';

export type SchemaName = keyof typeof schemas;
/** What a form builds for the schema `N`: the request body the server's row takes. */
export type SchemaInput<N extends SchemaName> = z.input<(typeof schemas)[N]>;
export type FieldProblems = Record<string, string[]>;
export type Checker = (name: SchemaName, request: unknown) => FieldProblems;

let loading: Promise<Checker> | null = null;
let loaded: Checker | null = null;

/** Starts loading the checks (a form's first focus) and resolves with them; a failed load is tried again later. */
export function loadChecks(): Promise<Checker> {
  loading ??= import('./validators.lazy').then(
    (m) => (loaded = m.fieldProblems),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The checks if they have loaded already (a blur check does not wait), else null. */
export const loadedChecks = (): Checker | null => loaded;
