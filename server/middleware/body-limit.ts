// One body limit for every write under every prefix (/api/client/…, /client/api/…, /api/staff/…, the sandboxes):
// the limit is the request's row's in the endpoint table (contract/http.ts `bodyLimitOf`), so a new route cannot
// forget it, and a write to a path that is no row gets the smallest. A body over the limit is a 413 with a Russian
// `detail` before it is read: a Content-Length over the limit is refused on the header alone, and a chunked body is
// counted as it streams and cut off at the first chunk past the limit (then the connection is closed, so the rest
// is never read).
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { BODY_TOO_LARGE, bodyLimitOf, SMALL_BODY_LIMIT } from '../../contract/http';
import { endpointOf } from '../endpoints';

/** The limit and the 413's message of a write: its row's, or the smallest for a path outside the table. */
export function limitOf(method: string, path: string): { bytes: number; detail: string } {
  const route = endpointOf(method, path);
  if (!route) return { bytes: SMALL_BODY_LIMIT, detail: BODY_TOO_LARGE };
  return { bytes: bodyLimitOf(route.spec), detail: route.spec.tooLarge ?? BODY_TOO_LARGE };
}

export function limitBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    // Reads carry no body; looking for one would build a full Request object on every GET.
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const limit = limitOf(method, c.req.path);
    const tooLarge = () => {
      c.header('Connection', 'close');
      return c.json({ detail: limit.detail }, 413);
    };
    const raw = c.req.raw;
    const length = raw.headers.get('content-length');
    if (length !== null && !raw.headers.has('transfer-encoding')) {
      // Node's parser reads no more than Content-Length says, so the header alone decides.
      return Number(length) > limit.bytes ? tooLarge() : next();
    }
    if (!raw.body) return next();
    // Chunked (or a Request built without a length): count as it streams, keep the chunks as they came.
    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit.bytes) {
        chunks.length = 0;
        void reader.cancel().catch(() => {});
        return tooLarge();
      }
      chunks.push(value);
    }
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < chunks.length) controller.enqueue(chunks[i++]!);
        else controller.close();
      },
    });
    c.req.raw = new Request(raw, { body, duplex: 'half' } as RequestInit);
    return next();
  };
}
