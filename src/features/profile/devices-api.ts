// Devices and sessions (Профиль → Устройства и сеансы), typed from the contract's rows in auth.api.ts.
import { call } from '../../api/client';

export const fetchSessions = async (signal?: AbortSignal) =>
  (await call('GET /api/client/auth/sessions/', signal ? { signal } : {})).sessions;
export const endSession = (id: string) => call('DELETE /api/client/auth/sessions/:id/', { params: { id } });
export const endOtherSessions = () => call('POST /api/client/auth/sessions/end-others/');
