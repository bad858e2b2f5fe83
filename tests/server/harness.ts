import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { openPglite } from './helpers/test-database';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../server/db/client';
import { createApp, type App } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import { createRealtime } from '../../server/realtime/bus-hub';
import { createStorage } from '../../server/storage/storage';
import { startLocalS3, type LocalS3 } from './helpers/s3-server';
import type { Deps } from '../../server/env';
import { answerProblems } from './helpers/contract';
import { onAdmin, postgresTarget } from './helpers/postgres-target';
import { RealtimeEvent } from '../../contract/realtime.api';

export interface Harness {
  app: App;
  deps: Deps;
  /** Moves the server's clock (token and code expiry). */
  clock: { now: Date; advance(ms: number): void };
  /** Events published to each user since the last reset. */
  published: { userId: number; event: RealtimeEvent }[];
  request(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
}

/**
 * One database per test file (opening PGlite costs ~2 s), emptied before each test. With DATABASE_URL set,
 * each file gets a fresh PostgreSQL database of its own, dropped at the end, so files can run in parallel.
 * Files go to DATA_DIR (`storage: 'fs'`, the default) or to an S3 server the harness starts on loopback (`'s3'`).
 */
export function useHarness(overrides: Partial<Config> = {}, opts: { storage?: 'fs' | 's3' } = {}): Harness {
  const contractProblems: string[] = [];
  const h = { published: [] } as unknown as Harness & {
    database: Database;
    dropDb?: () => Promise<void>;
    s3?: LocalS3;
  };
  beforeAll(async () => {
    if (opts.storage === 's3') h.s3 = await startLocalS3();
    let database: Database;
    if (process.env.DATABASE_URL) {
      const name = `test_${randomBytes(6).toString('hex')}`;
      await onAdmin(`create database ${name}`);
      database = await openDatabase(postgresTarget(name));
      h.dropDb = () => onAdmin(`drop database if exists ${name} with (force)`);
    } else {
      database = await openPglite();
    }
    h.database = database;
    const clock = {
      now: new Date(),
      advance(ms: number) {
        clock.now = new Date(clock.now.getTime() + ms);
      },
    };
    h.clock = clock;
    const realtime = await createRealtime(database);
    const publish = realtime.publish.bind(realtime);
    realtime.publish = async (userId, event) => {
      h.published.push({ userId, event });
      // Every pushed event must fit the contract's event union, as every answer fits its row.
      const parsed = RealtimeEvent.safeParse(event);
      if (!parsed.success)
        contractProblems.push(
          `event ${event.type}: ${parsed.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; ')}`,
        );
      await publish(userId, event);
    };
    const config = testConfig(h.s3 ? { storage: h.s3.storage, ...overrides } : overrides);
    const storage = await createStorage(config);
    await storage.ready();
    h.deps = {
      config,
      database,
      db: database.db,
      realtime,
      storage,
      now: () => clock.now,
      setClock: (at) => void (clock.now = at),
    };
    h.app = createApp(h.deps);
    h.request = (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return Promise.resolve(h.app.request(path, { ...init, headers, body })).then(async (res) => {
        contractProblems.push(...(await answerProblems(init.method ?? 'GET', path, res)));
        return res;
      });
    };
  }, 60_000);
  // Every answer of the test must fit its endpoint's answer schema in the contract.
  afterEach(() => {
    const problems = contractProblems.splice(0);
    expect(problems, 'answers that do not fit the contract').toEqual([]);
  });
  beforeEach(async () => {
    await h.database.truncateAll();
    h.published.length = 0;
    h.clock.now = new Date();
  });
  afterAll(async () => {
    await h.deps?.realtime.close();
    await h.deps?.storage.close();
    await h.s3?.close();
    await h.database?.close();
    await h.dropDb?.();
  });
  return h;
}
