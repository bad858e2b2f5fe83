// Files live in the shared bucket: what one instance stored, the other serves, file by file and as the zip.
import { expect, signInFast, test } from '../support/fixtures';
import { A, B, NODES, orderId, signIn } from './support';

test('a file uploaded through A downloads through B, and the zip comes from either', async ({
  page,
  request,
  customer,
}) => {
  const id = await orderId(request, customer, 'Продвижение бренда');
  // The page, through the balancer, watches the files tab while the upload goes to A directly.
  await signInFast(page, customer, `/order/${id}/files`);
  await expect(page.getByRole('heading', { name: 'Файлы заказа' })).toBeVisible();

  const { access } = await signIn(A.url, customer);
  const auth = { authorization: `Bearer ${access}` };
  const name = `План главы ${Date.now()}.txt`;
  const content = Buffer.from(`Глава 2: обзор каналов продвижения.\n${'строка плана\n'.repeat(2_000)}`);
  const upload = await request.post(`${A.url}/api/client/orders/${id}/files/`, {
    headers: auth,
    multipart: { file: { name, mimeType: 'text/plain', buffer: content } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const [file] = ((await upload.json()) as { results: { id: number; name: string }[] }).results;
  expect(file?.name).toBe(name);

  const download = await request.get(`${B.url}/api/client/orders/${id}/files/${file!.id}/download/`, {
    headers: auth,
  });
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), content), 'the same bytes through B').toBe(0);

  for (const node of NODES) {
    const zip = await request.post(`${node.url}/api/client/orders/${id}/files/download-zip/`, {
      headers: auth,
    });
    expect(zip.status(), `zip through ${node.name}`).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    const bytes = await zip.body();
    expect(bytes.subarray(0, 4).toString('latin1'), `a zip from ${node.name}`).toBe('PK\x03\x04');
    // The central directory names every file: ours is among them.
    expect(bytes.includes(Buffer.from(name)), `${name} in the zip from ${node.name}`).toBe(true);
  }

  // The socket told the page (wherever it is held) about the file stored on A.
  await expect(page.getByTestId('order-files').getByText(name)).toBeVisible();
});
