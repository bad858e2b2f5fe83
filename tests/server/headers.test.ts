// The headers every response carries, set once per request on Node's response (server/ops/headers.ts): the same
// list hono's secureHeaders would send, on every kind of answer, over a real socket and through app.request().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  CONTENT_SECURITY_POLICY,
  fixedHeaders,
  NO_STORE,
  REFERRER_POLICY,
  requestIds,
  SECURITY_HEADERS,
} from '../../server/ops/headers';
import type { AppEnv } from '../../server/env';

const lower = (list: readonly (readonly [string, string])[]) =>
  Object.fromEntries(list.map(([k, v]) => [k.toLowerCase(), v]));
const SECURITY = lower(SECURITY_HEADERS);

function app() {
  const a = new Hono<AppEnv>();
  a.use(requestIds());
  a.use(fixedHeaders(SECURITY_HEADERS));
  a.use('/api/*', fixedHeaders(NO_STORE));
  a.get('/api/json', (c) => c.json({ id: c.get('requestId') }));
  a.get('/api/own', (c) => c.json({}, 200, { 'Cache-Control': 'private, max-age=60' }));
  a.get('/api/raw', () => new Response('raw body', { headers: { 'content-type': 'text/plain' } }));
  a.get('/api/boom', () => {
    throw new Error('boom');
  });
  a.get('/page', (c) => c.html('<p>page</p>'));
  a.onError((_err, c) => c.json({ detail: 'Внутренняя ошибка сервера.' }, 500));
  return a;
}

it('are what hono’s secureHeaders sends for the same policy', async () => {
  const reference = new Hono();
  reference.use(
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      referrerPolicy: REFERRER_POLICY,
      crossOriginEmbedderPolicy: false,
    }),
  );
  reference.get('/', (c) => c.text('x'));
  const res = await reference.request('/');
  const theirs = Object.fromEntries(
    [...res.headers].filter(([k]) => k !== 'content-type' && k !== 'content-length'),
  );
  expect(SECURITY).toEqual(theirs);
});

describe.each(['over a socket', 'through app.request()'])('every answer %s', (how) => {
  let server: Server | undefined;
  let get: (path: string, headers?: Record<string, string>) => Promise<Response>;
  beforeAll(async () => {
    const a = app();
    if (how === 'through app.request()') {
      get = async (path, headers) => a.request(path, { headers });
      return;
    }
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: a.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    const { port } = server.address() as AddressInfo;
    get = (path, headers) => fetch(`http://127.0.0.1:${port}${path}`, { headers });
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it.each(['/api/json', '/api/raw', '/api/boom', '/page', '/nowhere'])(
    '%s carries the security headers',
    async (path) => {
      const res = await get(path);
      // The body first: once a Node server has run in the process (the socket's case above), @hono/node-server's
      // lightweight Response is the global one, and headers set on it late were lost when its body was read.
      await res.arrayBuffer();

      for (const [name, value] of Object.entries(SECURITY)) expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get('cache-control')).toBe(path.startsWith('/api/') ? 'no-store' : null);
    },
  );

  it('keeps a header the handler set itself', async () => {
    const res = await get('/api/own');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers the caller’s valid request id, or a new one', async () => {
    const own = await get('/api/json', { 'X-Request-Id': 'caller-1' });
    expect(own.headers.get('x-request-id')).toBe('caller-1');
    expect(await own.json()).toEqual({ id: 'caller-1' });
    const bad = await get('/api/json', { 'X-Request-Id': 'no spaces allowed' });
    const id = bad.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await bad.json()).toEqual({ id });
    const other = await get('/api/json');
    expect(other.headers.get('x-request-id')).not.toBe(id);
  });
});
