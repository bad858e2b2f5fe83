import { createHmac, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Deps } from '../env';
import type { SocialNetwork } from '../../contract/auth';
import type { SocialIdentity } from '../domain/social';
import type { OidcNetwork, SocialSettings } from './settings';

export const OIDC_BASE = '/client/api/socials/oidc';
export const FLOW_COOKIE = 'cabinet_oidc_flow';
const FLOW_TTL_S = 600;

/** What one browser's sign-in needs back at the callback: kept in a signed cookie, so starting writes nothing. */
interface Flow {
  network: SocialNetwork;
  state: string;
  nonce: string;
  verifier: string;
  /** Seconds since the epoch after which the flow is dead. */
  exp: number;
}

export type OidcOutcome = { identity: SocialIdentity } | { refused: 'denied' | 'dead' };

function sign(secret: Uint8Array, flow: Flow): string {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(`oidc:${body}`).digest('base64url')}`;
}

function unsign(secret: Uint8Array, value: string | undefined): Flow | undefined {
  const [body, mac] = (value ?? '').split('.');
  if (!body || !mac) return undefined;
  const want = Buffer.from(createHmac('sha256', secret).update(`oidc:${body}`).digest('base64url'));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Flow;
  } catch {
    return undefined;
  }
}

/**
 * Social sign-in over OpenID Connect with openid-client: the authorization code flow with PKCE (S256), state and
 * nonce checked, the answer posted back (response_mode=form_post) so the callback is a POST. The flow's secrets
 * live in a signed, HttpOnly cookie scoped to the callback, which binds the answer to the browser that asked.
 */
export function oidcSignIn(
  deps: Pick<Deps, 'config'>,
  settings: Extract<SocialSettings, { driver: 'oidc' }>,
  opts: { now?: () => Date } = {},
) {
  const now = () => Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
  const configs = new Map<SocialNetwork, Promise<oidc.Configuration>>();
  const callbackUrl = (network: SocialNetwork) =>
    `${deps.config.publicOrigin}${OIDC_BASE}/${network}/callback/`;

  function configOf(network: SocialNetwork, client: OidcNetwork): Promise<oidc.Configuration> {
    let config = configs.get(network);
    if (!config) {
      const insecure = client.issuer.startsWith('http:');
      config = oidc.discovery(new URL(client.issuer), client.clientId, client.clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
      config.catch(() => configs.delete(network)); // a failed discovery is tried again next time
      configs.set(network, config);
    }
    return config;
  }

  return {
    networks: Object.keys(settings.networks) as SocialNetwork[],

    /** Where to send the browser, and the cookie it must carry back. */
    async start(network: SocialNetwork): Promise<{ url: string; cookie: string }> {
      const client = settings.networks[network]!;
      const config = await configOf(network, client);
      const flow: Flow = {
        network,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        exp: now() + FLOW_TTL_S,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl(network),
        scope: 'openid email',
        response_mode: 'form_post',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, cookie: sign(deps.config.jwtSecret, flow) };
    },

    /** The provider's answer, checked against the browser's flow; a refused consent is not an error. */
    async finish(
      network: SocialNetwork,
      cookie: string | undefined,
      form: URLSearchParams,
    ): Promise<OidcOutcome> {
      const flow = unsign(deps.config.jwtSecret, cookie);
      const client = settings.networks[network];
      if (
        !client ||
        !flow ||
        flow.network !== network ||
        flow.exp < now() ||
        form.get('state') !== flow.state
      )
        return { refused: 'dead' };
      if (form.get('error')) return { refused: form.get('error') === 'access_denied' ? 'denied' : 'dead' };
      const config = await configOf(network, client);
      const request = new Request(callbackUrl(network), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      let claims: Record<string, unknown> | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, request, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        claims = idToken;
        // Many providers keep the e-mail out of the ID token: then it is asked of the UserInfo endpoint.
        if (idToken && idToken.email === undefined && tokens.access_token)
          claims = {
            ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)),
            sub: idToken.sub,
          };
      } catch {
        return { refused: 'dead' }; // a code used before (a replayed callback), a wrong nonce, a bad signature
      }
      if (!claims?.sub) return { refused: 'dead' };
      const email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null;
      return { identity: { network, externalId: String(claims.sub), email: email?.toLowerCase() ?? null } };
    },
  };
}

export type OidcSignIn = ReturnType<typeof oidcSignIn>;
