import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalOidc {
  issuer: string;
  /** The person who signs in at the provider, and whether they allow the cabinet to know them. */
  account: { sub: string; email: string | null };
  consent: 'allow' | 'deny';
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider 8, the line that runs on Node 20) on loopback with one confidential client: code flow, PKCE required,
 * form_post answers. Its login and consent screens are answered by the test's `account` and `consent`.
 */
export async function startLocalOidc(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<LocalOidc> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const local: LocalOidc = {
    issuer,
    account: { sub: 'person-1', email: 'person@example.com' },
    consent: 'allow',
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        ...(local.account.email ? { email: local.account.email, email_verified: true } : {}),
      }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['local-oidc-test-key'] },
    // Its own signing key and lifetimes, instead of the development defaults it warns about.
    jwks: {
      keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (local.consent === 'deny')
        return provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The person refused' },
          { mergeWithLastSubmission: false },
        );
      if (details.prompt.name === 'login')
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: local.account.sub } },
          { mergeWithLastSubmission: false },
        );
      const grant =
        (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
        new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id! });
      grant.addOIDCScope('openid email');
      const grantId = await grant.save();
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return local;
}
