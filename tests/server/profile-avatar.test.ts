import { describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { useHarness } from './harness';
import { customer, json, tempDataDir } from './profile-helpers';
import type { Avatars } from '../../contract/profile.api';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();

function form(bytes: Uint8Array, name: string, type: string) {
  const fd = new FormData();
  fd.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return fd;
}

describe.each(['fs', 's3'] as const)('profile avatar (%s storage)', (driver) => {
  const h = useHarness({ dataDir: tempDataDir() }, { storage: driver });
  const storedAvatars = () => h.deps.storage.list('avatars/');
  const url = '/api/client/profile/avatar/';
  const upload = (token: string, body: FormData) => h.request(url, { method: 'POST', token, body });

  it('is empty at first', async () => {
    const c = await customer(h);
    const res = await h.request(url, { token: c.token });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ avatars: {} });
    expect((await h.request(url)).status).toBe(401);
  });

  it('turns a real PNG into three webp squares served with long cache headers', async () => {
    const c = await customer(h);
    const res = await upload(c.token, form(await png(800, 500), 'me.png', 'image/png'));
    expect(res.status).toBe(201);
    const { avatars } = await json<Avatars>(res);
    expect(Object.keys(avatars).sort()).toEqual(['large', 'medium', 'small']);
    expect(await json(await h.request(url, { token: c.token }))).toEqual({ avatars });

    for (const [size, px] of [
      ['small', 64],
      ['medium', 160],
      ['large', 400],
    ] as const) {
      const file = await h.request(avatars[size]!); // no bearer: an <img> can load it
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: px, height: px });
    }
    const name = avatars.small!.split('/').pop()!.replace('.webp', '');
    expect((await storedAvatars()).filter((k) => k.startsWith(`avatars/${name}-`)).sort()).toEqual([
      `avatars/${name}-160.webp`,
      `avatars/${name}-400.webp`,
      `avatars/${name}-64.webp`,
    ]);
  });

  it('replaces the old files on a new upload and removes them on delete', async () => {
    const c = await customer(h);
    const first = await json<Avatars>(await upload(c.token, form(await png(100, 100), 'a.png', 'image/png')));
    const jpeg = await sharp(await png(300, 900))
      .jpeg()
      .toBuffer();
    const second = await json<Avatars>(await upload(c.token, form(jpeg, 'b.jpg', 'image/jpeg')));
    expect(second.avatars.small).not.toBe(first.avatars.small);
    expect((await h.request(first.avatars.small!)).status).toBe(404);
    expect((await h.request(second.avatars.small!)).status).toBe(200);

    const del = await h.request(url, { method: 'DELETE', token: c.token });
    expect(del.status).toBe(200);
    expect(await json(del)).toEqual({ avatars: {} });
    expect(await json(await h.request(url, { token: c.token }))).toEqual({ avatars: {} });
    expect((await h.request(second.avatars.large!)).status).toBe(404);
    const name = second.avatars.large!.split('/').pop()!.replace('.webp', '');
    expect(await h.deps.storage.exists(`avatars/${name}-400.webp`)).toBe(false);
    expect((await storedAvatars()).filter((k) => k.includes(name))).toEqual([]);
    // deleting twice is fine
    expect((await h.request(url, { method: 'DELETE', token: c.token })).status).toBe(200);
  });

  it('sniffs the content: a text file named .png is refused', async () => {
    const c = await customer(h);
    const fake = new TextEncoder().encode('this is not a picture, only text');
    const res = await upload(c.token, form(fake, 'photo.png', 'image/png'));
    expect(res.status).toBe(400);
    expect((await json<{ detail: string }>(res)).detail).toMatch(/не является изображением/);
    // a real image of a type we do not take (SVG) is refused too
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await upload(c.token, form(svg, 'a.svg', 'image/svg+xml'))).status).toBe(400);
    // a truncated PNG passes the header check but not decoding
    const cut = (await png(400, 400)).subarray(0, 60);
    expect((await upload(c.token, form(cut, 'cut.png', 'image/png'))).status).toBe(400);
    expect(await json(await h.request(url, { token: c.token }))).toEqual({ avatars: {} });
  });

  it('refuses an image over 5 MB', async () => {
    const c = await customer(h);
    // random pixels do not compress: a ~6.9 MB PNG
    const big = await sharp(randomBytes(1600 * 1440 * 3), { raw: { width: 1600, height: 1440, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    const res = await upload(c.token, form(big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ detail: 'Изображение больше 5 МБ.' });
  });

  it('answers 400 without a file or without multipart', async () => {
    const c = await customer(h);
    const noFile = new FormData();
    noFile.append('other', 'x');
    expect((await upload(c.token, noFile)).status).toBe(400);
    const asJson = await h.request(url, { method: 'POST', token: c.token, json: { file: 'x' } });
    expect(asJson.status).toBe(400);
    const asText = new FormData();
    asText.append('file', 'just a string');
    expect((await upload(c.token, asText)).status).toBe(400);
  });

  it('serves nothing for unknown or malformed names', async () => {
    for (const path of [
      '/client/api/profile/avatar/64/0123456789abcdef0123456789abcdef.webp',
      '/client/api/profile/avatar/65/0123456789abcdef0123456789abcdef.webp',
      '/client/api/profile/avatar/64/..%2F..%2Fjwt-secret',
      '/client/api/profile/avatar/64/not-a-name.webp',
    ]) {
      expect((await h.request(path)).status, path).toBe(404);
    }
  });

  it("keeps one customer's avatar out of another's profile", async () => {
    const a = await customer(h);
    const b = await customer(h);
    await upload(a.token, form(await png(64, 64), 'a.png', 'image/png'));
    expect(await json(await h.request(url, { token: b.token }))).toEqual({ avatars: {} });
    await h.request(url, { method: 'DELETE', token: b.token });
    expect(Object.keys((await json<Avatars>(await h.request(url, { token: a.token }))).avatars)).toHaveLength(
      3,
    );
  });

  it('leaves no file in the store when an upload fails after its files were stored', async () => {
    const c = await customer(h);
    const first = await json<Avatars>(await upload(c.token, form(await png(100, 100), 'a.png', 'image/png')));
    const before = (await storedAvatars()).sort();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});

    // The store fails on one of the three squares (after keeping it: an answer lost on the way back).
    const storage = h.deps.storage;
    const put = storage.put.bind(storage);
    let calls = 0;
    const spy = vi.spyOn(storage, 'put').mockImplementation(async (key, body, opts) => {
      await put(key, body, opts);
      if (++calls === 2) throw new Error('connection reset');
    });
    try {
      expect((await upload(c.token, form(await png(120, 120), 'b.png', 'image/png'))).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect((await storedAvatars()).sort()).toEqual(before);

    // The database refuses the new name after the files are stored.
    await h.deps.db.execute(
      sql.raw(`create function refuse_avatar() returns trigger language plpgsql as $$
        begin raise exception 'no space left on device'; end $$`),
    );
    await h.deps.db.execute(
      sql.raw(`create trigger refuse_avatar before update on profiles
        for each row execute function refuse_avatar()`),
    );
    try {
      expect((await upload(c.token, form(await png(140, 140), 'c.png', 'image/png'))).status).toBe(500);
    } finally {
      quiet.mockRestore();
      await h.deps.db.execute(sql.raw('drop trigger refuse_avatar on profiles'));
      await h.deps.db.execute(sql.raw('drop function refuse_avatar()'));
    }
    expect((await storedAvatars()).sort()).toEqual(before);
    expect(await json(await h.request(url, { token: c.token }))).toEqual(first);
    expect((await h.request(first.avatars.large!)).status).toBe(200);
  });
});
