// Social sign-in (spec point 7, /client/api/socials/…): a sandbox provider on our own server, or (SOCIAL_DRIVER=oidc)
// the networks' OpenID Connect flows; the links say which.
import * as z from 'zod/mini';
import { endpoint } from './http';
import { PUBLIC_WRITES, SOCIAL_NETWORKS } from './auth';
import { body, Email, requiredString, SignInAnswer } from './auth.api';

export const SocialLink = z.object({ link: z.string(), network_name: z.enum(SOCIAL_NETWORKS) });
export type SocialLink = z.infer<typeof SocialLink>;

export const SocialEmailRequest = body({ token: requiredString(256), email: Email });
export type SocialEmailRequest = z.input<typeof SocialEmailRequest>;

const NetworkParams = z.object({ network: z.string().check(z.maxLength(32)) });

export const socialsApi = {
  'GET /client/api/socials/links/': endpoint({ answer: z.array(SocialLink), errors: [], auth: 'public' }),
  /** The sandbox provider's page (a real provider would replace only this page). */
  'GET /client/api/socials/sandbox/:network/': endpoint({
    params: NetworkParams,
    answers: 'html',
    errors: [404],
    auth: 'public',
  }),
  /** The sandbox page's HTML form: 302 to /home?al=… or /socials-email-auth?token=…. */
  'POST /client/api/socials/sandbox/:network/': endpoint({
    params: NetworkParams,
    form: true,
    answers: 'redirect',
    status: 302,
    errors: [404],
    auth: 'public',
  }),
  /** SOCIAL_DRIVER=oidc: starts the network's OpenID Connect flow — 302 to the network, the flow in a cookie. */
  'GET /client/api/socials/oidc/:network/': endpoint({
    params: NetworkParams,
    answers: 'redirect',
    status: 302,
    errors: [404],
    auth: 'public',
  }),
  /** The network's answer (form_post): 302 to /home?al=…, /socials-email-auth?token=… or /login?msg=…. */
  'POST /client/api/socials/oidc/:network/callback/': endpoint({
    params: NetworkParams,
    form: true,
    answers: 'redirect',
    status: 302,
    errors: [404],
    auth: 'public',
  }),
  'POST /client/api/socials/email/': endpoint({
    body: SocialEmailRequest,
    answer: SignInAnswer,
    errors: [400, 429],
    perCaller: PUBLIC_WRITES.SOCIAL_EMAILS,
    auth: 'public',
  }),
} as const;
