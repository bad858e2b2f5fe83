import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '../../server/domain/sessions';
import { listOutbox } from '../../server/domain/outbox';
import type { Harness } from './harness';
import { createCustomer } from './helpers/auth';

/** A DATA_DIR of its own per test file, so avatar files never mix with another run's; removed at the end. */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-profile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface Customer {
  id: number;
  email: string;
  token: string;
  /** A fresh access token (after the clock moved past the 300 s lifetime). */
  renew(): Promise<string>;
}

/** A customer inserted straight into `users`, with a live sign-in session and its access token. */
export async function customer(
  h: Harness,
  opts: { email?: string; phone?: string; fio?: string } = {},
): Promise<Customer> {
  const c = await createCustomer(h, opts);
  const session = await createSession(h.deps, c.id);
  const result: Customer = {
    id: c.id,
    email: c.email,
    token: session.access,
    async renew() {
      result.token = (await createSession(h.deps, c.id)).access;
      return result.token;
    },
  };
  return result;
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export const outbox = (h: Harness, filter: { recipient?: string; kind?: string } = {}) =>
  listOutbox(h.deps, { ...filter, limit: 50 });
