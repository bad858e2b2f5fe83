// A lazily loaded part of the page failed to load (spec point 2): an error dialog and a flag. The flag stays set
// until the page is reloaded; it is readable as <html data-chunk-load-error> and with hasChunkLoadError().
import type { AppActors } from '../actors/app-actors';
import { CHUNK_LOAD_ERROR_DIALOG_ID, CHUNK_LOAD_ERROR_MESSAGE } from '../lib/messages';

let chunkLoadError = false;

export function hasChunkLoadError(): boolean {
  return chunkLoadError;
}

/** Failed dynamic imports as Chromium, Firefox and Safari word them, plus Vite's failed preloads. */
const CHUNK_ERROR_MESSAGES = [
  /^Failed to fetch dynamically imported module/,
  /^error loading dynamically imported module/,
  /^Importing a module script failed/,
  /^Unable to preload CSS/,
  /^Loading (CSS )?chunk [\w-]+ failed/,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: unknown; message?: unknown };
  if (e.name === 'ChunkLoadError') return true;
  return typeof e.message === 'string' && CHUNK_ERROR_MESSAGES.some((re) => re.test(e.message as string));
}

export function showChunkLoadErrorDialog(dialogs: AppActors['dialogs']): void {
  dialogs.send({
    type: 'dialogs.open',
    id: CHUNK_LOAD_ERROR_DIALOG_ID,
    kind: 'error',
    text: CHUNK_LOAD_ERROR_MESSAGE,
  });
}

/** Flags the failure and opens its dialog (`dialogs` null: the actors are not there yet, the caller opens it later). */
export function reportChunkLoadError(dialogs: AppActors['dialogs'] | null, error?: unknown): void {
  if (!chunkLoadError && error) console.error('Chunk load failed', error);
  chunkLoadError = true;
  if (typeof document !== 'undefined') document.documentElement.dataset.chunkLoadError = 'true';
  if (dialogs) showChunkLoadErrorDialog(dialogs);
}
