import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors';

export interface Loaded<T> {
  data: T | null;
  error: { message: string; status?: number } | null;
  loading: boolean;
  reload: () => void;
}

/**
 * A GET of a screen: loading, data or error with a retry. A new `key` cancels the running call through its
 * AbortSignal (a stale answer never overwrites a newer one).
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: Loaded<T>['error']; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const info = isApiError(error)
          ? { message: error.message, ...(error.status !== undefined ? { status: error.status } : {}) }
          : { message: String((error as Error)?.message ?? error) };
        setState((s) => ({ data: s.data, error: info, loading: false }));
      },
    );
    return () => controller.abort('unmounted');
  }, [key, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
