// The endpoint table and the server agree: every row of the contract is mounted with its method and path, and every
// API route the server mounts is a row of the table (a handler without a row would be an endpoint nobody typed).
import { describe, expect, it } from 'vitest';
import { api } from '../../contract/api';
import { splitKey, type EndpointKey, type EndpointSpec } from '../../contract/http';
import { useHarness } from './harness';

/**
 * Routes outside the table on purpose: the health check, and the API's own documents (the OpenAPI document made from
 * the table, its viewer's page and files), none of which speaks a contract of spec point 7.
 */
const OUTSIDE_THE_TABLE = new Set([
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/assets/:file',
]);

describe('the endpoint table', () => {
  const h = useHarness();

  const mounted = () =>
    new Set(
      h.app.routes
        .filter((r) => r.method !== 'ALL' && /^\/(api|client\/api)\//.test(r.path))
        // A parameter's pattern (`:id{[0-9]{1,9}}`) is the server's own business: the table names the parameter.
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)\{(?:[^{}]|\{[^{}]*\})*\}/g, ':$1')}`),
    );

  it('every row is mounted with the method and path written there', () => {
    const routes = mounted();
    const missing = Object.keys(api).filter((key) => {
      const [method, path] = splitKey(key as EndpointKey);
      return !routes.has(`${method} ${path}`);
    });
    expect(missing).toEqual([]);
  });

  it('every mounted API route is a row of the table', () => {
    const rows = new Set(Object.keys(api));
    const extra = [...mounted()].filter((r) => !rows.has(r) && !OUTSIDE_THE_TABLE.has(r));
    expect(extra).toEqual([]);
  });

  it('every row says who may call it and which errors to expect', () => {
    for (const [key, spec] of Object.entries(api)) {
      expect(['customer', 'public', 'staff'], key).toContain(spec.auth);
      expect(Array.isArray(spec.errors), key).toBe(true);
      // Staff rows live under /api/staff/, and nothing else does but the staff's own sign-in (public).
      const signIn = /^POST \/api\/staff\/auth\/(enrol|enrol\/confirm|login|refresh)\/$/.test(key);
      expect(spec.auth === 'staff', key).toBe(key.includes(' /api/staff/') && !signIn);
      if (signIn) expect(spec.auth, key).toBe('public');
      // Every staff row names the role it needs; no other row has one.
      const { role } = spec as EndpointSpec;
      if (spec.auth === 'staff') expect(['support', 'finance', 'admin', 'any'], key).toContain(role);
      else expect(role, key).toBeUndefined();
    }
  });
});
