/**
 * A Cache Storage kept in memory, as the browser's behaves for what the app uses: `open` makes a cache that is not
 * there, `delete` drops the name while a Cache already opened stays usable (what it keeps nobody finds again).
 * `afterHas` runs once `has` has answered, to put a deletion between two calls.
 */
export interface MemoryCaches {
  storage: CacheStorage;
  /** Each cache by name, with its keys. */
  contents: () => Record<string, string[]>;
  afterHas: (fn: (name: string) => void) => void;
}

export function memoryCaches(names: readonly string[] = []): MemoryCaches {
  const caches = new Map<string, Map<string, Response>>(names.map((n) => [n, new Map()]));
  let afterHas: ((name: string) => void) | null = null;
  const keyOf = (request: RequestInfo | URL) =>
    typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
  const cacheOf = (entries: Map<string, Response>) =>
    ({
      match: async (request: RequestInfo | URL) => entries.get(keyOf(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) =>
        void entries.set(keyOf(request), response),
      delete: async (request: RequestInfo | URL) => entries.delete(keyOf(request)),
      keys: async () => [...entries.keys()].map((k) => ({ url: k }) as Request),
    }) as unknown as Cache;
  const storage = {
    keys: async () => [...caches.keys()],
    has: async (name: string) => {
      const answer = caches.has(name);
      const hook = afterHas;
      afterHas = null;
      hook?.(name);
      return answer;
    },
    delete: async (name: string) => caches.delete(name),
    open: async (name: string) => {
      let entries = caches.get(name);
      if (!entries) caches.set(name, (entries = new Map()));
      return cacheOf(entries);
    },
    match: async (request: RequestInfo | URL, options?: MultiCacheQueryOptions) => {
      const key = keyOf(request);
      const pool = options?.cacheName ? [caches.get(options.cacheName)] : [...caches.values()];
      return pool
        .find((entries) => entries?.has(key))
        ?.get(key)
        ?.clone();
    },
  } as unknown as CacheStorage;
  return {
    storage,
    contents: () =>
      Object.fromEntries([...caches].map(([name, entries]) => [name, [...entries.keys()].sort()])),
    afterHas: (fn) => void (afterHas = fn),
  };
}
