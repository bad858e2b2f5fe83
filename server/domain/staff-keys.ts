import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Deps } from '../env';
import type { Executor } from './orders-db';
import { staffApiKeys } from '../db/tables';
import { notFound } from './errors';
import { sha256 } from './sessions';
import { STAFF_ROLES, type StaffRole } from '../../contract/http';
import { STAFF_DOOR_MESSAGES as M } from '../../contract/staff-door.api';

// The integrations' API keys (docs/staff.md "API keys") and the bootstrap STAFF_TOKEN: who a staff caller is.

/** Who called the staff API: a person (their session), an API key, or the bootstrap STAFF_TOKEN. */
export interface StaffCaller {
  kind: 'person' | 'key' | 'bootstrap';
  /** The person's or the key's id; null for the bootstrap token. */
  id: number | null;
  /** The person's login, the key's name, or 'STAFF_TOKEN'. */
  name: string;
  roles: readonly StaffRole[];
  /** A person's session. */
  sessionId?: string;
}

/** Keys begin with this, so the door knows a key from an access JWT without trying both. */
export const KEY_PREFIX = 'sk_';
/** The last use is written at most this often: a key's every call must not be a write. */
const LAST_USE_EVERY_MS = 60_000;

/** The bootstrap STAFF_TOKEN, compared in constant time; null when unset or not it. */
export function bootstrapCaller(deps: Pick<Deps, 'config'>, token: string): StaffCaller | null {
  const expected = deps.config.staffToken;
  if (!expected) return null;
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return { kind: 'bootstrap', id: null, name: 'STAFF_TOKEN', roles: STAFF_ROLES };
}

/**
 * The keys this process found live lately (their sha256 → until when, by the process's clock): load shedding
 * (server/ops/shedding.ts) counts a caller with one of them as signed in, not anonymous, without the database. Only a
 * key the database confirmed gets in, so made-up keys stay anonymous; whether it is still live is the door's
 * business, as for the customers' access tokens.
 */
const recentlyLive = new Map<string, number>();
const RECENTLY_LIVE_MS = 60_000;

export function keyRecentlyLive(token: string): boolean {
  if (!token.startsWith(KEY_PREFIX) || token.length > 100) return false;
  const hash = sha256(token);
  const until = recentlyLive.get(hash);
  if (until === undefined) return false;
  if (until > performance.now()) return true;
  recentlyLive.delete(hash);
  return false;
}

/** A live key (not revoked, not expired) by its text; its last use is recorded. */
export async function keyCaller(deps: Pick<Deps, 'db' | 'now'>, token: string): Promise<StaffCaller | null> {
  if (!token.startsWith(KEY_PREFIX) || token.length > 100) return null;
  const hash = sha256(token);
  const [key] = await deps.db.select().from(staffApiKeys).where(eq(staffApiKeys.keyHash, hash));
  const now = deps.now();
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) {
    recentlyLive.delete(hash);
    return null;
  }
  recentlyLive.set(hash, performance.now() + RECENTLY_LIVE_MS);
  if (!key.lastUsedAt || key.lastUsedAt.getTime() + LAST_USE_EVERY_MS < now.getTime())
    await deps.db
      .update(staffApiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(staffApiKeys.id, key.id),
          or(
            isNull(staffApiKeys.lastUsedAt),
            lt(staffApiKeys.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS)),
          ),
        ),
      );
  return { kind: 'key', id: key.id, name: key.name, roles: key.roles };
}

const view = (k: typeof staffApiKeys.$inferSelect) => ({
  id: k.id,
  name: k.name,
  roles: k.roles,
  created_by: k.createdBy,
  created_at: k.createdAt.toISOString(),
  expires_at: k.expiresAt?.toISOString() ?? null,
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked: k.revokedAt !== null,
});

/** A new key: its text is returned this once, only its sha256 is kept. */
export async function createApiKey(
  deps: { db: Executor; now: () => Date },
  opts: { name: string; roles: readonly StaffRole[]; expiresAt?: Date | null; createdBy: string },
) {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await deps.db
    .insert(staffApiKeys)
    .values({
      name: opts.name,
      roles: [...new Set(opts.roles)],
      keyHash: sha256(key),
      createdBy: opts.createdBy,
      createdAt: deps.now(),
      expiresAt: opts.expiresAt ?? null,
    })
    .returning();
  return { ...view(row!), key };
}

export async function listApiKeys(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db.select().from(staffApiKeys).orderBy(desc(staffApiKeys.id));
  return rows.map(view);
}

export async function revokeApiKey(deps: { db: Executor; now: () => Date }, id: number) {
  const [row] = await deps.db
    .update(staffApiKeys)
    .set({ revokedAt: deps.now() })
    .where(and(eq(staffApiKeys.id, id), isNull(staffApiKeys.revokedAt)))
    .returning();
  if (row) return view(row);
  const [already] = await deps.db.select().from(staffApiKeys).where(eq(staffApiKeys.id, id));
  if (!already) throw notFound(M.keyNotFound);
  return view(already);
}
