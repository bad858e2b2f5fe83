import type { Harness } from '../harness';
import { createMember } from '../../../server/domain/staff-people';
import { createApiKey } from '../../../server/domain/staff-keys';
import { totpAt } from '../../../server/domain/totp';
import type { StaffRole } from '../../../contract/http';
import type { StaffTokens } from '../../../contract/staff-door.api';

export const STAFF_PASSWORD = 'staff-password-42';

export interface StaffPerson extends StaffTokens {
  id: number;
  login: string;
  secret: string;
}

let counter = 0;

/** A person of the role, enrolled and signed in through the API (setup code → TOTP secret → password + code). */
export async function createStaffPerson(h: Harness, role: StaffRole, login?: string): Promise<StaffPerson> {
  const made = await createMember(h.deps, login ?? `${role}.${process.pid}.${++counter}`, role);
  const enrol = await h.request('/api/staff/auth/enrol/', {
    method: 'POST',
    json: { login: made.login, setup_code: made.setup_code },
  });
  if (enrol.status !== 200) throw new Error(`enrol: ${enrol.status} ${await enrol.text()}`);
  const { secret } = (await enrol.json()) as { secret: string };
  const confirm = await h.request('/api/staff/auth/enrol/confirm/', {
    method: 'POST',
    json: {
      login: made.login,
      setup_code: made.setup_code,
      password: STAFF_PASSWORD,
      code: totpAt(secret, h.clock.now),
    },
  });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  return { id: made.id, login: made.login, secret, ...((await confirm.json()) as StaffTokens) };
}

/** An API key with these roles, made through the domain function (as an admin's POST /api/staff/keys/ does). */
export async function createStaffKey(h: Harness, roles: StaffRole[]): Promise<string> {
  return (await createApiKey(h.deps, { name: `test ${roles.join('+')}`, roles, createdBy: 'tests' })).key;
}
