// One archive of the whole state of a one-machine cabinet: PGlite's own dump of its data folder (DATA_DIR/db) and
// every other file of DATA_DIR (the `fs` driver's files and avatars, the generated JWT key).
// docs/operations.md "Backups".
//
// A snapshot is taken under PGlite's transaction lock: no transaction is open, a CHECKPOINT writes every page out,
// dumpDataDir() tars the folder, and the stored files are hard-linked into a stage beside them — the `fs` driver
// never rewrites a file in place (a put renames a new one over it, a delete unlinks), so the links keep the bytes of
// that moment while the server goes on. Files are stored before the rows that name them and deleted after, so every
// file a row of the dump names is among the links. The database waits for the lock only while this runs
// (`pauseMs`); the compression happens afterwards, outside the lock, in the backup command's own process.
import { PGlite, protocol } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, posix, resolve } from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../db/client';

export const BACKUP_FORMAT = 'customer-cabinet-backup';
const MANIFEST = 'cabinet-backup.json';
const DB_TAR = 'db.tar';
/** The PGlite folder inside DATA_DIR (server.ts opens it there). */
export const DB_FOLDER = 'db';
/** The staging folders of snapshots (hidden: the `fs` driver's listings skip them). */
export const STAGE_PREFIX = '.backup-';

/** A refusal the operator can act on: the CLI prints its message alone. */
export class BackupError extends Error {}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  created_at: string;
  database: 'pglite';
  /** The last migration applied to the dumped database (its file name in server/db/migrations). */
  schema: string | null;
  entries: { path: string; size: number; sha256: string; mode: number }[];
}

/** Everything of DATA_DIR a backup takes: not the database folder, not hidden (temporary) files, not sockets. */
function taken(name: string, top: boolean) {
  return !name.startsWith('.') && !(top && (name === DB_FOLDER || name === 'admin.sock'));
}

async function linkTree(from: string, to: string, top = true): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!taken(entry.name, top)) continue;
    if (entry.isDirectory()) await linkTree(join(from, entry.name), join(to, entry.name), false);
    else if (entry.isFile()) await link(join(from, entry.name), join(to, entry.name));
  }
}

async function lastMigration(client: PGlite): Promise<string | null> {
  const rows = await client
    .query<{
      created_at: string;
    }>('select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1')
    .catch(() => ({ rows: [] }));
  const when = rows.rows[0]?.created_at;
  if (!when) return null;
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.find((e) => String(e.when) === when)?.tag ?? `created_at ${when}`;
}

export interface Snapshot {
  /** A folder inside DATA_DIR holding db.tar and data/ (hard links); the caller archives it, then removes it. */
  stage: string;
  /** How long the database waited (the lock was held), ms. */
  pauseMs: number;
  schema: string | null;
}

/** A consistent snapshot of DATA_DIR whose database is the open `client` (the running server's or the CLI's own). */
export async function takeSnapshot(client: PGlite, dataDir: string): Promise<Snapshot> {
  const schema = await lastMigration(client);
  const stage = await mkdtemp(join(dataDir, STAGE_PREFIX));
  try {
    let dump: Blob | undefined;
    let pauseMs = 0;
    await client._runExclusiveTransaction(async () => {
      const started = performance.now();
      await client._runExclusiveQuery(() =>
        client.execProtocol(protocol.serialize.query('CHECKPOINT'), { syncToFs: true }),
      );
      dump = await client.dumpDataDir('none');
      await linkTree(dataDir, join(stage, 'data'));
      pauseMs = performance.now() - started;
    });
    await writeFile(join(stage, DB_TAR), new Uint8Array(await dump!.arrayBuffer()));
    return { stage, pauseMs, schema };
  } catch (error) {
    await rm(stage, { recursive: true, force: true });
    throw error;
  }
}

