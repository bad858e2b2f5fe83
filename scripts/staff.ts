// `npm run staff -- <command>`: the staff people of this deployment (docs/staff.md "People").
//   add <login> --role <support|finance|admin>   a person and their one-time setup code (printed once)
//   list                                          people, their role, enrolled or not, disabled or not
//   disable <login> | enable <login>              every session of the person ends at once
//   set-role <login> --role <role>                likewise
//   reset <login>                                 password, second factor and sessions gone; a new setup code
// It opens the database the server uses (DATABASE_URL, else DATA_DIR/db): with PGlite, while the server is stopped.
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { refuseIfServed } from '../server/ops/admin-socket';
import {
  createMember,
  listMembers,
  memberByLogin,
  resetMember,
  updateMember,
} from '../server/domain/staff-people';
import { STAFF_ROLES, type StaffRole } from '../contract/http';
import { StaffLogin } from '../contract/staff-door.api';

const USAGE = `usage: npm run staff -- add <login> --role <${STAFF_ROLES.join('|')}>
       npm run staff -- list
       npm run staff -- disable <login> | enable <login>
       npm run staff -- set-role <login> --role <role>
       npm run staff -- reset <login>`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [command, login, ...rest] = process.argv.slice(2);
const roleFlag = rest.indexOf('--role');
const roleArg = roleFlag >= 0 ? rest[roleFlag + 1] : undefined;
const role = (): StaffRole => {
  if (!roleArg || !(STAFF_ROLES as readonly string[]).includes(roleArg))
    fail(`--role must be one of ${STAFF_ROLES.join(', ')}.\n${USAGE}`);
  return roleArg as StaffRole;
};
if (!command || !['add', 'list', 'disable', 'enable', 'set-role', 'reset'].includes(command)) fail(USAGE);
if (command !== 'list') {
  if (!login) fail(USAGE);
  if (!StaffLogin.safeParse(login).success)
    fail('A login has 3 to 64 latin letters, digits, ".", "-" or "_".');
}

const config = loadConfig();
if (!config.databaseUrl) await refuseIfServed(config.dataDir);
const database = await openDatabase(
  config.databaseUrl
    ? { url: config.databaseUrl, directUrl: config.databaseDirectUrl, pooler: config.databasePooler }
    : { dataDir: join(config.dataDir, 'db'), sharedBuffers: config.pgliteSharedBuffers },
);
const deps = { db: database.db, now: () => new Date() };

const setupHint = (code: string) =>
  `Setup code (shown once, valid 7 days): ${code}\n` +
  'First sign-in: POST /api/staff/auth/enrol/ {login, setup_code} gives the TOTP secret for the app, then\n' +
  'POST /api/staff/auth/enrol/confirm/ {login, setup_code, password, code} sets the password (docs/staff.md).';

try {
  if (command === 'list') {
    const people = await listMembers(deps);
    if (!people.length) console.log('No staff people yet.');
    for (const p of people)
      console.log(
        `${p.login.padEnd(24)} ${p.role.padEnd(8)} ${p.enrolled ? 'enrolled' : 'not enrolled'}${p.disabled ? ', disabled' : ''}`,
      );
  } else if (command === 'add') {
    const made = await createMember(deps, login!, role());
    console.log(`Added ${made.login} (${made.role}).\n${setupHint(made.setup_code)}`);
  } else {
    const member = await memberByLogin(deps, login!);
    if (!member) fail(`No staff person "${login}".`);
    if (command === 'reset') {
      const reset = await resetMember(deps, member.id);
      console.log(
        `Reset ${reset.login}: sessions ended, password and second factor cleared.\n${setupHint(reset.setup_code)}`,
      );
    } else {
      const change = command === 'set-role' ? { role: role() } : { disabled: command === 'disable' };
      const after = await updateMember(deps, member.id, change);
      console.log(`${after.login}: ${after.role}${after.disabled ? ', disabled' : ''}; every session ended.`);
    }
  }
} catch (err) {
  fail((err as Error).message);
} finally {
  await database.close();
}
