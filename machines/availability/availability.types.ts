// ---- Context ---------------------------------------------------------------------------------------------------
export interface AvailabilityContext {
  /** Answers of 502/503/504 (or failed probes) in a row; drives the backoff of the probe. Reset by an answer. */
  attempt: number;
  /** The Retry-After (seconds) of the last 503, if it named one. */
  retryAfter: number | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type AvailabilityEvent =
  /** A call got 502/503/504 (the database or file store is gone, or the server sheds load). */
  | { type: 'service.unavailable'; retryAfter?: number | undefined }
  /** A call got an answer of the service (any other status): it is back. */
  | { type: 'service.answered' };
