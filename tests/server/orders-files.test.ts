import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { orderFiles } from '../../server/db/tables';
import { useHarness } from './harness';
import {
  createCustomer,
  createOrder,
  filesForm,
  getOrder,
  orderForm,
  staff,
  tempDataDir,
  unzip,
  upload,
} from './helpers/orders';
import type {
  ChatMessage,
  Draft,
  FileList,
  OrderFile,
  UploadedFile,
  UploadOrderFilesResponse,
} from '../../contract/orders.api';

const ORDERS = '/api/client/orders/';

describe.each(['fs', 's3'] as const)('orders API: files (%s storage)', (driver) => {
  const h = useHarness({ dataDir: tempDataDir() }, { storage: driver });
  const storedKeys = () => h.deps.storage.list('files/');
  const stored = async () => (await storedKeys()).length;

  describe('order files', () => {
    it('uploads, lists, downloads with the Russian name intact, and marks a file reviewed', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const before = await stored();
      const res = await upload(
        h,
        `${ORDERS}${order.id}/files/`,
        c.token,
        filesForm([
          { name: 'Методичка по курсовой.pdf', content: '%PDF-1.4 методичка', type: 'application/pdf' },
          { name: 'План.docx', content: 'план работы' },
        ]),
      );
      expect(res.status).toBe(201);
      const { results } = (await res.json()) as UploadOrderFilesResponse;
      expect(results.map((f) => [f.name, f.kind, f.author, f.is_reviewed])).toEqual([
        ['Методичка по курсовой.pdf', 'customer', 'customer', false],
        ['План.docx', 'customer', 'customer', false],
      ]);
      expect(results[0]!.mime).toBe('application/pdf');
      expect(await stored()).toBe(before + 2);
      // Stored under server-made names, never the customer's.
      expect((await storedKeys()).some((n) => n.includes('Методичка'))).toBe(false);
      expect(h.published.filter((p) => p.event.type === 'order.file')).toHaveLength(2);

      const list = (await (
        await h.request(`${ORDERS}${order.id}/files/`, { token: c.token })
      ).json()) as FileList;
      expect(list.count).toBe(2);
      const file = list.results[0]!;
      expect(file.url).toBe(`/api/client/orders/${order.id}/files/${file.id}/download/`);

      const dl = await h.request(file.url, { token: c.token });
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-type')).toBe('application/pdf');
      const cd = dl.headers.get('content-disposition')!;
      expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent('Методичка по курсовой.pdf')}`);
      expect(cd).toMatch(/^attachment; filename="Metodichka po kursovoy\.pdf"/);
      expect(await dl.text()).toBe('%PDF-1.4 методичка');

      const rev = await h.request(`${ORDERS}${order.id}/files/${file.id}/`, {
        method: 'PATCH',
        token: c.token,
        json: { is_reviewed: true },
      });
      expect(rev.status).toBe(200);
      expect(((await rev.json()) as OrderFile).is_reviewed).toBe(true);

      const b = await createCustomer(h);
      expect((await h.request(file.url, { token: b.token })).status).toBe(404);
      expect(
        (
          await h.request(`${ORDERS}${order.id}/files/${file.id}/`, {
            method: 'PATCH',
            token: b.token,
            json: { is_reviewed: true },
          })
        ).status,
      ).toBe(404);
      expect(
        (await upload(h, `${ORDERS}${order.id}/files/`, b.token, filesForm([{ name: 'a.txt' }]))).status,
      ).toBe(404);
    });

    it('refuses a bad type, a file over 20 MB and the 31st file, storing nothing', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const path = `${ORDERS}${order.id}/files/`;
      const before = await stored();

      const exe = await upload(h, path, c.token, filesForm([{ name: 'ok.txt' }, { name: 'вирус.exe' }]));
      expect(exe.status).toBe(400);
      expect(((await exe.json()) as { detail: string }).detail).toMatch(
        /^Файл «вирус\.exe»: такой тип не принимается/,
      );

      const big = await upload(
        h,
        path,
        c.token,
        filesForm([{ name: 'Скан.pdf', size: 20 * 1024 * 1024 + 1 }]),
      );
      expect(big.status).toBe(400);
      expect(await big.json()).toEqual({ detail: 'Файл «Скан.pdf» больше 20 МБ.' });
      expect(await stored()).toBe(before);

      const many = Array.from({ length: 30 }, (_, i) => ({ name: `часть-${i + 1}.txt` }));
      expect((await upload(h, path, c.token, filesForm(many))).status).toBe(201);
      const more = await upload(h, path, c.token, filesForm([{ name: 'лишний.txt' }]));
      expect(more.status).toBe(400);
      expect(((await more.json()) as { detail: string }).detail).toMatch(/не больше 30 файлов/);
      expect(await stored()).toBe(before + 30);

      const notMultipart = await h.request(path, { method: 'POST', token: c.token, json: { file: 'x' } });
      expect(notMultipart.status).toBe(400);
    });

    it('streams a zip of all files', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const empty = await h.request(`${ORDERS}${order.id}/files/download-zip/`, {
        method: 'POST',
        token: c.token,
      });
      expect(empty.status).toBe(400);
      await upload(
        h,
        `${ORDERS}${order.id}/files/`,
        c.token,
        filesForm([
          { name: 'Отчёт.txt', content: 'первый' },
          { name: 'Отчёт.txt', content: 'второй' },
        ]),
      );
      const res = await h.request(`${ORDERS}${order.id}/files/download-zip/`, {
        method: 'POST',
        token: c.token,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent(`Заказ ${order.id}.zip`)}`,
      );
      const entries = unzip(Buffer.from(await res.arrayBuffer()));
      expect(entries.map((e) => [e.name, e.data.toString('utf8')])).toEqual([
        ['Отчёт.txt', 'первый'],
        ['Отчёт (2).txt', 'второй'],
      ]);
    });

    it('streams the zip as it reads the store, one file at a time, and leaves out a file the store lost', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      // Incompressible and larger than every buffer on the way: the zip cannot be built ahead of its reader.
      const parts = [randomBytes(2 << 20), randomBytes(2 << 20), randomBytes(2 << 20), randomBytes(1000)];
      const form = new FormData();
      parts.forEach((bytes, i) => form.append('file', new Blob([bytes]), `Глава ${i + 1}.pdf`));
      expect((await upload(h, `${ORDERS}${order.id}/files/`, c.token, form)).status).toBe(201);
      const rows = await h.deps.db.select().from(orderFiles).where(eq(orderFiles.orderId, order.id));
      const lost = rows.find((r) => r.name === 'Глава 4.pdf')!;
      await h.deps.storage.delete([`files/${lost.storageName}`]);
      const lostUrl = `${ORDERS}${order.id}/files/${lost.id}/download/`;
      expect((await h.request(lostUrl, { token: c.token })).status).toBe(404);

      const get = vi.spyOn(h.deps.storage, 'get');
      try {
        const res = await h.request(`${ORDERS}${order.id}/files/download-zip/`, {
          method: 'POST',
          token: c.token,
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-length')).toBeNull();
        const reader = res.body!.getReader();
        const chunks: Uint8Array[] = [];
        const first = await reader.read();
        chunks.push(first.value!);
        // The first bytes are out while the later files have not yet been asked of the store.
        expect(get.mock.calls.length).toBeLessThan(3);
        for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
        const entries = unzip(Buffer.concat(chunks));
        expect(entries.map((e) => e.name)).toEqual(['Глава 1.pdf', 'Глава 2.pdf', 'Глава 3.pdf']);
        entries.forEach((e, i) => expect(e.data.equals(parts[i]!)).toBe(true));
        expect(get).toHaveBeenCalledTimes(4);
      } finally {
        get.mockRestore();
      }
    });

    it("a writer's final file delivers the order: guarantee for 20 days", async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      await staff(h, `/orders/${order.id}/status/`, { method: 'PATCH', json: { status_id: 4 } });
      const res = await staff(h, `/orders/${order.id}/files/`, {
        method: 'POST',
        body: filesForm([{ name: 'Курсовая — итог.docx', content: 'готовая работа' }], { kind: 'final' }),
      });
      expect(res.status).toBe(201);
      const detail = await getOrder(h, c, order.id);
      expect(detail.status).toEqual({ id: 5, title: 'На гарантии' });
      expect(new Date(detail.guarantee_until!).getTime()).toBe(h.clock.now.getTime() + 20 * 86_400_000);
      expect(detail.files[0]).toMatchObject({
        kind: 'final',
        author: 'writer',
        name: 'Курсовая — итог.docx',
      });
      expect(detail.can_request_rework).toBe(true);
      const types = h.published.filter((p) => p.userId === c.id).map((p) => p.event.type);
      expect(types).toContain('order.file');
      expect(types.at(-1)).toBe('order.changed');
      const noKind = await staff(h, `/orders/${order.id}/files/`, {
        method: 'POST',
        body: filesForm([{ name: 'a.txt' }]),
      });
      expect(noKind.status).toBe(400);
    });
  });

  describe('a failed upload leaves nothing in the store', () => {
    it('when the store fails on the second file (even after keeping it), the first goes too', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const before = await stored();
      const storage = h.deps.storage;
      const put = storage.put.bind(storage);
      let calls = 0;
      const spy = vi.spyOn(storage, 'put').mockImplementation(async (key, body, opts) => {
        await put(key, body, opts);
        // The answer lost on the way back: the object is there, the caller is told it failed.
        if (++calls === 2) throw new Error('connection reset');
      });
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const res = await upload(
          h,
          `${ORDERS}${order.id}/files/`,
          c.token,
          filesForm([{ name: 'a.txt' }, { name: 'b.txt' }, { name: 'c.txt' }]),
        );
        expect(res.status).toBe(500);
      } finally {
        spy.mockRestore();
        quiet.mockRestore();
      }
      expect(calls).toBe(2);
      expect(await stored()).toBe(before);
      expect((await getOrder(h, c, order.id)).files).toEqual([]);
    });

    it('when the database refuses the rows, the stored bytes are removed', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const before = await stored();
      await h.deps.db.execute(
        sql.raw(`create function refuse_file() returns trigger language plpgsql as $$
          begin raise exception 'no space left on device'; end $$`),
      );
      await h.deps.db.execute(
        sql.raw(`create trigger refuse_file before insert on order_files
          for each row execute function refuse_file()`),
      );
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const res = await upload(
          h,
          `${ORDERS}${order.id}/files/`,
          c.token,
          filesForm([{ name: 'План.docx' }, { name: 'Скан.pdf', size: 300_000 }]),
        );
        expect(res.status).toBe(500);
        expect(
          (await upload(h, `${ORDERS}ajax-files/`, c.token, filesForm([{ name: 'x.txt' }]))).status,
        ).toBe(500);
      } finally {
        quiet.mockRestore();
        await h.deps.db.execute(sql.raw('drop trigger refuse_file on order_files'));
        await h.deps.db.execute(sql.raw('drop function refuse_file()'));
      }
      expect(await stored()).toBe(before);
    });

    it('a request over the multipart limit is refused before anything is stored', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const before = await stored();
      const parts = Array.from({ length: 3 }, (_, i) => ({
        name: `том ${i + 1}.pdf`,
        size: 18 * 1024 * 1024,
      }));
      const res = await upload(h, `${ORDERS}${order.id}/files/`, c.token, filesForm(parts));
      expect(res.status).toBe(413);
      expect(await stored()).toBe(before);
    });
  });

  describe('staff deliveries and statuses follow the order state', () => {
    const deliver = (id: number, kind: 'final' | 'intermediate' = 'final') =>
      staff(h, `/orders/${id}/files/`, {
        method: 'POST',
        body: filesForm([{ name: 'Итог.docx', content: 'готовая работа' }], { kind }),
      });
    const setStatus = (id: number, status_id: number) =>
      staff(h, `/orders/${id}/status/`, { method: 'PATCH', json: { status_id } });
    const detail = async (res: Response) => ((await res.json()) as { detail: string }).detail;

    it('refuses a final file for an unpaid, cancelled or archived order with 409 and a detail; stores nothing', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const before = await stored();

      const unpaid = await deliver(order.id);
      expect(unpaid.status).toBe(409);
      expect(await detail(unpaid)).toMatch(/«Ожидает оплаты»/);

      expect((await setStatus(order.id, 8)).status).toBe(200);
      for (const kind of ['final', 'intermediate'] as const) {
        const cancelled = await deliver(order.id, kind);
        expect(cancelled.status).toBe(409);
        expect(await detail(cancelled)).toMatch(/«Отменён»: он уже завершён/);
      }

      const other = await createOrder(h, c, { topic: 'Заказ, который клиент удалил' });
      expect(
        (await h.request(`${ORDERS}${other.order.id}/`, { method: 'DELETE', token: c.token })).status,
      ).toBe(200);
      const archived = await deliver(other.order.id);
      expect(archived.status).toBe(409);
      expect(await detail(archived)).toMatch(/в архиве у клиента/);

      expect(await stored()).toBe(before);
      expect((await getOrder(h, c, order.id)).files).toEqual([]);
      expect(await getOrder(h, c, other.order.id)).toMatchObject({ files: [], status: { id: 16 } });
    });

    it('a final file whose order is cancelled while it is stored is refused, and the stored file goes too', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      expect((await setStatus(order.id, 4)).status).toBe(200);
      const before = await stored();
      // The race: another request cancels the order while the file is stored, between the upload's status check
      // and the delivery.
      const put = h.deps.storage.put.bind(h.deps.storage);
      const storing = vi.spyOn(h.deps.storage, 'put').mockImplementation(async (...args) => {
        await put(...args);
        await h.deps.db.execute(sql`update orders set status_id = 8 where id = ${order.id}`);
      });
      try {
        const raced = await deliver(order.id);
        expect(raced.status).toBe(409);
        expect(await detail(raced)).toMatch(/только что изменился/);
      } finally {
        storing.mockRestore();
      }
      expect(await stored()).toBe(before);
      expect(await getOrder(h, c, order.id)).toMatchObject({ files: [], status: { id: 8 } });
    });

    it('refuses a status change of an archived, done or cancelled order and a change to the same status', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const same = await setStatus(order.id, 3);
      expect(same.status).toBe(409);
      expect(await detail(same)).toBe('Заказ уже в статусе «Ожидает оплаты».');

      expect((await h.request(`${ORDERS}${order.id}/`, { method: 'DELETE', token: c.token })).status).toBe(
        200,
      );
      const trashed = await setStatus(order.id, 4);
      expect(trashed.status).toBe(409);
      expect(await detail(trashed)).toMatch(/в архиве у клиента/);
      expect(
        (await h.request(`${ORDERS}${order.id}/restore/`, { method: 'PATCH', token: c.token })).status,
      ).toBe(200);

      expect((await setStatus(order.id, 4)).status).toBe(200);
      expect((await deliver(order.id)).status).toBe(201);
      expect((await getOrder(h, c, order.id)).status.id).toBe(5);
      const again = await deliver(order.id);
      expect(again.status).toBe(409);
      expect(await detail(again)).toMatch(/«На гарантии»/);

      expect((await setStatus(order.id, 7)).status).toBe(200);
      const reopened = await setStatus(order.id, 4);
      expect(reopened.status).toBe(409);
      expect(await detail(reopened)).toMatch(/«Выполнен»: он уже завершён/);
      expect((await getOrder(h, c, order.id)).status.id).toBe(7);
    });
  });

  describe('files of the form and drafts', () => {
    it('uploads ajax files, deletes one, and attaches the rest to a new order', async () => {
      const c = await createCustomer(h);
      const up = async (name: string) => {
        const res = await upload(h, `${ORDERS}ajax-files/`, c.token, filesForm([{ name }]));
        expect(res.status).toBe(201);
        return (await res.json()) as UploadedFile;
      };
      const a = await up('Задание.pdf');
      const b = await up('Лишнее.txt');
      expect(a).toMatchObject({ name: 'Задание.pdf', size: expect.any(Number) });
      const before = await stored();
      expect(
        (await h.request(`${ORDERS}delete-ajax-file/${b.id}/`, { method: 'DELETE', token: c.token })).status,
      ).toBe(204);
      expect(await stored()).toBe(before - 1);
      expect(
        (await h.request(`${ORDERS}delete-ajax-file/${b.id}/`, { method: 'DELETE', token: c.token })).status,
      ).toBe(404);

      const other = await createCustomer(h);
      const stolen = await h.request(ORDERS, {
        method: 'POST',
        token: other.token,
        json: orderForm(h, { file_ids: [a.id] }),
      });
      expect(stolen.status).toBe(400);
      expect(await stolen.json()).toEqual({ file_ids: ['Файл не найден. Загрузите его ещё раз.'] });
      expect(
        (await h.request(`${ORDERS}delete-ajax-file/${a.id}/`, { method: 'DELETE', token: other.token }))
          .status,
      ).toBe(404);

      const { order } = await createOrder(h, c, { file_ids: [a.id] });
      expect(order.files.map((f) => f.name)).toEqual(['Задание.pdf']);
      // Once attached it is no longer a loose upload.
      expect(
        (await h.request(`${ORDERS}delete-ajax-file/${a.id}/`, { method: 'DELETE', token: c.token })).status,
      ).toBe(404);
    });

    it('a chat attachment is downloaded through its message, bytes and name intact', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const up = await upload(
        h,
        `${ORDERS}ajax-files/`,
        c.token,
        filesForm([{ name: 'Замечания к главе 2.txt', content: 'поправить выводы' }]),
      );
      const file = (await up.json()) as UploadedFile;
      const sent = await h.request(`${ORDERS}${order.id}/messages/`, {
        method: 'POST',
        token: c.token,
        json: { text: 'Прикладываю замечания', client_id: crypto.randomUUID(), file_ids: [file.id] },
      });
      expect(sent.status).toBe(201);
      const attached = ((await sent.json()) as ChatMessage).files[0]!;
      const dl = await h.request(attached.url, { token: c.token });
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-disposition')).toBe(
        `attachment; filename="Zamechaniya k glave 2.txt"; filename*=UTF-8''${encodeURIComponent('Замечания к главе 2.txt')}`,
      );
      expect(await dl.text()).toBe('поправить выводы');
    });

    it('keeps a draft as typed, continues it, and turns it into an order', async () => {
      const c = await createCustomer(h);
      const first = (await (await h.request(`${ORDERS}continue/`, { token: c.token })).json()) as Draft;
      expect(first).toMatchObject({ topic: null, pages: null, files: [] });
      // The same draft again while it is the latest one.
      expect(((await (await h.request(`${ORDERS}continue/`, { token: c.token })).json()) as Draft).id).toBe(
        first.id,
      );

      const patch = await h.request(`${ORDERS}fake/${first.id}/`, {
        method: 'PATCH',
        token: c.token,
        json: { topic: 'Маркетинговая стратегия', pages: '1', deadline: '2025-1', unknown: 'ignored' },
      });
      expect(patch.status).toBe(200);
      await h.request(`${ORDERS}fake/${first.id}/`, {
        method: 'PATCH',
        token: c.token,
        json: { pages: '12' },
      });
      const draft = (await (
        await h.request(`${ORDERS}fake/${first.id}/`, { token: c.token })
      ).json()) as Draft;
      expect(draft).toMatchObject({ topic: 'Маркетинговая стратегия', pages: '12', deadline: '2025-1' });
      expect(draft).not.toHaveProperty('unknown');
      const wrongKind = await h.request(`${ORDERS}fake/${first.id}/`, {
        method: 'PATCH',
        token: c.token,
        json: { topic: ['x'] },
      });
      expect(wrongKind.status).toBe(400);

      const f = await upload(
        h,
        `${ORDERS}fake/${first.id}/fake-files/`,
        c.token,
        filesForm([{ name: 'Черновик плана.docx' }, { name: 'x.txt' }]),
      );
      expect(f.status).toBe(201);
      const files = ((await f.json()) as { results: UploadedFile[] }).results;
      const del = await h.request(`${ORDERS}fake/${first.id}/delete-fake-file/${files[1]!.id}/`, {
        method: 'DELETE',
        token: c.token,
      });
      expect(del.status).toBe(204);
      const byId = (await (
        await h.request(`${ORDERS}continue/?id=${first.id}`, { token: c.token })
      ).json()) as Draft;
      expect(byId.files.map((x) => x.name)).toEqual(['Черновик плана.docx']);

      const other = await createCustomer(h);
      expect((await h.request(`${ORDERS}fake/${first.id}/`, { token: other.token })).status).toBe(404);
      expect((await h.request(`${ORDERS}continue/?id=${first.id}`, { token: other.token })).status).toBe(404);
      expect(
        (
          await h.request(`${ORDERS}fake/${first.id}/`, {
            method: 'PATCH',
            token: other.token,
            json: { topic: 'x' },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await upload(
            h,
            `${ORDERS}fake/${first.id}/fake-files/`,
            other.token,
            filesForm([{ name: 'a.txt' }]),
          )
        ).status,
      ).toBe(404);

      const { order } = await createOrder(h, c, {
        topic: 'Маркетинговая стратегия',
        pages: 12,
        draft_id: first.id,
      });
      expect(order.files.map((x) => x.name)).toEqual(['Черновик плана.docx']);
      expect((await h.request(`${ORDERS}fake/${first.id}/`, { token: c.token })).status).toBe(404);
      const fresh = (await (await h.request(`${ORDERS}continue/`, { token: c.token })).json()) as Draft;
      expect(fresh.id).not.toBe(first.id);
    });
  });
});
