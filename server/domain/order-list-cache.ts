/**
 * The serialized answers of GET /api/client/orders/, kept per customer and query.
 *
 * An answer is served again only while both hold:
 * - the customer's change stamp (orderListVersions, set by database triggers on every write to their orders or
 *   chat messages, from any code path or server instance) is the one it was built under; the stamp is read in the
 *   same lookup as the session, so a hit costs no extra query;
 * - the clock has not reached the end of the customer's earliest running guarantee, because a list read settles
 *   expired guarantees (they become "done") and so must run again then.
 *
 * A bounded least-recently-used map: the dashboard of an active customer stays warm, memory stays flat.
 */
export interface CachedList {
  version: string;
  /** Epoch ms after which the answer may be stale by the clock alone; Infinity when no guarantee runs. */
  validUntil: number;
  /** The answer as UTF-8 JSON, encoded once. */
  body: Uint8Array<ArrayBuffer>;
}

export class OrderListCache {
  private readonly entries = new Map<string, CachedList>();

  constructor(private readonly maxEntries = 2_000) {}

  private static key(userId: number, query: string): string {
    return `${userId}\u0000${query}`;
  }

  get(userId: number, query: string, version: string, now: number): Uint8Array<ArrayBuffer> | undefined {
    const key = OrderListCache.key(userId, query);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.version !== version || now >= hit.validUntil) return undefined;
    this.entries.set(key, hit); // now the most recently used
    return hit.body;
  }

  set(userId: number, query: string, entry: CachedList): void {
    const key = OrderListCache.key(userId, query);
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
