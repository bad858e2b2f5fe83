// The e2e runs' staff credentials (docs/staff.md "API keys"): the server's bootstrap STAFF_TOKEN, random per run, is
// used once, to make one API key per role (e2e/support/global-setup.ts, scripts/cluster/e2e.ts); every staff call of
// the specs then carries the key of the role its row of the endpoint table names, and nothing else.
import { STAFF_ROLES, type StaffRole } from '../../contract/http';
import { endpointOf } from '../../server/endpoints';

/** Where the runner hands the keys to the specs (a worker inherits the runner's environment). */
export const STAFF_KEYS_ENV = 'E2E_STAFF_KEYS';

export type StaffKeys = Record<StaffRole, string>;

/** One key per role, made through `POST /api/staff/keys/` with the bootstrap token; they expire in a day. */
export async function createStaffKeys(
  baseUrl: string,
  bootstrapToken: string,
  validForMs = 24 * 3600_000,
): Promise<StaffKeys> {
  const keys: Partial<StaffKeys> = {};
  const expires = new Date(Date.now() + validForMs).toISOString();
  for (const role of STAFF_ROLES) {
    const res = await fetch(`${baseUrl}/api/staff/keys/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bootstrapToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `e2e ${role}`, roles: [role], expires_at: expires }),
    });
    if (!res.ok) throw new Error(`making the e2e ${role} key → ${res.status} ${await res.text()}`);
    keys[role] = ((await res.json()) as { key: string }).key;
  }
  return keys as StaffKeys;
}

let keys: StaffKeys | undefined;

/** The run's keys, from the runner's environment. */
export function staffKeys(): StaffKeys {
  if (keys) return keys;
  const raw = process.env[STAFF_KEYS_ENV];
  if (!raw)
    throw new Error(
      `${STAFF_KEYS_ENV} is not set: run the specs through playwright.config.ts or npm run e2e:cluster.`,
    );
  return (keys = JSON.parse(raw) as StaffKeys);
}

/** The role the endpoint table names for a staff call (`path` under /api/staff, a query string allowed). */
export function roleOf(method: string, path: string): StaffRole {
  const route = endpointOf(method, `/api/staff${path.split('?')[0]}`);
  const role = route?.spec.auth === 'staff' ? route.spec.role : undefined;
  if (!role) throw new Error(`${method} /api/staff${path} is no staff row of the endpoint table`);
  // A row open to any caller (the caller's own): the least of the keys will do.
  return role === 'any' ? 'support' : role;
}

/** The Authorization header of a staff call: the key of the role its row needs. */
export function staffHeaders(method: string, path: string): { authorization: string } {
  return { authorization: `Bearer ${staffKeys()[roleOf(method, path)]}` };
}
