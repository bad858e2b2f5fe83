import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { readOutbox, refreshCookieOf } from './helpers/auth';
import { startLocalOidc, type LocalOidc } from './helpers/oidc-server';
import { SANDBOX_DELIVERY } from '../../server/delivery/settings';
import { verifyAccessToken } from '../../server/domain/tokens';
import type { Config } from '../../server/config';

const ORIGIN = 'http://localhost:3000';
const START = '/client/api/socials/oidc/google/';
const CALLBACK = `${START}callback/`;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/g, '/')
    .replace(/&#39;/g, "'");

describe('social sign-in over OpenID Connect', () => {
  let op: LocalOidc;
  const overrides: Partial<Config> = {};
  beforeAll(async () => {
    op = await startLocalOidc({
      clientId: 'cabinet',
      clientSecret: 'cabinet-secret',
      redirectUris: [`${ORIGIN}${CALLBACK}`],
    });
    overrides.delivery = {
      ...SANDBOX_DELIVERY,
      social: {
        driver: 'oidc',
        networks: { google: { issuer: op.issuer, clientId: 'cabinet', clientSecret: 'cabinet-secret' } },
      },
    };
  });
  const h = useHarness(overrides);
  afterAll(() => op?.close());

  /** The browser's trip: our start, the provider's screens, and the provider's form posted back to us. */
  async function signIn() {
    const start = await h.request(START);
    expect(start.status).toBe(302);
    const flowCookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith('cabinet_oidc_flow='))!
      .split(';')[0]!;
    const jar = new Map<string, string>();
    let url = start.headers.get('location')!;
    const authorize = new URL(url);
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url).href;
        continue;
      }
      const html = await res.text();
      const action = decode(/<form[^>]*action="([^"]+)"/.exec(html)![1]!);
      const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
        (m) => [m[1]!, decode(m[2]!)] as [string, string],
      );
      return { authorize, action, form: new URLSearchParams(fields), flowCookie };
    }
    throw new Error('the provider never answered with its form');
  }
  const callback = (form: URLSearchParams, cookie?: string) =>
    h.request(CALLBACK, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    });
  const landing = (res: Response) => new URL(res.headers.get('location')!, ORIGIN);

  it('lists only the configured networks, leading to our start of the flow', async () => {
    const links = (await (await h.request('/client/api/socials/links/')).json()) as { link: string }[];
    expect(links).toEqual([{ link: `${ORIGIN}${START}`, network_name: 'google' }]);
    expect((await h.request('/client/api/socials/oidc/vk/')).status).toBe(404);
  });

  it('signs in with code + PKCE, state and nonce checked, creating the account of the verified e-mail once', async () => {
    op.consent = 'allow';
    op.account = { sub: 'person-1', email: 'Person@Example.com' };
    const trip = await signIn();
    expect(Object.fromEntries(trip.authorize.searchParams)).toMatchObject({
      client_id: 'cabinet',
      response_type: 'code',
      response_mode: 'form_post',
      code_challenge_method: 'S256',
      scope: 'openid email',
      redirect_uri: `${ORIGIN}${CALLBACK}`,
    });
    expect(trip.authorize.searchParams.get('state')).toBeTruthy();
    expect(trip.authorize.searchParams.get('nonce')).toBeTruthy();
    expect(trip.action).toBe(`${ORIGIN}${CALLBACK}`);
    expect(trip.form.get('code')).toBeTruthy();

    const res = await callback(trip.form, trip.flowCookie);
    expect(res.status).toBe(302);
    const home = landing(res);
    expect(home.pathname).toBe('/home');
    expect(res.headers.getSetCookie().some((c) => /^cabinet_oidc_flow=;/.test(c))).toBe(true); // spent
    const al = await h.request('/api/client/auth/al/', {
      method: 'POST',
      json: { token: home.searchParams.get('al') },
    });
    expect(al.status).toBe(200);
    expect(refreshCookieOf(al)).toBeDefined();
    const userId = (await verifyAccessToken(h.deps, ((await al.json()) as { access: string }).access))
      ?.userId;
    expect(await readOutbox(h, { recipient: 'person@example.com', kind: 'welcome' })).toHaveLength(1);

    // The same person again: the same account, no second welcome.
    const again = await signIn();
    const second = landing(await callback(again.form, again.flowCookie));
    const al2 = await h.request('/api/client/auth/al/', {
      method: 'POST',
      json: { token: second.searchParams.get('al') },
    });
    expect((await verifyAccessToken(h.deps, ((await al2.json()) as { access: string }).access))?.userId).toBe(
      userId,
    );
    expect(await readOutbox(h, { recipient: 'person@example.com', kind: 'welcome' })).toHaveLength(1);
  });

  it('asks for an e-mail when the network shares none', async () => {
    op.consent = 'allow';
    op.account = { sub: 'person-2', email: null };
    const trip = await signIn();
    const url = landing(await callback(trip.form, trip.flowCookie));
    expect(url.pathname).toBe('/socials-email-auth');
    expect(url.searchParams.get('token')).toBeTruthy();
  });

  it('goes back to the sign-in page when the person refuses consent', async () => {
    op.consent = 'deny';
    const trip = await signIn();
    expect(trip.form.get('error')).toBe('access_denied');
    const url = landing(await callback(trip.form, trip.flowCookie));
    expect(`${url.pathname}${url.search}`).toBe(
      `/login?msg=${encodeURIComponent('Вход через соцсеть отменён.')}`,
    );
  });

  it('refuses a replayed callback, another browser’s callback and a changed state', async () => {
    op.consent = 'allow';
    op.account = { sub: 'person-3', email: 'third@example.com' };
    const dead = `/login?msg=${encodeURIComponent('Ссылка входа через соцсеть устарела. Попробуйте войти ещё раз.')}`;
    const at = (res: Response) => {
      const u = landing(res);
      return `${u.pathname}${u.search}`;
    };

    const other = await signIn();
    expect(at(await callback(other.form))).toBe(dead); // no flow cookie: not the browser that asked
    const changed = new URLSearchParams(other.form);
    changed.set('state', 'forged');
    expect(at(await callback(changed, other.flowCookie))).toBe(dead);

    const trip = await signIn();
    expect(landing(await callback(trip.form, trip.flowCookie)).pathname).toBe('/home');
    expect(at(await callback(trip.form, trip.flowCookie))).toBe(dead); // the provider takes a code once
  });
});
