// "Мои данные" (issue 25 item 2): a ZIP of everything the cabinet holds about a customer — the profile, every order
// with its messages, reworks and payments, the money movements, the sessions list and the customer's own uploaded
// files — as JSON with a short README. Built in the background by the job `account.export` on the one job runner,
// stored in the file store (fs or s3) under `exports/`, downloadable with the session for 24 hours, then deleted by
// the job `account.export-expire`.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Deps } from '../env';
import {
  chatMessages,
  dataExports,
  ledgerEntries,
  orderFiles,
  orders,
  payments,
  refundClaims,
  reworks,
  users,
  withdrawals,
} from '../db/tables';
import { enqueue, type JobRunner } from '../jobs/runner';
import { conflict, DomainError, notFound } from './errors';
import { readProfile } from './profile';
import { listSessions } from './sessions';
import { fileKey } from './order-files';
import { sendToOutbox } from './outbox';
import { ACCOUNT_MESSAGES as M, EXPORT_EVERY_MS, EXPORT_TTL_MS } from '../../contract/account';
import { formatMoment } from '../../contract/moscow-time';
import type { DataExport, DataExportStatus } from '../../contract/account.api';

export const EXPORT_JOB = 'account.export';
export const EXPORT_EXPIRE_JOB = 'account.export-expire';

type ExportRow = typeof dataExports.$inferSelect;

const toApi = (row: ExportRow): DataExport => ({
  id: row.id,
  status: row.status,
  progress: row.progress,
  created_at: row.createdAt.toISOString(),
  ready_at: row.readyAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
  size: row.size,
});

/** The latest copy of the customer and when the next may be asked for (a failed one does not count). */
export async function exportStatus(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
): Promise<DataExportStatus> {
  const [latest] = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  const [counted] = await deps.db
    .select({ createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed')))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  const next = counted && new Date(counted.createdAt.getTime() + EXPORT_EVERY_MS);
  return {
    latest: latest ? toApi(latest) : null,
    next_allowed_at: next && next > deps.now() ? next.toISOString() : null,
  };
}

/**
 * Queues a copy: the row and its job in one transaction, so a copy is never asked for without being built. The
 * customer's row is locked first, so two requests at once make one copy and one 409.
 */
export async function requestExport(deps: Deps, userId: number): Promise<DataExportStatus> {
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const status = await exportStatus({ db: tx as unknown as Deps['db'], now: deps.now }, userId);
    if (status.next_allowed_at) throw conflict(M.exportTooSoon(status.next_allowed_at));
    const [row] = await tx
      .insert(dataExports)
      .values({ userId, status: 'queued', createdAt: deps.now() })
      .returning({ id: dataExports.id });
    await enqueue(
      { db: tx, now: deps.now },
      { name: EXPORT_JOB, key: `export:${row!.id}`, payload: { id: row!.id } },
    );
  });
  return exportStatus(deps, userId);
}

