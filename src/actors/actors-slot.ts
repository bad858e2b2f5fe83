// The app's actors arrive by dynamic import (src/app/create-actors.ts holds xstate and the machines), so an
// anonymous visitor's public page renders before they load. This slot is what the first render has instead: the
// actors or null, a promise of them, and a subscription — no xstate import, so it stays in the entry.
import type { AppActors } from './app-actors';

export interface ActorsSlot {
  /** The actors once loaded, else null. */
  get(): AppActors | null;
  /** Resolves with the actors (at once when they are there); asks for them when they are not loading yet. */
  whenActors(): Promise<AppActors>;
  /** Runs `fn` with the actors: now when they are there, else the moment they arrive. */
  onActors(fn: (actors: AppActors) => void): void;
  /** Called when the slot fills (useSyncExternalStore's subscribe). */
  subscribe(listener: () => void): () => void;
  /** Puts the actors in (once; later calls are ignored). */
  fill(actors: AppActors): void;
  /** Their chunk failed to load: `whenActors()` rejects with `error` (a page that needs them shows the error). */
  fail(error: unknown): void;
}

/**
 * `demand` starts loading the actors (idempotent): called by the first `whenActors()`, so whatever needs them (the
 * guard of a cabinet page, a sign-in form sent) asks for them, while an anonymous /login fetches none of them.
 */
export function createActorsSlot(
  initial: AppActors | null = null,
  demand: () => void = () => {},
): ActorsSlot {
  let actors = initial;
  let resolve: (value: AppActors) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = initial
    ? Promise.resolve(initial)
    : new Promise<AppActors>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
  // A rejection nobody awaited yet (an anonymous /login) is not an unhandled one: the page reports it.
  promise.catch(() => {});
  const listeners = new Set<() => void>();
  const waiting: ((actors: AppActors) => void)[] = [];
  return {
    get: () => actors,
    whenActors: () => {
      if (!actors) demand();
      return promise;
    },
    onActors: (fn) => {
      if (actors) fn(actors);
      else waiting.push(fn);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fill: (value) => {
      if (actors) return;
      actors = value;
      resolve(value);
      for (const fn of waiting.splice(0)) fn(value);
      for (const listener of [...listeners]) listener();
    },
    fail: (error) => {
      if (!actors) reject(error);
    },
  };
}

/** The part of an actor ref the slot's hooks use (xstate's ActorRef has it). */
export interface Subscribable<T> {
  getSnapshot(): T;
  subscribe(listener: (snapshot: T) => void): { unsubscribe(): void };
}

/** Resolves with the first snapshot of `actor` that passes `test` (xstate's waitFor, without importing xstate). */
export function waitForSnapshot<T>(actor: Subscribable<T>, test: (snapshot: T) => boolean): Promise<T> {
  const now = actor.getSnapshot();
  if (test(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const sub = actor.subscribe((snapshot) => {
      if (!test(snapshot)) return;
      queueMicrotask(() => sub.unsubscribe());
      resolve(snapshot);
    });
  });
}
