// GET /api/openapi.json is an OpenAPI 3.1 document of the whole endpoint table, valid by a maintained validator,
// and /api/docs serves its viewer's page and files from the server itself.
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { useHarness } from './harness';
import { api } from '../../contract/api';
import { splitKey, type EndpointKey, type EndpointSpec } from '../../contract/http';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown[];
        responses: Record<string, unknown>;
        requestBody?: unknown;
        'x-staff-role'?: string;
      }
    >
  >;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
};

describe('the OpenAPI document', () => {
  const h = useHarness();
  const doc = async () => (await (await h.request('/api/openapi.json')).json()) as Doc;

  it('is valid OpenAPI 3.1', async () => {
    const document = await doc();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every row of the table, with its auth as a security scheme and its error statuses', async () => {
    const document = await doc();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['customer', 'staff']);
    for (const [key, spec] of Object.entries(api)) {
      const [method, path] = splitKey(key as EndpointKey);
      const op = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      const security = spec.auth === 'public' ? [] : [{ [spec.auth]: [] }];
      expect(op!.security, key).toEqual(security);
      for (const status of spec.errors) expect(Object.keys(op!.responses), key).toContain(String(status));
      if (method !== 'GET') expect(Object.keys(op!.responses), key).toContain('413');
      if ('perCaller' in spec) expect(Object.keys(op!.responses), key).toContain('429');
      if ('body' in spec) expect(op!.requestBody, key).toBeDefined();
      // A staff row's role is in the document, and a caller without it must expect 403.
      if (spec.auth === 'staff') {
        expect(op!['x-staff-role'], key).toBe((spec as EndpointSpec).role);
        expect(Object.keys(op!.responses), key).toContain('403');
      }
    }
  });

  it('describes the answers in Russian', async () => {
    const text = JSON.stringify(await doc());
    expect(text).toContain('Слишком много запросов');
    expect(text).toContain('Нужен вход');
  });

  it('/api/docs serves the viewer from this server: its page, script and stylesheet', async () => {
    const page = await h.request('/api/docs/');
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const src of sources) {
      expect(src.startsWith('/'), src).toBe(true); // nothing from another origin
      const res = await h.request(src);
      expect(res.status, src).toBe(200);
    }
    expect((await h.request('/api/docs/assets/package.json')).status).toBe(404);
    expect((await h.request('/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});
