import type { DeviceSession } from '../../contract/auth.api';
import type { ApiErrorInfo } from '../shared/error-info';

// ---- Context ---------------------------------------------------------------------------------------------------
export interface DevicesContext {
  /** The live sessions, the current one first (GET /api/client/auth/sessions/). */
  sessions: DeviceSession[];
  /** Why the list did not load, or why ending a session failed. */
  error: ApiErrorInfo | null;
  /** The session being ended, while its DELETE runs. */
  endingId: string | null;
  /** What the last ending said ("Сеанс завершён.", "Другие сеансы завершены."), for a polite live region. */
  notice: string | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type DevicesEvent =
  /** "Повторить" after the list failed to load. */
  | { type: 'devices.retry' }
  /** "Завершить" on another session. */
  | { type: 'devices.end'; id: string }
  /** "Завершить все другие сеансы": asks first. */
  | { type: 'devices.endOthers' }
  | { type: 'devices.confirm' }
  | { type: 'devices.cancel' };

// ---- Actor inputs and outputs ----------------------------------------------------------------------------------
export interface EndSessionInput {
  id: string;
}
export interface Ended {
  detail: string;
  ended: number;
}
