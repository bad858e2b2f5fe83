import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../env';
import { badRequest, fieldErrors } from './errors';
import { orderFiles } from '../db/tables';
import { enqueue } from '../jobs/runner';
import { ALLOWED_FILE_EXTENSIONS, FILE_LIMITS } from '../../contract/orders';
import type { OrderFile, UploadedFile } from '../../contract/orders.api';
import type { Executor, Tx } from './orders-db';

export type OrderFileRow = typeof orderFiles.$inferSelect;

const MIME: Record<(typeof ALLOWED_FILE_EXTENSIONS)[number], string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

/** The storage key of a file's bytes (DATA_DIR/files/<name> with the fs driver). */
export function fileKey(storageName: string): string {
  return `files/${storageName}`;
}

const newStorageName = () => randomBytes(18).toString('base64url');

/** The name the customer gave, without a path (old browsers send one), control characters or excess length. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name) return 'файл';
  if (name.length <= 200) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, 200 - ext.length) + ext;
}

export interface IncomingFile {
  name: string;
  size: number;
  mime: string;
  file: File;
}

/**
 * Checks every file before any is stored (so a rejected upload leaves nothing on disk): type by extension,
 * size, and the count of files the target may still take. The detail names the file.
 */
export function checkIncoming(files: File[], alreadyThere: number): IncomingFile[] {
  if (alreadyThere + files.length > FILE_LIMITS.maxPerOrder)
    throw badRequest(
      `К заказу можно приложить не больше ${FILE_LIMITS.maxPerOrder} файлов (уже приложено: ${alreadyThere}).`,
    );
  return files.map((file) => {
    const name = cleanFileName(file.name);
    const ext = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
    const mime = (MIME as Record<string, string>)[ext];
    if (!mime)
      throw badRequest(
        `Файл «${name}»: такой тип не принимается. Можно загрузить: ${ALLOWED_FILE_EXTENSIONS.join(', ')}.`,
      );
    if (file.size > FILE_LIMITS.maxBytes)
      throw badRequest(`Файл «${name}» больше ${FILE_LIMITS.maxBytes / 1024 / 1024} МБ.`);
    if (file.size === 0) throw badRequest(`Файл «${name}» пустой.`);
    return { name, size: file.size, mime, file };
  });
}

/**
 * Stores the files under server-made random names; returns those names in the same order. When one fails, the
 * ones before it (and whatever the failed one may have left) are removed.
 */
export async function storeIncoming(
  deps: Pick<Deps, 'storage' | 'db' | 'now'>,
  files: IncomingFile[],
): Promise<string[]> {
  const names: string[] = [];
  try {
    for (const f of files) {
      const storageName = newStorageName();
      names.push(storageName);
      await deps.storage.put(fileKey(storageName), f.file.stream(), { size: f.size, contentType: f.mime });
    }
  } catch (err) {
    await removeStored(deps, names);
    throw err;
  }
  return names;
}

/** Stores bytes the server makes itself (demo data). */
export async function storeBytes(
  deps: Pick<Deps, 'storage'>,
  bytes: Uint8Array,
  contentType?: string,
): Promise<string> {
  const storageName = newStorageName();
  await deps.storage.put(fileKey(storageName), bytes, { contentType });
  return storageName;
}

/** The job that removes stored files the request could not (server/jobs/tasks.ts): `{ keys }`. */
export const REMOVE_STORED_JOB = 'files.remove-stored';

/**
 * Removes the bytes of files that have no row (an upload that failed, a file deleted). The caller is already
 * failing or done, so this never throws: when the store does not answer (it went away mid-upload, and may have kept
 * the object the upload was cut in), a background job removes them once it is back, so no object outlives its row.
 */
export async function removeStored(
  deps: Pick<Deps, 'storage' | 'db' | 'now'>,
  storageNames: string[],
): Promise<void> {
  if (storageNames.length === 0) return;
  const keys = storageNames.map(fileKey);
  await deps.storage.delete(keys).catch(async (err: unknown) => {
    console.warn(`Could not remove stored files ${storageNames.join(', ')}; a job will:`, err);
    await enqueue(deps, { name: REMOVE_STORED_JOB, payload: { keys }, maxAttempts: 20 }).catch(
      (jobErr: unknown) =>
        console.error(`Could not queue the removal of stored files ${storageNames.join(', ')}:`, jobErr),
    );
  });
}

/**
 * Checks, stores and records files in one go; when the database insert fails the stored bytes are removed.
 * `values` gives the row fields besides the file's own; `alsoInTx` writes what commits with the rows (a delivery,
 * the staff door's audit row), and when it fails the files are not kept either.
 */
export async function saveFiles(
  deps: Deps,
  files: IncomingFile[],
  values: Omit<typeof orderFiles.$inferInsert, 'name' | 'size' | 'mime' | 'storageName' | 'createdAt'>,
  alsoInTx?: (tx: Tx, rows: OrderFileRow[]) => Promise<void>,
): Promise<OrderFileRow[]> {
  const names = await storeIncoming(deps, files);
  try {
    const now = deps.now();
    return await deps.db.transaction(async (tx) => {
      const rows = await tx
        .insert(orderFiles)
        .values(
          files.map((f, i) => ({
            ...values,
            name: f.name,
            size: f.size,
            mime: f.mime,
            storageName: names[i] ?? '',
            createdAt: now,
          })),
        )
        .returning();
      await alsoInTx?.(tx, rows);
      return rows;
    });
  } catch (err) {
    await removeStored(deps, names);
    throw err;
  }
}

