// Loads data for a screen: the last answer, its error, a loading flag and reload (stale answers are dropped).
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  /** The last answer (kept while a newer call runs). */
  data: T | null;
  error: { message: string; status?: number } | null;
  loading: boolean;
  reload: () => void;
}

type Settled<T> = { id: string; data: T | null; error: Loaded<T>['error'] };

function errorInfo(error: unknown): { message: string; status?: number } {
  const e = error as { message?: unknown; status?: unknown } | null;
  const info: { message: string; status?: number } = {
    message: typeof e?.message === 'string' && e.message ? e.message : String(error),
  };
  if (typeof e?.status === 'number') info.status = e.status;
  return info;
}

/**
 * A GET of a screen: loading, data, or error with a retry. A new `key` (or a reload) cancels the running call
 * through its AbortSignal, so a stale answer never overwrites a newer one. Loading is derived: the last settled
 * answer belongs to another key.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [nonce, setNonce] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const id = `${key}#${nonce}`;

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ id, data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setSettled((prev) => ({ id, data: prev?.data ?? null, error: errorInfo(error) }));
      },
    );
    return () => controller.abort('unmounted');
  }, [id]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return {
    data: settled?.data ?? null,
    error: settled?.id === id ? settled.error : null,
    loading: settled?.id !== id,
    reload,
  };
}
