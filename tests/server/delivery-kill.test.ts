import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { onAdmin, postgresTarget } from './helpers/postgres-target';
import { openDatabase, type Database } from '../../server/db/client';
import { startSmscStandIn, type SmscStandIn } from './helpers/smsc-stand-in';
import { createChannels } from '../../server/delivery/channels';
import { SANDBOX_DELIVERY } from '../../server/delivery/settings';
import { registerOutbox } from '../../server/delivery/worker';
import { createJobRunner } from '../../server/jobs/runner';
import { listOutbox, sendToOutbox } from '../../server/domain/outbox';

const LEASE_MS = 2000;
const instanceScript = fileURLToPath(new URL('./fixtures/outbox-instance.ts', import.meta.url));

// Two instances need a database both can open: PostgreSQL (DATABASE_URL). PGlite belongs to one process.
describe.skipIf(!process.env.DATABASE_URL)('an instance killed while delivering (PostgreSQL)', () => {
  const fresh = { database: undefined as unknown as Database, opened: [] as Database[] };
  const name = `test_${randomBytes(6).toString('hex')}`;
  // Through PgBouncer too (DATABASE_POOLER): a killed instance's transaction is then rolled back behind it. Read
  // when the tests run: the describe's body runs on PGlite too, where there is no DATABASE_URL to read.
  const target = () => postgresTarget(name);
  const open = async () => {
    const database = await openDatabase(target());
    fresh.opened.push(database);
    return database;
  };
  let smsc: SmscStandIn;
  let doomed: ChildProcess | undefined;

  beforeAll(async () => {
    await onAdmin(`create database ${name}`);
    fresh.database = await open();
    smsc = await startSmscStandIn();
  }, 60_000);
  afterAll(async () => {
    doomed?.kill('SIGKILL');
    await smsc?.close();
    for (const d of fresh.opened) await d.close();
    await onAdmin(`drop database if exists ${name} with (force)`);
  });

  it('sends nothing twice and loses nothing: the other instance settles its tries and sends the rest', async () => {
    const { db } = fresh.database;
    const now = () => new Date();
    for (const phone of ['+79990000011', '+79990000012', '+79990000013'])
      await sendToOutbox(
        { db, now },
        { channel: 'sms', recipient: phone, body: `Код для ${phone}`, kind: 'login_code' },
      );

    // The doomed instance claims two messages; the gateway takes both and never answers; then the instance dies.
    smsc.silent = true;
    const takenTwo = new Promise<void>((resolve) => {
      const wait = () => (smsc.taken.length >= 2 ? resolve() : void smsc.nextTaken().then(wait));
      wait();
    });
    doomed = spawn(process.execPath, ['--import', 'tsx', instanceScript], {
      env: {
        ...process.env,
        DATABASE_URL: target().url,
        DATABASE_DIRECT_URL: target().directUrl,
        SMSC_URL: smsc.url,
        LEASE_MS: String(LEASE_MS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await takenTwo;
    doomed.kill('SIGKILL');
    await new Promise((resolve) => doomed!.once('exit', resolve));
    smsc.silent = false;
    const midway = await listOutbox({ db }, { limit: 10 });
    expect(midway.map((m) => m.status).sort()).toEqual(['pending', 'sending', 'sending']);

    // The surviving instance, once the dead one's lease has run out.
    const other = await open();
    const later = () => new Date(Date.now() + LEASE_MS + 1000);
    const survivor = createJobRunner({ db: other.db, now: later }, { instanceId: 'survivor' });
    const channels = createChannels({
      delivery: {
        ...SANDBOX_DELIVERY,
        sms: { driver: 'smsc', url: smsc.url, login: 'shop', password: 'secret', sender: undefined },
      },
      publicOrigin: 'http://localhost:3000',
    });
    registerOutbox(survivor, { db: other.db, now: later }, channels);
    expect((await survivor.runDue()).jobs.map((j) => j.outcome)).toEqual(['done', 'done', 'done']);

    const settled = await listOutbox({ db }, { limit: 10 });
    expect(settled.map((m) => [m.recipient, m.status]).sort()).toEqual([
      ['+79990000011', 'sent'],
      ['+79990000012', 'sent'],
      ['+79990000013', 'sent'],
    ]);
    expect(smsc.taken.map((m) => m.phone).sort()).toEqual(['79990000011', '79990000012', '79990000013']);
    expect(smsc.lookups).toHaveLength(2); // the two cut-short tries were looked up, not sent again
  }, 60_000);
});
