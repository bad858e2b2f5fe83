import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  goal,
  memorySink,
  pageView,
  referrerFor,
  setAnalyticsSink,
  type AnalyticsEvent,
} from '../../src/lib/analytics';

const host = globalThis as { __analytics?: AnalyticsEvent[] };

// Each test starts from the default sink and no kept events, whatever ran before it in this process.
const reset = () => {
  setAnalyticsSink(memorySink);
  delete host.__analytics;
};
beforeEach(reset);
afterEach(reset);

describe('analytics', () => {
  it('keeps events in window.__analytics by default', () => {
    pageView({ title: 'Home', referrer: '/login', path: '/home' });
    goal('order_thanks');
    expect(host.__analytics).toEqual([
      { type: 'pageView', title: 'Home', referrer: '/login', path: '/home' },
      { type: 'goal', name: 'order_thanks' },
    ]);
  });

  it('sends to a plugged-in sink instead', () => {
    const seen: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => seen.push(e));
    goal('x');
    expect(seen).toEqual([{ type: 'goal', name: 'x' }]);
    expect(host.__analytics).toBeUndefined();
  });

  it.each([
    [{ ref: 'partner' }, '/home', 'partner'],
    [{ referer: 'mail' }, '/home', 'mail'],
    [{ ref: 'a', referer: 'b' }, '/home', 'a'],
    [{ ref: '' }, '/home', '/home'],
    [{ ref: 42 }, null, '42'],
    [{}, '/order/5', '/order/5'],
    [{}, null, ''],
    [{}, undefined, ''],
  ])('referrerFor(%j, %j) = %j', (search, previous, expected) => {
    expect(referrerFor(search, previous)).toBe(expected);
  });
});
