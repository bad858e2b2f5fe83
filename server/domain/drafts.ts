import { and, asc, count, desc, eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Deps } from '../env';
import { notFound } from './errors';
import { orderDrafts, orderFiles } from '../db/tables';
import type { Draft, DraftPatch } from '../../contract/orders.api';
import type { Executor } from './orders-db';
import { toUploadedFile } from './order-files';

export type DraftRow = typeof orderDrafts.$inferSelect;

const FIELD_NAMES = [
  'work_type',
  'subject',
  'topic',
  'deadline',
  'pages',
  'originality',
  'requirements',
  'link',
] as const satisfies readonly (keyof Draft)[];

async function draftFiles(db: Executor, draftId: number) {
  return db.select().from(orderFiles).where(eq(orderFiles.draftId, draftId)).orderBy(asc(orderFiles.id));
}

export async function draftView(db: Executor, row: DraftRow): Promise<Draft> {
  const fields = {} as Pick<Draft, (typeof FIELD_NAMES)[number]>;
  for (const k of FIELD_NAMES) (fields as Record<string, unknown>)[k] = row.fields[k] ?? null;
  return {
    id: row.id,
    ...fields,
    files: (await draftFiles(db, row.id)).map(toUploadedFile),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function loadOwnDraft(db: Executor, userId: number, draftId: number): Promise<DraftRow> {
  const [row] = await db
    .select()
    .from(orderDrafts)
    .where(and(eq(orderDrafts.id, draftId), eq(orderDrafts.userId, userId)));
  if (!row) throw notFound('Черновик не найден.');
  return row;
}

/** GET continue/: the latest draft, or a new empty one. */
export async function latestOrNewDraft(deps: Deps, userId: number): Promise<DraftRow> {
  const [latest] = await deps.db
    .select()
    .from(orderDrafts)
    .where(eq(orderDrafts.userId, userId))
    .orderBy(desc(orderDrafts.updatedAt), desc(orderDrafts.id))
    .limit(1);
  if (latest) return latest;
  const now = deps.now();
  const [row] = await deps.db
    .insert(orderDrafts)
    .values({ userId, fields: {}, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('draft not inserted');
  return row;
}

export async function patchDraft(
  deps: Deps,
  row: DraftRow,
  patch: z.output<typeof DraftPatch>,
): Promise<DraftRow> {
  const fields = { ...row.fields };
  for (const k of FIELD_NAMES) if (patch[k] !== undefined) fields[k] = patch[k];
  const [u] = await deps.db
    .update(orderDrafts)
    .set({ fields, updatedAt: deps.now() })
    .where(eq(orderDrafts.id, row.id))
    .returning();
  if (!u) throw notFound('Черновик не найден.');
  return u;
}

export async function draftFileCount(db: Executor, draftId: number): Promise<number> {
  const [n] = await db.select({ n: count() }).from(orderFiles).where(eq(orderFiles.draftId, draftId));
  return n?.n ?? 0;
}

export async function touchDraft(deps: Deps, draftId: number): Promise<void> {
  await deps.db.update(orderDrafts).set({ updatedAt: deps.now() }).where(eq(orderDrafts.id, draftId));
}