export function toOrderFile(row: OrderFileRow): OrderFile {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    mime: row.mime,
    kind: row.kind,
    author: row.author,
    is_reviewed: row.isReviewed,
    created_at: row.createdAt.toISOString(),
    url: `/api/client/orders/${row.orderId}/files/${row.id}/download/`,
  };
}

export function toUploadedFile(row: OrderFileRow): UploadedFile {
  return { id: row.id, name: row.name, size: row.size, mime: row.mime };
}

export async function orderFileCount(db: Executor, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orderFiles).where(eq(orderFiles.orderId, orderId));
  return row?.n ?? 0;
}

export async function listOrderFiles(db: Executor, orderId: number): Promise<OrderFileRow[]> {
  return db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId)).orderBy(asc(orderFiles.id));
}

export async function pendingFileCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderFiles)
    .where(and(eq(orderFiles.userId, userId), isNull(orderFiles.orderId), isNull(orderFiles.draftId)));
  return row?.n ?? 0;
}

/**
 * Moves the customer's uploads (ajax-files, not yet anywhere) to an order, optionally tied to a chat message or a
 * rework. Ids that are not the customer's pending uploads are a field error; the order's 30-file limit holds.
 */
export async function claimUploads(
  tx: Executor,
  userId: number,
  fileIds: number[],
  target: { orderId: number; messageId?: number; reworkId?: number },
): Promise<OrderFileRow[]> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(orderFiles)
    .where(
      and(
        inArray(orderFiles.id, ids),
        eq(orderFiles.userId, userId),
        isNull(orderFiles.orderId),
        isNull(orderFiles.draftId),
      ),
    );
  if (rows.length !== ids.length) throw fieldErrors({ file_ids: ['Файл не найден. Загрузите его ещё раз.'] });
  const there = await orderFileCount(tx, target.orderId);
  if (there + ids.length > FILE_LIMITS.maxPerOrder)
    throw fieldErrors({
      file_ids: [`К заказу можно приложить не больше ${FILE_LIMITS.maxPerOrder} файлов.`],
    });
  return tx
    .update(orderFiles)
    .set({ orderId: target.orderId, messageId: target.messageId ?? null, reworkId: target.reworkId ?? null })
    .where(inArray(orderFiles.id, ids))
    .returning();
}

const TRANSLIT: Record<string, string> = Object.fromEntries(
  'а:a б:b в:v г:g д:d е:e ё:yo ж:zh з:z и:i й:y к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:kh ц:ts ч:ch ш:sh щ:shch ъ: ы:y ь: э:e ю:yu я:ya'
    .split(' ')
    .map((p) => p.split(':') as [string, string]),
);

/** An ASCII stand-in for old clients: Russian transliterated, anything else unsafe replaced. */
export function asciiFileName(name: string): string {
  const out = [...name]
    .map((ch) => {
      const lower = ch.toLowerCase();
      const t = TRANSLIT[lower];
      if (t === undefined) return ch;
      return ch === lower ? t : t.charAt(0).toUpperCase() + t.slice(1);
    })
    .join('')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return out.trim() || 'file';
}

/** RFC 6266: `filename*=UTF-8''…` for every modern client, plus an ASCII `filename` fallback. */
export function contentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encoded}`;
}

/** The file's bytes as a web stream (no buffering of large files), or null when the store has none. */
export async function fileStream(
  deps: Pick<Deps, 'storage'>,
  row: OrderFileRow,
): Promise<ReadableStream | null> {
  return (await deps.storage.get(fileKey(row.storageName)))?.body ?? null;
}

/**
 * A zip of the files, streamed as it is built; equal names get ' (2)', ' (3)' … before the extension. archiver
 * takes a stream at once, so each file is asked of the store only when the zip has taken the one before: one
 * stored object open at a time, whatever the count. A file the store lacks is left out. archiver (~23 MB
 * resident) is loaded on the first download, not at start.
 */
export async function zipStream(deps: Pick<Deps, 'storage'>, rows: OrderFileRow[]): Promise<ReadableStream> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const used = new Map<string, number>();
  const pending = [...rows];
  let current: Readable | undefined;
  const fail = (err: unknown) => archive.destroy(err instanceof Error ? err : new Error(String(err)));
  const appendNext = async () => {
    for (let row = pending.shift(); row; row = pending.shift()) {
      const object = await deps.storage.get(fileKey(row.storageName));
      if (!object) continue;
      let name = row.name;
      const n = (used.get(name.toLowerCase()) ?? 0) + 1;
      used.set(name.toLowerCase(), n);
      if (n > 1) {
        const dot = name.lastIndexOf('.');
        name = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
      }
      current = Readable.fromWeb(object.body as NodeReadableStream<Uint8Array>);
      current.on('error', fail); // archiver would wait forever for a source that broke off
      archive.append(current, { name, date: row.createdAt });
      return;
    }
    current = undefined;
    void archive.finalize().catch(() => {});
  };
  archive.on('entry', () => void appendNext().catch(fail));
  archive.on('error', fail);
  // A client that went away closes the zip; the object being read must let go of its connection too.
  archive.on('close', () => current?.destroy());
  await appendNext(); // a store that is down answers 500 here, not a zip cut short after a 200
  return Readable.toWeb(archive) as ReadableStream;
}

/** Removes a file that belongs to no order yet (an upload or a draft's file): its row, then its bytes. */
export async function deleteFileRow(deps: Deps, row: OrderFileRow): Promise<void> {
  await deps.db.delete(orderFiles).where(eq(orderFiles.id, row.id));
  await removeStored(deps, [row.storageName]);
}
