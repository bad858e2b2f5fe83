// What the offline cabinet keeps follows the session: another customer's cache goes at sign-in, everything at
// sign-out — the customer's own sign-out or a forced one (session.expired).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SignedIn, SignInOutcome } from '../../machines/session/session.types';
import { keepOfflineDataWithSession } from '../../src/app/offline-data';
import { OFFLINE_SESSION_KEY } from '../../src/lib/offline-session';
import { memoryStorage } from '../support/memory-storage';
import { memoryCaches, type MemoryCaches } from '../support/memory-caches';
import { SIGNED_IN_MARK } from '../../src/lib/customer-cache';

let caches: MemoryCaches;
const cacheNames = () => Object.keys(caches.contents()).sort();
let storage: Storage;
beforeEach(() => {
  caches = memoryCaches(['cabinet-api-42', 'cabinet-api-7', 'cabinet-shell', 'workbox-precache-v2-x']);
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('caches', caches.storage);
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((r) => setTimeout(r, 0));
const signedIn = (id: number): SignedIn => ({
  tokens: { access: 'a', expires_in: 300 },
  user: { id, email: `c${id}@example.com`, fio: 'Анна' },
  finances: { money: 10, bonus: 1 },
});

function session(start: () => Promise<SignedIn>) {
  const outcome: () => Promise<SignInOutcome> = start;
  return createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(outcome),
        signOut: fromPromise(async () => {}),
      },
    }),
    { input: { autoLoginToken: null } },
  ).start();
}

describe('offline data follows the session', () => {
  it('keeps the signed-in customer’s cache and session record, and deletes another customer’s cache', async () => {
    const actor = session(async () => signedIn(42));
    const taken: number[] = [];
    keepOfflineDataWithSession(actor, async (id) => void taken.push(id));
    await vi.waitFor(() => expect(taken).toEqual([42]));
    expect(cacheNames()).toEqual(['cabinet-api-42', 'cabinet-shell', 'workbox-precache-v2-x']);
    // Marked as the signed-in customer's: the worker keeps their answers in it (src/lib/customer-cache.ts).
    expect(caches.contents()['cabinet-api-42']).toEqual([SIGNED_IN_MARK]);
    expect(JSON.parse(storage.getItem(OFFLINE_SESSION_KEY)!)).toMatchObject({ user: { id: 42 } });
  });

  it.each([
    ['the customer signs out', { type: 'session.logout' } as const],
    ['the session is ended by force', { type: 'session.expired' } as const],
  ])('deletes every API cache, the session record and the outboxes when %s', async (_, event) => {
    const actor = session(async () => signedIn(42));
    keepOfflineDataWithSession(actor);
    await settle();
    storage.setItem('cabinet.chat-outbox.42.17', '[]');
    storage.setItem('cabinet.theme', 'dark');
    actor.send(event);
    await vi.waitFor(() => expect(cacheNames()).toEqual(['cabinet-shell', 'workbox-precache-v2-x']));
    expect(storage.getItem(OFFLINE_SESSION_KEY)).toBeNull();
    expect(storage.getItem('cabinet.chat-outbox.42.17')).toBeNull();
    expect(storage.getItem('cabinet.theme')).toBe('dark');
  });

  it('leaves everything while the session is still starting', async () => {
    const actor = session(() => new Promise<SignedIn>(() => {}));
    storage.setItem(OFFLINE_SESSION_KEY, '{}');
    keepOfflineDataWithSession(actor);
    await settle();
    expect(cacheNames()).toHaveLength(4);
    expect(storage.getItem(OFFLINE_SESSION_KEY)).toBe('{}');
  });
});
