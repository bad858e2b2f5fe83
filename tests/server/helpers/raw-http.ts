// Requests written by hand on a socket of their own (node:http, no agent): a body streamed in chunks of a reused
// buffer, so the test itself never holds a large body, and an answer that may arrive before the body is sent.
import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Bytes of the body the client had written when the answer came. */
  sent: number;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/**
 * Sends `bytes` bytes of body ('a'…) to `url`. `chunked`: without Content-Length, in 64 KB chunks; otherwise the
 * Content-Length is sent and the body only after `waitMs` without an answer (a server that answers on the header
 * alone has then read nothing of it).
 */
export function sendBody(
  url: string,
  opts: { method: string; bytes: number; chunked: boolean; contentType?: string; waitMs?: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: http.OutgoingHttpHeaders = { 'content-type': opts.contentType ?? 'application/json' };
    // Said outright: node's client sends a DELETE's body unframed otherwise.
    if (opts.chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = String(opts.bytes);
    const req = http.request(url, { method: opts.method, headers, agent: false });
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(parts).toString(),
          sent,
        }),
      );
      res.on('error', reject);
    });
    // A server that closes after its answer breaks the upload: that is expected once the answer is in.
    req.on('error', (err) => {
      if (!answered) setTimeout(() => (answered ? undefined : reject(err)), 200);
    });
    const write = async () => {
      while (sent < opts.bytes && !answered && !req.destroyed) {
        const n = Math.min(CHUNK.length, opts.bytes - sent);
        sent += n;
        if (!req.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n)))
          await new Promise<void>((r) => {
            const done = () => {
              req.off('drain', done);
              req.off('close', done);
              r();
            };
            req.on('drain', done);
            req.on('close', done);
          });
      }
      if (!answered && !req.destroyed) req.end();
    };
    if (opts.chunked) void write();
    else {
      req.flushHeaders();
      setTimeout(() => void (answered ? undefined : write()), opts.waitMs ?? 1_000);
    }
  });
}
