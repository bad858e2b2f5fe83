import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRICA_SCRIPT, startMetrica } from '../../src/features/tracking/metrica';
import { goal, pageView } from '../../src/lib/analytics';

interface Host {
  window?: unknown;
  document?: unknown;
  location?: unknown;
  ym?: ((...args: unknown[]) => void) & { a?: unknown[][] };
  __analytics?: unknown;
}
const host = globalThis as unknown as Host;

function fakePage() {
  const appended: { src: string; async: boolean }[] = [];
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', { origin: 'https://c.example', pathname: '/home' });
  vi.stubGlobal('document', {
    createElement: () => ({ src: '', async: false }),
    head: { append: (el: { src: string; async: boolean }) => appended.push(el) },
  });
  return appended;
}

/** The counters this file started: stopped after each test, so none sends into a later file's globals. */
const stops: (() => void)[] = [];
const start = (counter: number) => stops.push(startMetrica(counter));

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  delete host.ym;
  delete host.__analytics;
});

describe('the optional Metrica counter', () => {
  it('loads its script once started with a counter, then sends page views as hits and goals', () => {
    const appended = fakePage();
    start(12345);
    expect(appended).toEqual([{ src: METRICA_SCRIPT, async: true }]);
    pageView({ title: 'Home', referrer: '/login', path: '/home' });
    goal('order_thanks');
    expect(host.ym?.a).toEqual(
      expect.arrayContaining([
        [12345, 'init', expect.objectContaining({ defer: true })],
        [12345, 'hit', 'https://c.example/home', { title: 'Home', referer: '/login' }],
        [12345, 'reachGoal', 'order_thanks'],
      ]),
    );
  });

  it('loads nothing without a valid counter id', () => {
    const appended = fakePage();
    start(0);
    start(Number.NaN);
    expect(appended).toEqual([]);
    expect(host.ym).toBeUndefined();
  });
});
