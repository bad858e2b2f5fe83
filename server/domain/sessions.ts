import type { Deps } from '../env';

// Placeholder until the auth work lands: sign-in sessions (refresh-token families) live here.
export async function isSessionActive(_deps: Pick<Deps, 'db'>, _sessionId: string): Promise<boolean> {
  return true;
}
