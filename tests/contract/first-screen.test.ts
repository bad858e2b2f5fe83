// Which pages the server writes a first screen into (contract/first-screen.ts), and where each settles.
import { describe, expect, it } from 'vitest';
import { firstScreenPage, firstScreenSettlesOn } from '../../contract/first-screen';

describe('first screen pages', () => {
  it.each([
    ['/home', { kind: 'dashboard', tab: 'active' }, '/home'],
    ['/home/done/', { kind: 'dashboard', tab: 'done' }, '/home/done/'],
    ['/order/42', { kind: 'order', id: 42 }, '/order/42/chat'],
    ['/order/42/', { kind: 'order', id: 42 }, '/order/42/chat'],
    ['/order/42/chat', { kind: 'order', id: 42 }, '/order/42/chat'],
    ['/payments', { kind: 'payments' }, '/payments/pay'],
    ['/payments/pay/', { kind: 'payments' }, '/payments/pay'],
  ] as const)('%s is one, settling on its default tab', (path, page, settles) => {
    expect(firstScreenPage(path)).toEqual(page);
    expect(firstScreenSettlesOn(page, path)).toBe(settles);
  });

  it.each([
    '/',
    '/login',
    '/home/x',
    '/order/',
    '/order/0',
    '/order/05',
    '/order/x',
    '/order/99999999999',
    '/order/42/files',
    '/order/42/pay',
    '/payments/history',
    '/payments/pay-out',
    '/profile',
  ])('%s is not', (path) => {
    expect(firstScreenPage(path)).toBeNull();
  });
});
