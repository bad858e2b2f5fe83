// The preview route (docs/features.md "File preview"): the bytes for the in-page viewer with the server's
// own type, nosniff and a sandbox CSP; types outside the table and files whose bytes are not their type get
// a 400 in Russian.
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createCustomer, createOrder, tempDataDir, upload } from './helpers/orders';
import type { UploadOrderFilesResponse } from '../../contract/orders.api';
import { PREVIEW_STRINGS } from '../../contract/preview';

const ORDERS = '/api/client/orders/';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function form(files: { name: string; bytes: Uint8Array | string; type: string }[]) {
  const f = new FormData();
  for (const file of files)
    f.append('file', new Blob([file.bytes as BlobPart], { type: file.type }), file.name);
  return f;
}

describe('GET /api/client/orders/:id/files/:file/preview/', () => {
  const h = useHarness({ dataDir: tempDataDir() });

  async function filesOf(files: Parameters<typeof form>[0]) {
    const c = await createCustomer(h);
    const { order } = await createOrder(h, c);
    const res = await upload(h, `${ORDERS}${order.id}/files/`, c.token, form(files));
    expect(res.status).toBe(201);
    const { results } = (await res.json()) as UploadOrderFilesResponse;
    const preview = (i: number, token = c.token) =>
      h.request(`${ORDERS}${order.id}/files/${results[i]!.id}/preview/`, { token });
    return { c, order, results, preview };
  }

  it('serves each previewable type with the type of its own table, nosniff and a sandbox CSP', async () => {
    const { preview } = await filesOf([
      // The uploader says text/html: the server's table decides.
      { name: 'Работа.pdf', bytes: '%PDF-1.7\n<script>alert(1)</script>', type: 'text/html' },
      { name: 'Рисунок.PNG', bytes: PNG, type: 'text/html' },
      { name: 'Заметки.txt', bytes: '<html><script>alert(1)</script></html>', type: 'text/html' },
    ]);
    const expected = ['application/pdf', 'image/png', 'text/plain; charset=utf-8'];
    for (const [i, type] of expected.entries()) {
      const res = await preview(i);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp.split(';').map((d) => d.trim())).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
      // A navigation saves it; it is never shown as a page of ours.
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    }
    expect(await (await preview(0)).text()).toBe('%PDF-1.7\n<script>alert(1)</script>');
    expect(new Uint8Array(await (await preview(1)).arrayBuffer())).toEqual(PNG);
  });

  it('passes a large file through whole', async () => {
    const big = new Uint8Array(3 * 1024 * 1024 + 17);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    for (let i = 9; i < big.length; i++) big[i] = i % 251;
    const { preview } = await filesOf([{ name: 'big.pdf', bytes: big, type: 'application/pdf' }]);
    const res = await preview(0);
    expect(res.status).toBe(200);
    const got = new Uint8Array(await res.arrayBuffer());
    expect(got.length).toBe(big.length);
    expect(Buffer.compare(Buffer.from(got), Buffer.from(big))).toBe(0); // toEqual walks 3 MB byte by byte
  });

  it('refuses types without a viewer and bytes that are not their type, in Russian', async () => {
    const { preview } = await filesOf([
      { name: 'Таблица.xlsx', bytes: 'PK\x03\x04', type: 'application/zip' },
      { name: 'Фальшивка.pdf', bytes: '<html><script>alert(1)</script></html>', type: 'application/pdf' },
      { name: 'Фото.jpg', bytes: '<svg onload="alert(1)"/>', type: 'image/jpeg' },
      { name: 'Документ.docx', bytes: '%PDF-1.4', type: 'application/pdf' },
    ]);
    const refusals = [
      PREVIEW_STRINGS.notPreviewable,
      PREVIEW_STRINGS.mismatch,
      PREVIEW_STRINGS.mismatch,
      PREVIEW_STRINGS.mismatch,
    ];
    for (const [i, detail] of refusals.entries()) {
      const res = await preview(i);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail });
    }
  });

  it("is the same 404 for another customer's file", async () => {
    const { preview } = await filesOf([{ name: 'a.txt', bytes: 'text', type: 'text/plain' }]);
    const other = await createCustomer(h);
    expect((await preview(0, other.token)).status).toBe(404);
  });
});