/** The ready ZIP of the customer's copy, as a stream; 404 for another customer's, 409 building, 410 expired. */
export async function openExport(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  userId: number,
  id: number,
): Promise<{ body: ReadableStream<Uint8Array>; size: number; name: string }> {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  if (!row) throw notFound(M.exportNotFound);
  if (row.status === 'queued' || row.status === 'building') throw conflict(M.exportBuilding);
  if (row.status === 'failed') throw conflict(M.exportFailed);
  if (row.status === 'expired' || !row.storageKey || (row.expiresAt && row.expiresAt <= deps.now()))
    throw new DomainError('gone', { detail: M.exportExpired });
  const object = await deps.storage.get(row.storageKey);
  if (!object) throw new DomainError('gone', { detail: M.exportExpired });
  const day = row.createdAt.toISOString().slice(0, 10);
  return { body: object.body, size: object.size, name: `Мои данные ${day}.zip` };
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

const README = (now: Date) => `Копия ваших данных из личного кабинета
Подготовлена: ${formatMoment(now)} (московское время).

profile.json   — профиль: имя, e-mail, телефон, дата рождения, учёба, способы связи, подписки, привязанные соцсети.
orders.json    — все заказы (и из корзины) с перепиской, доработками, файлами (список) и платежами по каждому.
money.json     — движение денег и бонусов (все записи баланса), все платежи, выводы и заявки на возврат.
sessions.json  — устройства и сеансы, с которых выполнен вход (браузер, система, сеть без последнего числа адреса).
files/         — файлы, которые вы сами загрузили, по папкам заказов: files/<номер заказа>/<имя файла>.

Даты — в формате ISO 8601 (UTC). Суммы — в рублях.
Файлы исполнителя и менеджера перечислены в orders.json; скачать их можно на странице заказа.
`;

/**
 * Builds the copy of one request (the job's handler): JSON of everything, the customer's files one at a time into
 * a ZIP written to a temporary file, then stored under `exports/` (a put stores it whole or not at all), the row
 * marked ready, its expiry queued and the e-mail sent — those three in one transaction. At least once: a second run
 * of a ready copy does nothing.
 */
export async function buildExport(deps: Deps, id: number, at: Date): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, id));
  if (!row || row.status === 'ready' || row.status === 'expired') return;
  const setProgress = (progress: number) =>
    deps.db.update(dataExports).set({ status: 'building', progress }).where(eq(dataExports.id, id));
  await setProgress(5);
  const userId = row.userId;
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;

  const orderRows = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id));
  const ids = orderRows.map((o) => o.id);
  const none = ids.length === 0;
  const [messages, reworkRows, fileRows, paymentRows, ledger, withdrawalRows, claims] = await Promise.all([
    none
      ? []
      : deps.db
          .select()
          .from(chatMessages)
          .where(inArray(chatMessages.orderId, ids))
          .orderBy(asc(chatMessages.id)),
    none ? [] : deps.db.select().from(reworks).where(inArray(reworks.orderId, ids)).orderBy(asc(reworks.id)),
    deps.db.select().from(orderFiles).where(eq(orderFiles.userId, userId)).orderBy(asc(orderFiles.id)),
    deps.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id)),
    deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.id)),
    deps.db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(asc(withdrawals.id)),
    deps.db.select().from(refundClaims).where(eq(refundClaims.userId, userId)).orderBy(asc(refundClaims.id)),
  ]);
  const own = fileRows.filter((f) => f.author === 'customer' && f.orderId !== null);
  const names = zipNames(own);
  const fileJson = (f: (typeof fileRows)[number]) => ({
    id: f.id,
    name: f.name,
    size: f.size,
    kind: f.kind,
    author: f.author,
    created_at: iso(f.createdAt),
    in_this_zip: names.get(f.id) ?? null,
  });
  const paymentJson = (p: (typeof paymentRows)[number]) => ({
    id: p.id,
    purpose: p.purpose,
    method: p.method,
    amount: p.amount,
    status: p.status,
    description: p.description,
    order_id: p.orderId,
    created_at: iso(p.createdAt),
    completed_at: iso(p.completedAt),
  });
  const ordersJson = orderRows.map((o) => ({
    id: o.id,
    status_id: o.statusId,
    in_trash: o.isTrash,
    work_type: o.workType,
    subject: o.subject,
    topic: o.topic,
    pages: o.pages,
    originality: o.originality,
    deadline: iso(o.deadline),
    requirements: o.requirements,
    link: o.link,
    price: o.price,
    paid: o.paid,
    guarantee_until: iso(o.guaranteeUntil),
    created_at: iso(o.createdAt),
    messages: messages
      .filter((m) => m.orderId === o.id)
      .map((m) => ({
        id: m.id,
        author: m.author,
        author_name: m.authorName,
        text: m.text,
        created_at: iso(m.createdAt),
      })),
    reworks: reworkRows
      .filter((r) => r.orderId === o.id)
      .map((r) => ({
        id: r.id,
        status: r.status,
        comment: r.comment,
        deadline: iso(r.deadline),
        answer: r.answer,
        answered_at: iso(r.answeredAt),
        created_at: iso(r.createdAt),
      })),
    files: fileRows.filter((f) => f.orderId === o.id).map(fileJson),
    payments: paymentRows.filter((p) => p.orderId === o.id).map(paymentJson),
  }));
  const money = {
    ledger: ledger.map((l) => ({
      id: l.id,
      account: l.account,
      amount: l.amount,
      kind: l.kind,
      order_id: l.orderId,
      payment_id: l.paymentId,
      note: l.note,
      created_at: iso(l.createdAt),
    })),
    payments: paymentRows.map(paymentJson),
    withdrawals: withdrawalRows.map((w) => ({
      id: w.id,
      amount: w.amount,
      method: w.method,
      requisites: w.requisites,
      status: w.status,
      created_at: iso(w.createdAt),
    })),
    refund_claims: claims.map((c) => ({
      id: c.id,
      order_id: c.orderId,
      reason: c.reason,
      amount: c.amount,
      recipient: c.recipient,
      status: c.status,
      created_at: iso(c.createdAt),
    })),
  };
  const profile = await readProfile(deps, userId);
  const sessions = await listSessions(deps, userId, '');
  await setProgress(15);

  const dir = await mkdtemp(join(tmpdir(), 'cabinet-export-'));
  try {
    const path = join(dir, 'export.zip');
    const { ZipArchive } = await import('archiver');
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const out = createWriteStream(path);
    archive.pipe(out);
    const json = (v: unknown) => JSON.stringify(v, null, 2);
    archive.append(README(at), { name: 'README.txt' });
    archive.append(json(profile), { name: 'profile.json' });
    archive.append(json(ordersJson), { name: 'orders.json' });
    archive.append(json(money), { name: 'money.json' });
    archive.append(json(sessions), { name: 'sessions.json' });
    // One stored object open at a time: the next is asked for once the zip has taken the one before.
    for (const [i, f] of own.entries()) {
      const object = await deps.storage.get(fileKey(f.storageName));
      if (object) {
        const source = Readable.fromWeb(object.body as NodeReadableStream<Uint8Array>);
        const taken = new Promise<void>((resolve, reject) => {
          const entry = (e: { name: string }) => {
            if (e.name !== name) return;
            archive.off('entry', entry);
            resolve();
          };
          archive.on('entry', entry);
          source.once('error', reject);
        });
        const name = names.get(f.id)!;
        archive.append(source, { name, date: f.createdAt });
        await taken;
      }
      await setProgress(15 + Math.floor((75 * (i + 1)) / own.length));
    }
    await archive.finalize();
    await finished(out);
    const size = (await stat(path)).size;
    const key = `exports/${userId}-${id}-${randomBytes(9).toString('base64url')}.zip`;
    await deps.storage.put(key, Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, {
      size,
      contentType: 'application/zip',
    });
    const expiresAt = new Date(at.getTime() + EXPORT_TTL_MS);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({ status: 'ready', progress: 100, storageKey: key, size, readyAt: at, expiresAt })
        .where(eq(dataExports.id, id));
      await enqueue(
        { db: tx, now: deps.now },
        { name: EXPORT_EXPIRE_JOB, key: `export-expire:${id}`, payload: { id }, runAt: expiresAt },
      );
      const link = `${deps.config.publicOrigin}/profile?export=${id}`;
      await sendToOutbox(
        { db: tx, now: deps.now },
        {
          channel: 'email',
          recipient: user.email,
          subject: 'Копия ваших данных готова',
          body:
            `Здравствуйте! Копия ваших данных из личного кабинета готова. Скачать её можно до ` +
            `${formatMoment(expiresAt)} (московское время), войдя в кабинет: ${link}`,
          kind: 'data_export',
          payload: { link, export_id: id },
        },
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The ZIP names of the customer's files: 'files/<order>/<name>', equal names in one order get ' (2)', ' (3)' …. */
function zipNames(rows: { id: number; orderId: number | null; name: string }[]): Map<number, string> {
  const used = new Map<string, number>();
  const out = new Map<number, string>();
  for (const f of rows) {
    let name = f.name;
    const seenKey = `${f.orderId}/${name.toLowerCase()}`;
    const n = (used.get(seenKey) ?? 0) + 1;
    used.set(seenKey, n);
    if (n > 1) {
      const dot = name.lastIndexOf('.');
      name = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
    }
    out.set(f.id, `files/${f.orderId}/${name}`);
  }
  return out;
}

/** Deletes an expired copy from the store (the job `account.export-expire`, 24 h after it was ready). */
export async function expireExport(deps: Pick<Deps, 'db' | 'storage'>, id: number): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, id));
  if (!row || row.status !== 'ready') return;
  if (row.storageKey) await deps.storage.delete([row.storageKey]);
  await deps.db
    .update(dataExports)
    .set({ status: 'expired', storageKey: null })
    .where(eq(dataExports.id, id));
}

/** The jobs of "Мои данные" on the one runner (registered by server/jobs/tasks.ts). */
export function registerDataExports(runner: JobRunner, deps: Deps): void {
  runner.handle<{ id: number }>(EXPORT_JOB, (p, ctx) => buildExport(deps, p.id, ctx.now), {
    onFailed: async (p) => {
      await deps.db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(and(eq(dataExports.id, p.id), inArray(dataExports.status, ['queued', 'building'])));
    },
  });
  runner.handle<{ id: number }>(EXPORT_EXPIRE_JOB, (p) => expireExport(deps, p.id));
}
