import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  checkKey,
  StorageUnavailableError,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';

/** The disk, not the request: full, read-only, failing or out of file handles. */
const DISK_FAULTS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);
const diskFault = (err: unknown) =>
  err instanceof Error && 'code' in err && DISK_FAULTS.has(String(err.code))
    ? new StorageUnavailableError(`The file store cannot write: ${err.message}`, { cause: err })
    : err;

const missing = (err: unknown) =>
  err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');

/**
 * Objects as files under `root` (DATA_DIR): key `files/x` is `root/files/x`. A put writes a hidden temporary file
 * beside the target and renames it into place, so a reader never sees half a file and a failed put leaves nothing.
 */
export function createFsStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, ...checkKey(key).split('/'));

  return {
    driver: 'fs',

    async put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, opts: PutOptions = {}) {
      const path = pathOf(key);
      if (!(body instanceof Uint8Array) && opts.size === undefined)
        throw new Error(`put ${key}: a stream needs its size`);
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.part`);
      try {
        const source =
          body instanceof Uint8Array ? Readable.from([body]) : Readable.fromWeb(body as NodeReadableStream);
        await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
        if (!(body instanceof Uint8Array) && (await stat(temp)).size !== opts.size)
          throw new Error(`Stored ${key} is not ${opts.size} bytes long`);
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw diskFault(err);
      }
    },

    async get(key: string): Promise<StoredObject | null> {
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        return { body: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>, size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async read(key: string) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },

    async exists(key: string) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },

    async delete(keys: string[]) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },

    async list(prefix: string) {
      // The folder holding the prefix's last segment, read recursively; hidden (temporary) files are skipped.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      if (folder) checkKey(folder);
      let entries;
      try {
        entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
      } catch (err) {
        if (missing(err)) return [];
        throw err;
      }
      return entries
        .filter((e) => e.isFile() && !e.name.startsWith('.'))
        .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix));
    },

    async ready() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (err) {
        throw new Error(`Files cannot be stored in ${root}: ${String(err)}`, { cause: err });
      }
    },

    async close() {},
  };
}
