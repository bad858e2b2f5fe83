import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchingSink, toPageEvent } from '../../src/features/tracking/collect';
import { addAnalyticsSink, goal, pageView, type AnalyticsEvent } from '../../src/lib/analytics';
import { cleanReferrer, collectionAllowed } from '../../contract/page-events';

afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as { __analytics?: unknown }).__analytics;
});

describe('the collector sink', () => {
  it('sends no query values: paths and referrers keep their path only', () => {
    expect(
      toPageEvent(
        {
          type: 'pageView',
          title: 'Home',
          referrer: 'https://ya.ru/search?text=my+name',
          path: '/home?al=token',
        },
        '/x',
      ),
    ).toEqual({ type: 'pageView', title: 'Home', referrer: 'https://ya.ru/search', path: '/home' });
    expect(toPageEvent({ type: 'goal', name: 'order_thanks' }, '/order/5/success?msg=hi')).toEqual({
      type: 'goal',
      name: 'order_thanks',
      path: '/order/5/success',
    });
  });

  it('turns a referrer of our own origin into its path, and an API path (the payment page) into /api/', () => {
    expect(cleanReferrer('https://c.example/order/5?x=1', 'https://c.example')).toBe('/order/5');
    expect(cleanReferrer('https://c.example/api/client/payments/sandbox/uuid/', 'https://c.example')).toBe(
      '/api/',
    );
    expect(cleanReferrer('https://other.example/a?b=c', 'https://c.example')).toBe('https://other.example/a');
    expect(cleanReferrer('newsletter')).toBe('newsletter');
    expect(cleanReferrer('javascript:alert(1)')).toBe('');
    expect(cleanReferrer('<b>')).toBe('');
  });

  it('batches events: a full batch goes at once, the rest after the delay once the page is idle, or on flush', () => {
    vi.useFakeTimers();
    const sent: { events: unknown[] }[] = [];
    const idle: (() => void)[] = [];
    const { sink, flush } = batchingSink((body) => sent.push(JSON.parse(body)), {
      delayMs: 2000,
      size: 3,
      path: () => '/p',
      later: (fn) => idle.push(fn),
    });
    for (let i = 0; i < 4; i++) sink({ type: 'goal', name: `g${i}` });
    expect(sent.map((b) => b.events.length)).toEqual([3]);
    vi.advanceTimersByTime(1999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    sink({ type: 'goal', name: 'while busy' });
    idle.shift()?.();
    expect(sent.map((b) => b.events.length)).toEqual([3, 2]);
    expect(idle).toHaveLength(0);
    sink({ type: 'goal', name: 'last' });
    flush();
    expect(sent.map((b) => b.events.length)).toEqual([3, 2, 1]);
    flush();
    expect(sent).toHaveLength(3);
  });

  it('a sink added later gets the events that came before it, then the new ones', () => {
    pageView({ title: 'Enter', referrer: '', path: '/login' });
    const seen: AnalyticsEvent[] = [];
    const remove = addAnalyticsSink((e) => seen.push(e));
    goal('order_thanks');
    remove();
    goal('after');
    expect(seen.slice(-2)).toEqual([
      { type: 'pageView', title: 'Enter', referrer: '', path: '/login' },
      { type: 'goal', name: 'order_thanks' },
    ]);
  });
});

describe('collectionAllowed', () => {
  it.each([
    [{}, true],
    [{ globalPrivacyControl: false, doNotTrack: '0' }, true],
    [{ globalPrivacyControl: true }, false],
    [{ doNotTrack: '1' }, false],
    [{ doNotTrack: 'yes' }, false],
  ])('%j → %s', (nav, allowed) => {
    expect(collectionAllowed(nav)).toBe(allowed);
  });
});
