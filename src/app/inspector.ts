import type { InspectionEvent, Observer } from 'xstate';

/**
 * The Stately inspector for development (`VITE_INSPECT=1 npm run dev`). Loaded with a dynamic import behind
 * `import.meta.env.DEV`, so the production bundle does not contain it.
 */
export async function loadInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV || import.meta.env.VITE_INSPECT !== '1') return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
