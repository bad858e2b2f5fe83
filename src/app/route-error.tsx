import { useEffect } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useActorsSlot } from '../actors/app-actors';
import { isChunkLoadError, reportChunkLoadError } from './chunk-load-error';

const FALLBACK_TEXT = 'Не удалось показать страницу. Перезагрузите её.';

/** The router's error boundary: a failed page chunk opens the error dialog; anything else is logged and named. */
export function RouteError({ error }: ErrorComponentProps) {
  // Without the actors (their own chunk failed) there is no dialog to open: the page says it instead.
  const dialogs = useActorsSlot().actors?.dialogs ?? null;
  const chunk = isChunkLoadError(error) && dialogs !== null;
  useEffect(() => {
    if (chunk) reportChunkLoadError(dialogs, error);
    else console.error(error);
  }, [chunk, dialogs, error]);
  if (chunk) return null;
  return (
    <main role="alert" style={{ padding: '2rem' }}>
      <p>{FALLBACK_TEXT}</p>
    </main>
  );
}
