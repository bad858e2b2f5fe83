// `npm run backup -- <file>` and `npm run restore -- <file>` (docs/operations.md "Backups"): the whole state
// of a one-machine cabinet (PGlite in DATA_DIR/db, the `fs` driver's files, the JWT key) in one archive, and
// back into an empty DATA_DIR. With the server running, the snapshot is taken by the server itself through
// DATA_DIR/admin.sock; with it stopped, by opening the database here. PostgreSQL and S3 have their own
// tools: docs/operations.md gives the commands.
import { PGlite } from '@electric-sql/pglite';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import {
  BackupError,
  DB_FOLDER,
  restoreArchive,
  takeSnapshot,
  writeArchive,
  type Snapshot,
} from '../server/ops/backup';
import { PGLITE_EXTENSIONS } from '../server/db/client';
import { ADMIN_SOCKET, MAX_SOCKET_PATH, socketAnswers } from '../server/ops/admin-socket';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Asks the running server for a snapshot. */
function snapshotFromServer(socketPath: string): Promise<Snapshot> {
  return new Promise((res, rej) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('{"op":"snapshot"}\n'));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', rej);
    socket.on('end', () => {
      try {
        const body = JSON.parse(answer) as ({ ok: true } & Snapshot) | { ok: false; error: string };
        if (body.ok) res(body);
        else rej(new BackupError(`The server could not take the snapshot: ${body.error}`));
      } catch {
        rej(new BackupError(`The server's answer on ${socketPath} is not one I understand: ${answer}`));
      }
    });
  });
}

export async function backup(
  file: string,
  dataDir: string,
): Promise<{ bytes: number; files: number; pauseMs: number; via: string }> {
  if (!existsSync(join(dataDir, DB_FOLDER, 'PG_VERSION')))
    throw new BackupError(`There is no database in ${join(dataDir, DB_FOLDER)}: is DATA_DIR right?`);
  const socketPath = join(dataDir, ADMIN_SOCKET);
  // Past this length the server opens no socket, and a running one could not be told from a stopped one.
  if (socketPath.length > MAX_SOCKET_PATH)
    throw new BackupError(
      `${socketPath} is longer than a Unix socket's path may be (${MAX_SOCKET_PATH} bytes), ` +
        'so a running server could not be asked for the snapshot. ' +
        'Give the server and this command a shorter path to the same folder as DATA_DIR (a symbolic link will do).',
    );
  let snapshot: Snapshot;
  let via: string;
  if (await socketAnswers(socketPath)) {
    snapshot = await snapshotFromServer(socketPath);
    via = 'the running server';
  } else {
    const db = await PGlite.create(join(dataDir, DB_FOLDER), { extensions: PGLITE_EXTENSIONS });
    try {
      snapshot = await takeSnapshot(db, dataDir);
    } finally {
      await db.close();
    }
    via = 'this command (no server running)';
  }
  try {
    return { ...(await writeArchive(snapshot, file)), pauseMs: snapshot.pauseMs, via };
  } finally {
    await rm(snapshot.stage, { recursive: true, force: true });
  }
}

async function main() {
  const [command, arg] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !arg) {
    console.error('usage: npm run backup -- <file.tar.gz>   |   npm run restore -- <file.tar.gz>');
    process.exit(2);
  }
  // npm runs scripts in the project's folder; the file is named from where the command was typed.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  if (process.env.DATABASE_URL)
    throw new BackupError(
      'DATABASE_URL is set: the database is PostgreSQL, backed up with pg_dump (docs/operations.md "Backups"), not with this command.',
    );
  const s3 = process.env.STORAGE_DRIVER === 's3' || (!process.env.STORAGE_DRIVER && process.env.S3_BUCKET);
  const started = performance.now();
  if (command === 'backup') {
    const r = await backup(file, dataDir);
    console.log(
      `Backed up ${dataDir} into ${file}: ${mb(r.bytes)}, the database and ${r.files} files, ` +
        `in ${seconds(performance.now() - started)} (snapshot by ${r.via}; the database waited ${Math.round(r.pauseMs)} ms).`,
    );
    if (s3)
      console.log(
        'Files in the S3 bucket are not in it: back the bucket up with its own tools (docs/operations.md "Backups").',
      );
  } else {
    const r = await restoreArchive(file, dataDir);
    console.log(
      `Restored ${file} (taken ${r.manifest.created_at}, schema ${r.manifest.schema ?? 'unknown'}) into ${dataDir}: ` +
        `the database and ${r.files} files, in ${seconds(performance.now() - started)}. Start the server on it: DATA_DIR=${dataDir} npm start`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  });
}
