import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';

const setClock = (h: ReturnType<typeof useHarness>, json: unknown) =>
  h.request('/api/staff/test/clock/', { method: 'POST', token: h.deps.config.staffToken!, json });

describe('the test clock hook', () => {
  describe('with TEST_HOOKS=1', () => {
    const h = useHarness({ testHooks: true });

    it('sets the server clock, and refuses a time without its zone', async () => {
      const res = await setClock(h, { now: '2026-11-27T03:00:00+03:00' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ now: '2026-11-27T00:00:00.000Z' });
      expect(h.deps.now().toISOString()).toBe('2026-11-27T00:00:00.000Z');

      const bad = await setClock(h, { now: '2026-11-27 03:00' });
      expect(bad.status).toBe(400);
      expect(h.deps.now().toISOString()).toBe('2026-11-27T00:00:00.000Z');
    });
  });

  describe('without', () => {
    const h = useHarness();

    it('is not there', async () => {
      const before = h.deps.now().getTime();
      expect((await setClock(h, { now: '2030-01-01T00:00:00Z' })).status).toBe(404);
      expect(h.deps.now().getTime()).toBe(before);
    });
  });
});
