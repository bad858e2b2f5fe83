import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';

describe('the API shell', () => {
  const h = useHarness();

  it('answers health and sets security headers', async () => {
    const res = await h.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The offline cabinet's service worker and manifest come from this origin only.
    expect(res.headers.get('content-security-policy')).toContain("worker-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("manifest-src 'self'");
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await h.request('/api/client/nothing-here/');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Не найдено.' });
  });
});
