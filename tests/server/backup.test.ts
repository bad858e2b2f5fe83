// docs/operations.md "Backups": `npm run backup` of a server that is busy writing chat messages, `npm run
// restore` into a new folder, a server started on it — every message acknowledged before the backup, every
// file (same bytes) and the same balances are there; an archive that is damaged or not ours is refused and
// changes nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { testConfig } from '../../server/config';
import { DEMO_EMAIL } from '../../server/db/seed';
import { startServer, type RunningServer } from '../../server/server';
import { BackupError, restoreArchive } from '../../server/ops/backup';
import { backup } from '../../scripts/backup';
import { api, readCustomerState, signIn } from './helpers/customer-state';

const DEMO_PASSWORD = 'demo-password';
const root = mkdtempSync(join(tmpdir(), 'cabinet-backup-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  await rm(root, { recursive: true, force: true });
});

async function serve(dataDir: string, seedDemo: boolean) {
  mkdirSync(dataDir, { recursive: true }); // loadConfig makes it in `npm start`
  const server = await startServer(testConfig({ dataDir, seedDemo }));
  servers.push(server);
  return server;
}

// The backup is of PGlite's folder: CI's PostgreSQL pass (DATABASE_URL set) would run the same test again.
describe.skipIf(process.env.DATABASE_URL)('a backup of a busy server, restored into a new folder', () => {
  it('has every acknowledged message, every file with its bytes and the same balances', async () => {
    const live = await serve(join(root, 'live'), true);
    expect(live.seededDemo).toBe(true); // main.ts then prints the demo account
    const { access } = await signIn(live.url, DEMO_EMAIL, DEMO_PASSWORD);
    const call = api(live.url, access);
    const orders = await call<{ results: { id: number }[] }>('/api/client/orders/?tab=active&page_size=50');
    const chatOrder = orders.results[0]!.id;

    // The chat is being written while the backup runs: one message after another, each acknowledged (201).
    const acknowledged: { text: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 1; writing; n++) {
        const text = `during the backup ${n}`;
        await call(`/api/client/orders/${chatOrder}/messages/`, {
          method: 'POST',
          json: { text, client_id: randomUUID() },
        });
        acknowledged.push({ text, at: performance.now() });
      }
    })();
    while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 20));
    const before = await readCustomerState(live.url, DEMO_EMAIL, DEMO_PASSWORD);
    const backupStarted = performance.now();
    const archive = join(root, 'backup.tar.gz');
    const made = await backup(archive, join(root, 'live'));
    const backupDone = performance.now();
    while (!acknowledged.some((m) => m.at > backupDone)) await new Promise((r) => setTimeout(r, 20));
    writing = false;
    await writer;
    expect(made.via).toBe('the running server');
    // The socket the backup went through also keeps a second server off the folder in use.
    await expect(startServer(testConfig({ dataDir: join(root, 'live') }))).rejects.toThrow(
      /Another server is running on .*live/,
    );
    expect(made.files).toBeGreaterThan(0);

    const restored = join(root, 'restored');
    await restoreArchive(archive, restored);
    const copy = await serve(restored, true);
    expect(copy.seededDemo).toBe(false); // the restored customer, not a new one
    const after = await readCustomerState(copy.url, DEMO_EMAIL, DEMO_PASSWORD);

    const ours = (texts: string[]) => texts.filter((t) => t.startsWith('during the backup '));
    const chat = ours(after.messages[chatOrder]!);
    // Everything acknowledged before the backup began is there; nothing acknowledged after it ended is; and what is
    // there is the writer's sequence from its start, without a hole (one moment of the database, not a mix).
    expect(chat).toEqual(acknowledged.slice(0, chat.length).map((m) => m.text));
    expect(chat.length).toBeGreaterThanOrEqual(acknowledged.filter((m) => m.at < backupStarted).length);
    expect(chat.length).toBeLessThanOrEqual(acknowledged.filter((m) => m.at < backupDone).length);
    // The rest of the customer's state is as it was read just before the backup (only the chat kept moving).
    expect(after.finances).toEqual(before.finances);
    expect(after.files).toEqual(before.files);
    expect(Object.values(after.files).flat().length).toBeGreaterThan(0);
    expect(after.payments).toEqual(before.payments);
    expect(Object.keys(after.orders)).toEqual(Object.keys(before.orders));
    for (const id of Object.keys(before.messages).map(Number))
      if (id !== chatOrder) expect(after.messages[id]).toEqual(before.messages[id]);
    // The restored server keeps the key: a token of the live server works on the copy.
    await expect(api(copy.url, access)('/api/client/profile/')).resolves.toBeTruthy();
  }, 180_000);

  it('refuses a damaged or foreign archive, or a folder that is not empty, and changes nothing', async () => {
    const archive = join(root, 'backup.tar.gz');
    const bytes = readFileSync(archive);
    const target = join(root, 'untouched');

    const truncated = join(root, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreArchive(truncated, target)).rejects.toThrow(/is damaged .*Nothing was changed/);

    const flipped = join(root, 'flipped.tar.gz');
    const copy = Buffer.from(bytes);
    copy[Math.floor(copy.length * 0.7)]! ^= 0xff;
    writeFileSync(flipped, copy);
    await expect(restoreArchive(flipped, target)).rejects.toThrow(/is damaged .*Nothing was changed/);

    const foreign = join(root, 'foreign.tar.gz');
    const pack = tar.pack();
    pack.entry({ name: 'photos/cat.jpg' }, Buffer.from('not a cabinet'));
    pack.finalize();
    await pipeline(pack, createGzip(), createWriteStream(foreign));
    await expect(restoreArchive(foreign, target)).rejects.toThrow(
      /is not a backup of the customer cabinet .*Nothing was changed/,
    );
    const plain = join(root, 'notes.txt');
    writeFileSync(plain, 'hello');
    await expect(restoreArchive(plain, target)).rejects.toThrow(/not a gzip archive/);

    expect(existsSync(target)).toBe(false);
    expect(readdirSync(root).filter((n) => n.startsWith('.cabinet-restore-'))).toEqual([]);

    // A folder with something in it is never written over.
    const restoredBefore = readdirSync(join(root, 'restored')).sort();
    await expect(restoreArchive(archive, join(root, 'restored'))).rejects.toThrow(BackupError);
    await expect(restoreArchive(archive, join(root, 'restored'))).rejects.toThrow(/is not empty/);
    expect(readdirSync(join(root, 'restored')).sort()).toEqual(restoredBefore);
  }, 60_000);
});
