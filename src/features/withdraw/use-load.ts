import { useEffect, useState } from 'react';

/** A GET of a section: loading, data or error (message); `reload` runs it again. Cancelled on unmount. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: null, loading: false }),
      (e: unknown) =>
        !controller.signal.aborted &&
        setState((s) => ({ ...s, error: (e as Error)?.message ?? String(e), loading: false })),
    );
    return () => controller.abort('unmounted');
    // `key` names what is loaded; the function itself is recreated every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, nonce]);
  return { ...state, reload: () => setNonce((n) => n + 1) };
}
