import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { emailChangeRequests } from '../../server/db/tables';
import { customer, json, outbox, tempDataDir } from './profile-helpers';
import { DEFAULT_PASSWORD, signIn } from './helpers/auth';
import type { EmailChangeStatus, Profile, SocialProfileLink } from '../../contract/profile.api';
import { EMAIL_CHANGE_MESSAGES as M, EMAIL_CHANGE_TTL_MS } from '../../contract/profile';

describe('profile: e-mail and socials', () => {
  const h = useHarness({ dataDir: tempDataDir() });

  describe('profile: e-mail change through the outbox', () => {
    const request = (token: string, email: unknown) =>
      h.request('/client/api/change-email/request-change/', { method: 'POST', token, json: { email } });
    const status = async (token: string) =>
      json<EmailChangeStatus>(await h.request('/client/api/change-email/status/', { token }));
    const confirm = (token: unknown) =>
      h.request('/client/api/change-email/confirm/', { method: 'POST', json: { token } });
    const linkToken = async (recipient: string) => {
      const [mail] = await outbox(h, { recipient, kind: 'email_change_confirm' });
      expect(mail, `no confirmation mail to ${recipient}`).toBeDefined();
      const link = String(mail!.payload.link);
      expect(link).toMatch(/^http:\/\/localhost:3000\/email-edit\?confirm=/);
      return new URL(link).searchParams.get('confirm')!;
    };

    it('changes the address only after the link sent to the new one is used, once', async () => {
      const c = await customer(h, { email: 'old@example.com' });
      expect(await status(c.token)).toEqual({ email: 'old@example.com', pending: null });

      const res = await request(c.token, '  New@Example.com ');
      expect(res.status).toBe(200);
      const waiting = await json<EmailChangeStatus>(res);
      expect(waiting).toMatchObject({ email: 'old@example.com', pending: { new_email: 'new@example.com' } });
      expect(await status(c.token)).toEqual(waiting);
      const token = await linkToken('new@example.com');

      // until confirmed, the old address is the one that works
      expect((await json<Profile>(await h.request('/api/client/profile/', { token: c.token }))).email).toBe(
        'old@example.com',
      );
      await signIn(h, 'old@example.com', DEFAULT_PASSWORD);

      const done = await confirm(token);
      expect(done.status).toBe(200);
      expect(await json(done)).toEqual({ email: 'new@example.com' });
      expect((await json<Profile>(await h.request('/api/client/profile/', { token: c.token }))).email).toBe(
        'new@example.com',
      );
      expect(await status(c.token)).toEqual({ email: 'new@example.com', pending: null });
      const [notice] = await outbox(h, { recipient: 'old@example.com', kind: 'email_changed' });
      expect(notice?.body).toContain('new@example.com');
      await signIn(h, 'new@example.com', DEFAULT_PASSWORD);

      // single use: a second click is told the address is already confirmed
      const again = await confirm(token);
      expect(again.status).toBe(400);
      expect(await json(again)).toEqual({ detail: M.linkUsed });
    });

    it('checks a link by GET without using it (a read never writes); POST confirms', async () => {
      const c = await customer(h);
      await request(c.token, 'via-get@example.com');
      const token = await linkToken('via-get@example.com');
      for (let i = 0; i < 2; i++) {
        const res = await h.request(`/client/api/change-email/confirm/?token=${token}`);
        expect(res.status).toBe(200);
        expect(await json(res)).toEqual({ email: 'via-get@example.com' });
      }
      const status = await h.request('/client/api/change-email/status/', { token: c.token });
      expect(await json(status)).toMatchObject({
        email: c.email,
        pending: { new_email: 'via-get@example.com' },
      });
      expect((await confirm(token)).status).toBe(200);
      const used = await h.request(`/client/api/change-email/confirm/?token=${token}`);
      expect(used.status).toBe(400);
      expect(await json(used)).toEqual({ detail: M.linkUsed });
      expect((await h.request('/client/api/change-email/confirm/')).status).toBe(400);
    });

    it('lets only the newest link work, and none after an hour; each dead link says why', async () => {
      expect(EMAIL_CHANGE_TTL_MS).toBe(60 * 60 * 1000);
      const c = await customer(h);
      await request(c.token, 'first@example.com');
      const first = await linkToken('first@example.com');
      const [mail] = await outbox(h, { recipient: 'first@example.com', kind: 'email_change_confirm' });
      expect(mail?.body).toContain('Ссылка действует 1 час');
      await request(c.token, 'second@example.com');
      const second = await linkToken('second@example.com');
      const replaced = await confirm(first);
      expect(replaced.status).toBe(400);
      expect(await json(replaced)).toEqual({ detail: M.linkReplaced });
      expect((await status(c.token)).pending?.new_email).toBe('second@example.com');

      h.clock.advance(EMAIL_CHANGE_TTL_MS - 1000);
      expect((await status(await c.renew())).pending?.new_email).toBe('second@example.com');
      h.clock.advance(2000);
      const expired = await confirm(second);
      expect(expired.status).toBe(400);
      expect(await json(expired)).toEqual({ detail: M.linkExpired });
      expect(await status(await c.renew())).toMatchObject({ email: c.email, pending: null });

      const unknown = await confirm(second.slice(0, -4) + 'AAAA');
      expect(await json(unknown)).toEqual({ detail: M.linkDead });
    });

    it('stores only the hash of the link token', async () => {
      const c = await customer(h);
      await request(c.token, 'hashed@example.com');
      const token = await linkToken('hashed@example.com');
      const rows = await h.deps.db.select().from(emailChangeRequests);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).not.toContain(token);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('can cancel the pending change', async () => {
      const c = await customer(h);
      await request(c.token, 'cancel-me@example.com');
      const token = await linkToken('cancel-me@example.com');
      const res = await h.request('/client/api/change-email/request-change/', {
        method: 'DELETE',
        token: c.token,
      });
      expect(await json(res)).toEqual({ email: c.email, pending: null });
      expect((await confirm(token)).status).toBe(400);
    });

    it('answers field errors for bad, own or taken addresses', async () => {
      await customer(h, { email: 'taken@example.com' });
      const c = await customer(h, { email: 'me@example.com' });
      for (const [email, message] of [
        ['not-an-email', /правильный адрес/],
        [42, /правильный адрес/],
        ['me@example.com', /текущий/],
        ['TAKEN@example.com', /уже используется/],
      ] as const) {
        const res = await request(c.token, email);
        expect(res.status, String(email)).toBe(400);
        const body = await json<{ email: string[] }>(res);
        expect(body.email[0]).toMatch(message);
      }
      expect(
        (await h.request('/client/api/change-email/request-change/', { method: 'POST', json: {} })).status,
      ).toBe(401);
      expect(await outbox(h, { kind: 'email_change_confirm' })).toHaveLength(0);
      for (const bad of [undefined, '', 'nonsense', 123]) expect((await confirm(bad)).status).toBe(400);
    });

    it('limits how many confirmation e-mails a customer can send', async () => {
      const c = await customer(h);
      for (let i = 0; i < 5; i++) expect((await request(c.token, `try${i}@example.com`)).status).toBe(200);
      const refused = await request(c.token, 'try5@example.com');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(await outbox(h, { kind: 'email_change_confirm' })).toHaveLength(5);
    });

    it('checks uniqueness again when the link is used', async () => {
      const c = await customer(h);
      await request(c.token, 'race@example.com');
      const token = await linkToken('race@example.com');
      await customer(h, { email: 'race@example.com' }); // someone registered it meanwhile
      const res = await confirm(token);
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ email: ['Этот e-mail уже используется другим пользователем.'] });
      expect((await status(c.token)).email).toBe(c.email);
    });
  });

  describe('profile: linking a social network', () => {
    const start = (token: string, network_name: unknown) =>
      h.request('/client/api/socials/profile/', { method: 'POST', token, json: { network_name } });
    const socials = async (token: string) =>
      (await json<Profile>(await h.request('/api/client/profile/', { token }))).socials;

    it('answers the sandbox link; the sandbox page links the network and returns to the profile', async () => {
      const c = await customer(h);
      const res = await start(c.token, 'vk');
      expect(res.status).toBe(200);
      const { link, network_name } = await json<SocialProfileLink>(res);
      expect(network_name).toBe('vk');
      const url = new URL(link);
      expect(url.pathname).toBe('/client/api/socials/profile/sandbox/vk/');
      const state = url.searchParams.get('state')!;

      const page = await h.request(`${url.pathname}${url.search}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('ВКонтакте');

      const post = (body: Record<string, string>) =>
        h.request(url.pathname, { method: 'POST', body: new URLSearchParams(body) });
      const cancelled = await post({ state, decision: 'cancel' });
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.get('location')).toBe('/profile');
      expect((await socials(c.token)).find((s) => s.network_name === 'vk')?.linked).toBe(false);

      const linked = await post({ state, decision: 'link' });
      expect(linked.status).toBe(303);
      expect(decodeURIComponent(linked.headers.get('location')!)).toBe(
        '/profile?msg=Аккаунт ВКонтакте привязан к профилю.',
      );
      expect(await socials(c.token)).toEqual([
        { network_name: 'vk', linked: true },
        { network_name: 'yandex', linked: false },
        { network_name: 'google', linked: false },
      ]);

      const twice = await start(c.token, 'vk');
      expect(twice.status).toBe(400);
      expect(Object.keys(await json(twice))).toEqual(['network_name']);
    });

    it('refuses unknown networks, forged or stale states, and anonymous callers', async () => {
      const a = await customer(h);
      const b = await customer(h);
      expect((await start(a.token, 'myspace')).status).toBe(400);
      expect((await start(a.token, undefined)).status).toBe(400);
      expect(
        (await h.request('/client/api/socials/profile/', { method: 'POST', json: { network_name: 'vk' } }))
          .status,
      ).toBe(401);

      const { link } = await json<SocialProfileLink>(await start(a.token, 'yandex'));
      const url = new URL(link);
      const state = url.searchParams.get('state')!;
      // a state for one network does not work for another
      const other = await h.request('/client/api/socials/profile/sandbox/google/', {
        method: 'POST',
        body: new URLSearchParams({ state, decision: 'link' }),
      });
      expect(other.status).toBe(400);
      // an access token is no state
      const forged = await h.request(`/client/api/socials/profile/sandbox/yandex/?state=${a.token}`);
      expect(forged.status).toBe(400);
      expect((await h.request('/client/api/socials/profile/sandbox/nope/?state=x')).status).toBe(400);

      h.clock.advance(11 * 60_000);
      const stale = await h.request(url.pathname, {
        method: 'POST',
        body: new URLSearchParams({ state, decision: 'link' }),
      });
      expect(stale.status).toBe(400);
      expect(await socials(await a.renew())).toContainEqual({ network_name: 'yandex', linked: false });
      expect(await socials(await b.renew())).toContainEqual({ network_name: 'yandex', linked: false });
    });
  });
});
