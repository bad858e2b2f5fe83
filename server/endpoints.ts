// Which row of the endpoint table (contract/api.ts) a request is: the body limit (server/middleware/body-limit.ts), the contract
// checks of the API tests and the fuzzer find a request's row here.
import { api } from '../contract/api';
import { splitKey, type EndpointKey, type EndpointSpec } from '../contract/http';

export interface Route {
  key: EndpointKey;
  method: string;
  path: string;
  pattern: RegExp;
  spec: EndpointSpec;
}

export const routes: readonly Route[] = Object.entries(api).map(([key, spec]) => {
  const [method, path] = splitKey(key as EndpointKey);
  const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
  return { key: key as EndpointKey, method, path, pattern, spec };
});

const found = new Map<string, Route | undefined>();

/** The table's row for a request, when it has one: a literal segment beats a parameter (`fake/` before `:id/`). */
export function endpointOf(method: string, path: string): Route | undefined {
  const key = `${method} ${path}`;
  if (found.has(key)) return found.get(key);
  const route = match(method, path);
  if (found.size >= 10_000) found.clear(); // paths carry ids: a bounded memo
  found.set(key, route);
  return route;
}

function match(method: string, path: string): Route | undefined {
  let best: Route | undefined;
  let bestParams = Infinity;
  for (const r of routes) {
    if (r.method !== method || !r.pattern.test(path)) continue;
    const params = r.key.split(':').length;
    if (params < bestParams) {
      best = r;
      bestParams = params;
    }
  }
  return best;
}
