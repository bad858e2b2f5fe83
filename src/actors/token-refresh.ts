import { waitFor, type ActorRefFrom } from 'xstate';
import type { tokenMachine } from '../../machines/token/token.machine';
import { selectRefreshOutcome } from '../../machines/token/token.selectors';
import { ApiError, ERROR_MESSAGES } from '../api/errors';

/**
 * The HTTP client's `refresh` callback: asks the token machine (single-flight: a refresh already running is
 * joined, not repeated) and waits for it to settle. true: a new token; false: the refresh was refused (the token
 * machine ends the session); rejects when the server did not answer (the session stays).
 */
export function refreshThrough(token: ActorRefFrom<typeof tokenMachine>): () => Promise<boolean> {
  return async () => {
    token.send({ type: 'token.refresh' });
    const settled = await waitFor(token, (s) => selectRefreshOutcome(s) !== 'pending');
    const outcome = selectRefreshOutcome(settled);
    if (outcome === 'refreshed') return true;
    if (outcome === 'unavailable') {
      throw new ApiError({
        kind: 'network',
        message: settled.context.error?.message ?? ERROR_MESSAGES.noResponse,
      });
    }
    return false;
  };
}
