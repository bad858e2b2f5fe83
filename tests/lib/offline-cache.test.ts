import { describe, expect, it } from 'vitest';
import {
  apiCacheName,
  apiCachesToDelete,
  customerOfAuthorization,
  isAppPage,
  isCachedApiPath,
} from '../../src/lib/offline-cache';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const bearer = (payload: object) => `Bearer h.${b64(payload)}.s`;

describe('what the service worker keeps', () => {
  it.each([
    ['/api/client/orders/', true],
    ['/api/client/orders/17/', true],
    ['/api/client/orders/17/messages/', true],
    ['/api/client/orders/17/files/', false],
    ['/api/client/orders/17/files/3/download/', false],
    ['/api/client/orders/17/messages/read/', false],
    ['/api/client/orders/fake/5/', false],
    ['/api/client/orders/continue/', false],
    ['/api/client/auth/token/refresh/', false],
    ['/api/client/profile/', false],
    ['/api/client/payments/', false],
    ['/client/api/orders/', false],
    ['/api/client/orders', false],
  ])('%s → %s', (path, kept) => {
    expect(isCachedApiPath(path)).toBe(kept);
  });
});

describe('the pages whose document is kept for offline starts', () => {
  it.each([
    ['/home', true],
    ['/order/17/chat', true],
    ['/', true],
    ['/payment', true],
    ['/api/client/payments/sandbox/pay/5/', false],
    ['/client/api/socials/vk/', false],
    ['/ws/client/', false],
    ['/assets/index-abc.js', false],
    ['/sw.js', false],
    ['/manifest.webmanifest', false],
  ])('%s → %s', (path, kept) => {
    expect(isAppPage(path)).toBe(kept);
  });
});

describe('whose cache', () => {
  it('is the customer of the bearer token; without a token nobody’s', () => {
    expect(customerOfAuthorization(bearer({ sub: '42' }))).toBe(42);
    expect(customerOfAuthorization(bearer({ sub: 7 }))).toBe(7);
    expect(customerOfAuthorization(null)).toBeNull();
    expect(customerOfAuthorization('Basic abc')).toBeNull();
    expect(customerOfAuthorization(bearer({ sub: 'x' }))).toBeNull();
    expect(customerOfAuthorization('Bearer not-a-jwt')).toBeNull();
  });

  it('deletes every other customer’s cache at sign-in, and all of them at sign-out, never other caches', () => {
    const names = [
      apiCacheName(42),
      apiCacheName(7),
      'cabinet-shell',
      'workbox-precache-v2-x',
      'cabinet-assets',
    ];
    expect(apiCachesToDelete(names, 42)).toEqual(['cabinet-api-7']);
    expect(apiCachesToDelete(names, null)).toEqual(['cabinet-api-42', 'cabinet-api-7']);
  });
});
