import { describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness';
import { createCustomer, readOutbox, refreshCookieOf } from './helpers/auth';
import { verifyAccessToken } from '../../server/domain/tokens';

const form = (withEmail: boolean) => ({
  method: 'POST',
  body: new URLSearchParams({ with_email: withEmail ? '1' : '0' }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function sandboxRedirect(h: Harness, network: string, withEmail: boolean) {
  const res = await h.request(`/client/api/socials/sandbox/${network}/`, form(withEmail));
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!, 'http://localhost:3000');
}

describe('social sign-in with the sandbox provider', () => {
  const h = useHarness();

  it('lists three networks whose links lead to the sandbox', async () => {
    const res = await h.request('/client/api/socials/links/');
    expect(res.status).toBe(200);
    const links = (await res.json()) as { link: string; network_name: string }[];
    expect(links.map((l) => l.network_name)).toEqual(['vk', 'yandex', 'google']);
    for (const l of links) {
      expect(l.link).toBe(`http://localhost:3000/client/api/socials/sandbox/${l.network_name}/`);
      const page = await h.request(new URL(l.link).pathname);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toContain(`<title>Тестовый вход через ${l.network_name}</title>`);
      expect(html).not.toMatch(/<script/i);
      expect(html.match(/<form method="post">/g)).toHaveLength(2);
    }
    expect((await h.request('/client/api/socials/sandbox/myspace/')).status).toBe(404);
  });

  it('"with e-mail" creates the customer once and redirects to /home?al=…', async () => {
    const first = await sandboxRedirect(h, 'vk', true);
    expect(first.pathname).toBe('/home');
    const al = first.searchParams.get('al')!;
    const res = await h.request('/api/client/auth/al/', { method: 'POST', json: { token: al } });
    expect(res.status).toBe(200);
    expect(refreshCookieOf(res)).toBeDefined();
    expect(await readOutbox(h, { recipient: 'sandbox-vk@example.com', kind: 'welcome' })).toHaveLength(1);

    // a returning identity signs in to the same account, no second welcome
    const second = await sandboxRedirect(h, 'vk', true);
    expect(second.pathname).toBe('/home');
    expect(await readOutbox(h, { recipient: 'sandbox-vk@example.com', kind: 'welcome' })).toHaveLength(1);
  });

  it('"with e-mail" signs in to an existing account of that e-mail', async () => {
    const c = await createCustomer(h, { email: 'sandbox-google@example.com' });
    const url = await sandboxRedirect(h, 'google', true);
    const res = await h.request('/api/client/auth/al/', {
      method: 'POST',
      json: { token: url.searchParams.get('al') },
    });
    expect(res.status).toBe(200);
    const claims = await verifyAccessToken(h.deps, (await res.json()).access);
    expect(claims?.userId).toBe(c.id);
  });

  it('"without e-mail" asks for an e-mail, then signs in with a new account', async () => {
    const url = await sandboxRedirect(h, 'yandex', false);
    expect(url.pathname).toBe('/socials-email-auth');
    const token = url.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const bad = await h.request('/client/api/socials/email/', {
      method: 'POST',
      json: { token, email: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ email: ['Введите правильный адрес электронной почты.'] });

    const res = await h.request('/client/api/socials/email/', {
      method: 'POST',
      json: { token, email: 'Social.User@example.com' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ access: expect.any(String), expires_in: 300 });
    expect(refreshCookieOf(res)).toBeDefined();
    expect(await readOutbox(h, { recipient: 'social.user@example.com', kind: 'welcome' })).toHaveLength(1);

    const dead = await h.request('/client/api/socials/email/', {
      method: 'POST',
      json: { token, email: 'other@example.com' },
    });
    expect(dead.status).toBe(400);
    expect((await dead.json()).detail).toMatch(/устарела/);
  });

  it('"without e-mail" refuses an e-mail that already has an account, and keeps the token', async () => {
    const c = await createCustomer(h);
    const url = await sandboxRedirect(h, 'vk', false);
    const token = url.searchParams.get('token')!;
    const taken = await h.request('/client/api/socials/email/', {
      method: 'POST',
      json: { token, email: c.email },
    });
    expect(taken.status).toBe(400);
    expect(Object.keys(await taken.json())).toEqual(['email']);
    const ok = await h.request('/client/api/socials/email/', {
      method: 'POST',
      json: { token, email: 'fresh@example.com' },
    });
    expect(ok.status).toBe(200);
  });

  it('bad bodies and unknown tokens are 400', async () => {
    for (const init of [
      { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } },
      { method: 'POST', json: {} },
      { method: 'POST', json: { token: 'unknown', email: 'a@example.com' } },
    ]) {
      const res = await h.request('/client/api/socials/email/', init);
      expect(res.status).toBe(400);
    }
    const post = await h.request('/client/api/socials/sandbox/vk/', { method: 'POST', body: 'garbage' });
    expect(post.status).toBe(302);
  });
});