async function listFiles(root: string, under = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(root, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Writes the stage as one gzip'd tar: the manifest first (format, schema, every entry's size and SHA-256), then
 * db.tar, then data/…. Written beside `file` and renamed into place, so a failed backup leaves no half archive.
 */
export async function writeArchive(
  snapshot: Snapshot,
  file: string,
): Promise<{ bytes: number; files: number }> {
  const paths = await listFiles(snapshot.stage);
  const entries: Manifest['entries'] = [];
  for (const path of paths) {
    const { size, mode } = await stat(join(snapshot.stage, path));
    entries.push({ path, size, mode: mode & 0o777, sha256: await sha256Of(join(snapshot.stage, path)) });
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: 1,
    created_at: new Date().toISOString(),
    database: 'pglite',
    schema: snapshot.schema,
    entries,
  };
  const temp = `${file}.${randomBytes(4).toString('hex')}.part`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(temp, { flags: 'wx' }));
  try {
    const body = Buffer.from(JSON.stringify(manifest, null, 1));
    await new Promise<void>((res, rej) =>
      pack.entry({ name: MANIFEST, size: body.length }, body, (e) => (e ? rej(e) : res())),
    );
    for (const e of entries) {
      let done!: (error?: Error | null) => void;
      const finished = new Promise<void>((res, rej) => (done = (err) => (err ? rej(err) : res())));
      const sink = pack.entry({ name: e.path, size: e.size }, done);
      for await (const chunk of createReadStream(join(snapshot.stage, e.path)))
        if (!sink.write(chunk as Buffer)) await once(sink, 'drain');
      sink.end(Buffer.alloc(0));
      await finished;
    }
    pack.finalize();
    await written;
    await rename(temp, file);
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
  return { bytes: (await stat(file)).size, files: entries.length - 1 };
}

const NOT_OURS = (file: string, why: string) =>
  new BackupError(`${file} is not a backup of the customer cabinet (${why}). Nothing was changed.`);
const DAMAGED = (file: string, why: string) =>
  new BackupError(`${file} is damaged (${why}): it cannot be restored. Nothing was changed.`);

function safePath(path: string): boolean {
  return (
    path === DB_TAR ||
    (path.startsWith('data/') &&
      posix.normalize(path) === path &&
      !path.split('/').some((s) => s === '' || s === '..' || s.startsWith('.')))
  );
}

/** Reads the whole archive into `stage`, checking every entry against the manifest; throws BackupError if not. */
async function extractVerified(file: string, stage: string): Promise<Manifest> {
  const head = await open(file, 'r').then(async (h) => {
    try {
      const buf = Buffer.alloc(2);
      await h.read(buf, 0, 2, 0);
      return buf;
    } finally {
      await h.close();
    }
  });
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw NOT_OURS(file, 'not a gzip archive');

  const extract = tar.extract();
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (e) => extract.destroy(e));
  gunzip.on('error', (e) => extract.destroy(Object.assign(e, { fromGzip: true })));
  source.pipe(gunzip).pipe(extract);

  let manifest: Manifest | undefined;
  const expected = new Map<string, Manifest['entries'][number]>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST || entry.header.size === undefined || entry.header.size > 64 << 20)
          throw NOT_OURS(file, `it starts with ${JSON.stringify(name)}, not ${MANIFEST}`);
        const chunks: Buffer[] = [];
        for await (const c of entry) chunks.push(c as Buffer);
        let parsed: Partial<Manifest>;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<Manifest>;
        } catch {
          throw NOT_OURS(file, `its ${MANIFEST} is not JSON`);
        }
        if (parsed.format !== BACKUP_FORMAT) throw NOT_OURS(file, `its format is ${String(parsed.format)}`);
        if (parsed.version !== 1)
          throw new BackupError(
            `${file} is a backup of version ${String(parsed.version)}; this code restores version 1. Nothing was changed.`,
          );
        manifest = parsed as Manifest;
        for (const e of manifest.entries) expected.set(e.path, e);
        if (!expected.has(DB_TAR)) throw DAMAGED(file, 'its manifest names no database');
        continue;
      }
      const want = expected.get(name);
      if (!want || !safePath(name) || entry.header.type !== 'file')
        throw DAMAGED(file, `${JSON.stringify(name)} is not in its manifest`);
      expected.delete(name);
      const target = join(stage, ...name.split('/'));
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const out = createWriteStream(target, { flags: 'wx', mode: want.mode ?? 0o600 });
      for await (const chunk of entry) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'close');
      if (size !== want.size || hash.digest('hex') !== want.sha256)
        throw DAMAGED(file, `${name} does not match its checksum`);
    }
  } catch (error) {
    source.destroy();
    if (error instanceof BackupError) throw error;
    const why = (error as Error).message;
    if (!manifest)
      throw NOT_OURS(file, (error as { fromGzip?: boolean }).fromGzip ? why : `not a tar: ${why}`);
    throw DAMAGED(file, why);
  }
  if (!manifest) throw NOT_OURS(file, 'it is empty');
  if (expected.size > 0)
    throw DAMAGED(file, `${expected.size} of its entries are missing, e.g. ${[...expected.keys()][0]}`);
  return manifest;
}

/** Folders that may be restored into: absent, or empty. */
async function emptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Puts an archive back into an empty (or absent) DATA_DIR. Everything is read and checked in a hidden folder beside
 * it first and the database opened once; only then does it move into place. A refused archive changes nothing.
 */
export async function restoreArchive(
  file: string,
  dataDir: string,
): Promise<{ manifest: Manifest; files: number }> {
  const target = resolve(dataDir);
  if (!(await emptyOrAbsent(target)))
    throw new BackupError(
      `${target} is not empty: restore into an empty or new folder (move the old one aside first). Nothing was changed.`,
    );
  await stat(file).catch(() => {
    throw new BackupError(`There is no file ${file}.`);
  });
  await mkdir(dirname(target), { recursive: true });
  const stage = await mkdtemp(join(dirname(target), '.cabinet-restore-'));
  try {
    const manifest = await extractVerified(file, stage);
    const dbTar = await readFile(join(stage, DB_TAR));
    const root = join(stage, 'data');
    await mkdir(root, { recursive: true });
    let db: PGlite | undefined;
    try {
      db = await PGlite.create(join(root, DB_FOLDER), {
        loadDataDir: new Blob([dbTar]),
        extensions: PGLITE_EXTENSIONS,
      });
      await db.query('select count(*) from drizzle.__drizzle_migrations');
    } catch (error) {
      throw DAMAGED(file, `its database does not open: ${(error as Error).message}`);
    } finally {
      await db?.close().catch(() => {});
    }
    if (!(await emptyOrAbsent(target)))
      throw new BackupError(`${target} was written to while restoring. Nothing was changed.`);
    await rm(target, { recursive: true, force: true }); // an empty folder, or nothing
    await rename(root, target);
    return { manifest, files: manifest.entries.length - 1 };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** A stage left by a backup that died (older than an hour: a running backup's stage is minutes old at most). */
export async function removeStaleStages(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(STAGE_PREFIX))) {
    const path = join(dataDir, name);
    const age = Date.now() - (await stat(path)).mtimeMs;
    if (age > 3_600_000) await rm(path, { recursive: true, force: true });
  }
}
