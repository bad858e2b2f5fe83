// Every write of the endpoint table refuses a body one byte over its row's limit with 413 and a Russian detail,
// through a real server on a real socket: with a Content-Length (answered on the header, before any of the body
// is sent) and chunked (cut off as it streams); the server's memory stays where it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './helpers/test-database';
import type { Database } from '../../server/db/client';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { routes } from '../../server/endpoints';
import { BODY_TOO_LARGE, bodyLimitOf, JSON_BODY_LIMIT, SMALL_BODY_LIMIT } from '../../contract/http';
import { sendBody } from './helpers/raw-http';
import { heldBytes } from '../support/held-memory';

let database: Database;
let server: RunningServer;

beforeAll(async () => {
  database = await openPglite();
  server = await startServer(testConfig(), { database });
}, 90_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const writes = routes.filter((r) => r.method !== 'GET');
const MB = 1024 * 1024;
/**
 * What the process holds once the garbage is collected (heldBytes: JS heap and buffers, after two full collections):
 * a chunked body under way is kept until it passes the limit (it may yet be under it), then dropped, and nothing of
 * it may stay. The resident size is bounded too, more loosely: the allocator keeps freed pages for reuse, so it shows
 * the high-water mark of the bodies in flight (a few tens of MB), not what is retained.
 */
const rss = () => process.memoryUsage().rss;
const cyrillic = /[А-Яа-яЁё]/;

describe('body limits', () => {
  it('the table has write rows under every prefix, each with a limit', () => {
    for (const prefix of ['/api/client/', '/client/api/', '/api/staff/'])
      expect(
        writes.some((r) => r.path.startsWith(prefix)),
        prefix,
      ).toBe(true);
    for (const r of writes) expect(bodyLimitOf(r.spec), r.key).toBeGreaterThan(0);
    // A form row with files states its own limit; a JSON row is at most 1 MB.
    for (const r of writes.filter((r) => r.spec.body))
      expect(bodyLimitOf(r.spec)).toBeLessThanOrEqual(JSON_BODY_LIMIT);
  });

  it('every write row refuses one byte over its limit, with and without Content-Length, and memory stays flat', async () => {
    const start = rss();
    const heldAtStart = heldBytes();
    const seen: string[] = [];
    let peak = 0;
    for (const r of writes) {
      const url = server.url + r.path.replace(/:\w+/g, '1');
      const limit = bodyLimitOf(r.spec);
      const contentType = r.spec.form ? 'multipart/form-data; boundary=x' : 'application/json';
      for (const chunked of [false, true]) {
        const res = await sendBody(url, { method: r.method, bytes: limit + 1, chunked, contentType });
        const what = `${r.key} ${chunked ? 'chunked' : 'Content-Length'}`;
        expect(res.status, what).toBe(413);
        const body = JSON.parse(res.text) as { detail: string };
        expect(body.detail, what).toMatch(cyrillic);
        expect(body.detail, what).toBe(r.spec.tooLarge ?? BODY_TOO_LARGE);
        // With a Content-Length the answer came on the header alone: not a byte of the body was needed.
        if (!chunked) expect(res.sent, what).toBe(0);
        seen.push(what);
      }
      peak = Math.max(peak, rss() - start);
    }
    expect(seen).toHaveLength(writes.length * 2);
    expect(heldBytes() - heldAtStart, 'memory held after the requests').toBeLessThan(20 * MB);
    expect(rss() - start, `RSS grew (peak +${Math.round(peak / MB)} MB)`).toBeLessThan(150 * MB);
  }, 120_000);

  it('a body at the limit goes through to the handler', async () => {
    const url = `${server.url}/client/api/socials/email/`;
    for (const chunked of [false, true]) {
      const res = await sendBody(url, { method: 'POST', bytes: JSON_BODY_LIMIT, chunked });
      // 'aaa…' is no JSON: the handler read it and said so.
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ detail: 'Тело запроса должно быть JSON.' });
    }
  });

  it('a write to a path outside the table gets the smallest limit', async () => {
    for (const path of ['/api/nothing/', '/client/api/nothing/', '/login', '/api/staff/nothing/']) {
      for (const chunked of [false, true]) {
        const res = await sendBody(server.url + path, {
          method: 'POST',
          bytes: SMALL_BODY_LIMIT + 1,
          chunked,
        });
        expect(res.status, path).toBe(413);
      }
    }
  });
});
