import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { and, eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../../env';
import { notFound } from '../../domain/errors';
import { valid } from '../../validate';
import { orderFiles } from '../../db/tables';
import {
  ContinueQuery,
  DraftFileParams,
  DraftParams,
  DraftPatch,
  FilesForm,
} from '../../../contract/orders.api';
import {
  draftFileCount,
  draftView,
  latestOrNewDraft,
  loadOwnDraft,
  patchDraft,
  touchDraft,
  type DraftRow,
} from '../../domain/drafts';
import { checkIncoming, deleteFileRow, saveFiles, toUploadedFile } from '../../domain/order-files';
import { ID, multipart } from './common';

/** Drafts ('fake' orders): the form as typed, kept between visits, with its files. */
export function draftRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/continue/', valid('query', ContinueQuery), async (c) => {
    const userId = c.get('userId');
    const { id } = c.req.valid('query');
    const row = id ? await loadOwnDraft(deps.db, userId, id) : await latestOrNewDraft(deps, userId);
    return c.json(await draftView(deps.db, row));
  });

  /** The customer's draft named by `:draft`, or the same 404 (before the body is read). */
  const ownDraft = createMiddleware<
    AppEnv & { Variables: { draft: DraftRow } },
    string,
    { out: { param: { draft: number } } }
  >(async (c, next) => {
    c.set('draft', await loadOwnDraft(deps.db, c.get('userId'), c.req.valid('param').draft));
    await next();
  });

  app.get(`/fake/:draft${ID}/`, valid('param', DraftParams), ownDraft, async (c) =>
    c.json(await draftView(deps.db, c.get('draft'))),
  );

  app.patch(
    `/fake/:draft${ID}/`,
    valid('param', DraftParams),
    ownDraft,
    valid('json', DraftPatch),
    async (c) =>
      c.json(await draftView(deps.db, await patchDraft(deps, c.get('draft'), c.req.valid('json')))),
  );

  app.post(
    `/fake/:draft${ID}/fake-files/`,
    valid('param', DraftParams),
    ownDraft,
    multipart,
    valid('form', FilesForm),
    async (c) => {
      const draft = c.get('draft');
      const incoming = checkIncoming(c.req.valid('form').file, await draftFileCount(deps.db, draft.id));
      const rows = await saveFiles(deps, incoming, { userId: c.get('userId'), draftId: draft.id });
      await touchDraft(deps, draft.id);
      return c.json({ results: rows.map(toUploadedFile) }, 201);
    },
  );

  app.delete(`/fake/:draft${ID}/delete-fake-file/:file${ID}/`, valid('param', DraftFileParams), async (c) => {
    const params = c.req.valid('param');
    const draft = await loadOwnDraft(deps.db, c.get('userId'), params.draft);
    const [row] = await deps.db
      .select()
      .from(orderFiles)
      .where(and(eq(orderFiles.id, params.file), eq(orderFiles.draftId, draft.id)));
    if (!row) throw notFound('Файл не найден.');
    await deleteFileRow(deps, row);
    return c.body(null, 204);
  });

  return app;
}
