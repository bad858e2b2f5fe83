import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { and, eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../../env';
import { badRequest, notFound } from '../../domain/errors';
import { valid } from '../../validate';
import { orderFiles } from '../../db/tables';
import {
  FileParams,
  FilesForm,
  OrderFileParams,
  OrderParams,
  ReviewedRequest,
  type FileList,
  type UploadOrderFilesResponse,
} from '../../../contract/orders.api';
import { publishEvents } from '../../realtime/order-events';
import {
  checkIncoming,
  contentDisposition,
  deleteFileRow,
  fileStream,
  listOrderFiles,
  orderFileCount,
  pendingFileCount,
  saveFiles,
  toOrderFile,
  toUploadedFile,
  zipStream,
  type OrderFileRow,
} from '../../domain/order-files';
import { checkedStream, PREVIEW_CSP, previewTypeFor } from '../../domain/file-preview';
import { ID, multipart, ownOrder, type OrderEnv } from './common';

type FileInput = { out: { param: { id: number; file: number } } };

/** Files: the form's uploads before the order exists (ajax-files) and the order's own files. */
export function fileRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  const own = ownOrder(deps);
  /** The file named by `:file` of the order named by `:id`, or the same 404 (before the body is read). */
  const ownFile = createMiddleware<OrderEnv & { Variables: { file: OrderFileRow } }, string, FileInput>(
    async (c, next) => {
      const [file] = await deps.db
        .select()
        .from(orderFiles)
        .where(and(eq(orderFiles.id, c.req.valid('param').file), eq(orderFiles.orderId, c.get('order').id)));
      if (!file) throw notFound('Файл не найден.');
      c.set('file', file);
      await next();
    },
  );
  /** An order in the trash takes no files (said before the upload is read). */
  const notInTrash = createMiddleware<OrderEnv>(async (c, next) => {
    if (c.get('order').isTrash) throw badRequest('Заказ в архиве. Восстановите его, чтобы загрузить файлы.');
    await next();
  });

  // ---- files of the form before the order exists ----------------------------------------------------------------
  app.post('/ajax-files/', multipart, valid('form', FilesForm), async (c) => {
    const userId = c.get('userId');
    const files = c.req.valid('form').file;
    if (files.length > 1) throw badRequest('Загружайте файлы по одному.');
    const incoming = checkIncoming(files, await pendingFileCount(deps.db, userId));
    const [row] = await saveFiles(deps, incoming, { userId });
    if (!row) throw new Error('file not saved');
    return c.json(toUploadedFile(row), 201);
  });

  app.delete(`/delete-ajax-file/:file${ID}/`, valid('param', FileParams), async (c) => {
    const userId = c.get('userId');
    const [row] = await deps.db
      .select()
      .from(orderFiles)
      .where(and(eq(orderFiles.id, c.req.valid('param').file), eq(orderFiles.userId, userId)));
    if (!row || row.orderId !== null || row.draftId !== null) throw notFound('Файл не найден.');
    await deleteFileRow(deps, row);
    return c.body(null, 204);
  });

  // ---- order files --------------------------------------------------------------------------------------------
  app.get(`/:id${ID}/files/`, valid('param', OrderParams), own, async (c) => {
    const files = (await listOrderFiles(deps.db, c.get('order').id)).map(toOrderFile);
    return c.json({ next: null, previous: null, count: files.length, results: files } satisfies FileList);
  });

  app.post(
    `/:id${ID}/files/`,
    valid('param', OrderParams),
    own,
    notInTrash,
    multipart,
    valid('form', FilesForm),
    async (c) => {
      const row = c.get('order');
      const incoming = checkIncoming(c.req.valid('form').file, await orderFileCount(deps.db, row.id));
      const saved = (await saveFiles(deps, incoming, { userId: row.userId, orderId: row.id })).map(
        toOrderFile,
      );
      await publishEvents(
        deps,
        saved.map((file) => ({ userId: row.userId, event: { type: 'order.file', orderId: row.id, file } })),
      );
      return c.json({ results: saved } satisfies UploadOrderFilesResponse, 201);
    },
  );

  app.get(
    `/:id${ID}/files/:file${ID}/download/`,
    valid('param', OrderFileParams),
    own,
    ownFile,
    async (c) => {
      const file = c.get('file');
      const stream = await fileStream(deps, file);
      if (!stream) throw notFound('Файл не найден.');
      return c.body(stream, 200, {
        'Content-Type': file.mime,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition(file.name),
      });
    },
  );

  app.get(`/:id${ID}/files/:file${ID}/preview/`, valid('param', OrderFileParams), own, ownFile, async (c) => {
    const file = c.get('file');
    const type = previewTypeFor(file.name);
    const stream = await fileStream(deps, file);
    if (!stream) throw notFound('Файл не найден.');
    return c.body(await checkedStream(type, stream), 200, {
      'Content-Type': type.mime,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition(file.name),
      'Content-Security-Policy': PREVIEW_CSP,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.patch(
    `/:id${ID}/files/:file${ID}/`,
    valid('param', OrderFileParams),
    own,
    ownFile,
    valid('json', ReviewedRequest),
    async (c) => {
      const [u] = await deps.db
        .update(orderFiles)
        .set({ isReviewed: c.req.valid('json').is_reviewed })
        .where(eq(orderFiles.id, c.get('file').id))
        .returning();
      if (!u) throw notFound('Файл не найден.');
      return c.json(toOrderFile(u));
    },
  );

  app.post(`/:id${ID}/files/download-zip/`, valid('param', OrderParams), own, async (c) => {
    const row = c.get('order');
    const files = await listOrderFiles(deps.db, row.id);
    if (files.length === 0) throw badRequest('В заказе пока нет файлов.');
    return c.body(await zipStream(deps, files), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(`Заказ ${row.id}.zip`),
    });
  });

  return app;
}
