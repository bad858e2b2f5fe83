/**
 * Which driver delivers each outside party's work, read from the environment (docs/deliveries.md). Unset,
 * every party is the embedded sandbox; a driver named with a setting missing stops the start with the
 * missing names.
 */
export type MailSettings =
  | { driver: 'sandbox' }
  | {
      driver: 'smtp';
      host: string;
      port: number;
      /** TLS from the first byte (port 465); otherwise STARTTLS is required unless SMTP_TLS=0. */
      secure: boolean;
      requireTls: boolean;
      user: string | undefined;
      password: string | undefined;
      /** The service's sender, `Name <address>`. */
      from: string;
    };

export type SmsSettings =
  | { driver: 'sandbox' }
  | {
      driver: 'smsc';
      /** The gateway's base URL (its documented host in production, a stand-in in tests). */
      url: string;
      login: string;
      password: string;
      sender: string | undefined;
    };

export interface OutboxSettings {
  /** How long one try may take (OUTBOX_SEND_TIMEOUT_MS): well within the job runner's lease. */
  sendTimeoutMs: number;
}

export type PaymentsSettings =
  | { driver: 'sandbox' }
  | {
      driver: 'yookassa';
      /** The API's base URL, up to and with /v3 (its documented host in production, a stand-in in tests). */
      url: string;
      shopId: string;
      secretKey: string;
      /** Receipts under 54-FZ sent with each payment and refund (when the shop does not make them elsewhere). */
      receipts: { vatCode: number; taxSystemCode: number | undefined } | undefined;
    };

/** One network's OpenID Connect client: its issuer (discovery at /.well-known/openid-configuration) and credentials. */
export interface OidcNetwork {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export type SocialSettings =
  | { driver: 'sandbox' }
  | { driver: 'oidc'; networks: Partial<Record<'vk' | 'yandex' | 'google', OidcNetwork>> };

export interface DeliverySettings {
  mail: MailSettings;
  sms: SmsSettings;
  payments: PaymentsSettings;
  social: SocialSettings;
  outbox: OutboxSettings;
}

export const SANDBOX_DELIVERY: DeliverySettings = {
  mail: { driver: 'sandbox' },
  sms: { driver: 'sandbox' },
  payments: { driver: 'sandbox' },
  social: { driver: 'sandbox' },
  outbox: { sendTimeoutMs: 20_000 },
};

type Env = Record<string, string | undefined>;

function choose<T extends string>(env: Env, name: string, drivers: readonly T[], implied: T): T {
  const value = env[name] || implied;
  if (!(drivers as readonly string[]).includes(value))
    throw new Error(`${name} must be ${drivers.join(' or ')}, not "${value}".`);
  return value as T;
}

/** Names the settings a driver needs that are empty, all at once. */
function need(env: Env, what: string, names: string[]): void {
  const missing = names.filter((n) => !env[n]);
  if (missing.length) throw new Error(`${what} needs ${missing.join(', ')}.`);
}

function number(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (!raw) return fallback;
  if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) < min)
    throw new Error(`${name} must be a whole number from ${min}, not "${raw}".`);
  return Number(raw.trim());
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (!raw) return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0, not "${raw}".`);
}

function mailFrom(env: Env): MailSettings {
  const driver = choose(env, 'MAIL_DRIVER', ['sandbox', 'smtp'] as const, env.SMTP_HOST ? 'smtp' : 'sandbox');
  if (driver === 'sandbox') return { driver };
  need(env, 'MAIL_DRIVER=smtp', ['SMTP_HOST', 'MAIL_FROM']);
  if (!env.SMTP_USER !== !env.SMTP_PASSWORD)
    throw new Error('SMTP_USER and SMTP_PASSWORD go together: set both or neither.');
  const port = number(env, 'SMTP_PORT', 587, 1);
  const secure = flag(env, 'SMTP_SECURE', port === 465);
  return {
    driver,
    host: env.SMTP_HOST!,
    port,
    secure,
    requireTls: !secure && flag(env, 'SMTP_TLS', true),
    user: env.SMTP_USER || undefined,
    password: env.SMTP_PASSWORD || undefined,
    from: env.MAIL_FROM!,
  };
}

function smsFrom(env: Env): SmsSettings {
  const driver = choose(env, 'SMS_DRIVER', ['sandbox', 'smsc'] as const, env.SMSC_LOGIN ? 'smsc' : 'sandbox');
  if (driver === 'sandbox') return { driver };
  need(env, 'SMS_DRIVER=smsc', ['SMSC_LOGIN', 'SMSC_PASSWORD']);
  return {
    driver,
    url: (env.SMSC_URL || 'https://smsc.ru').replace(/\/+$/, ''),
    login: env.SMSC_LOGIN!,
    password: env.SMSC_PASSWORD!,
    sender: env.SMSC_SENDER || undefined,
  };
}

function paymentsFrom(env: Env): PaymentsSettings {
  const implied = env.YOOKASSA_SHOP_ID ? 'yookassa' : 'sandbox';
  const driver = choose(env, 'PAYMENTS_DRIVER', ['sandbox', 'yookassa'] as const, implied);
  if (driver === 'sandbox') return { driver };
  need(env, 'PAYMENTS_DRIVER=yookassa', ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY']);
  const receipts = flag(env, 'YOOKASSA_RECEIPTS', false);
  if (!receipts && (env.YOOKASSA_VAT_CODE || env.YOOKASSA_TAX_SYSTEM_CODE))
    throw new Error('YOOKASSA_VAT_CODE and YOOKASSA_TAX_SYSTEM_CODE are used only with YOOKASSA_RECEIPTS=1.');
  return {
    driver,
    url: (env.YOOKASSA_URL || 'https://api.yookassa.ru/v3').replace(/\/+$/, ''),
    shopId: env.YOOKASSA_SHOP_ID!,
    secretKey: env.YOOKASSA_SECRET_KEY!,
    receipts: receipts
      ? {
          vatCode: number(env, 'YOOKASSA_VAT_CODE', 1, 1),
          taxSystemCode: env.YOOKASSA_TAX_SYSTEM_CODE
            ? number(env, 'YOOKASSA_TAX_SYSTEM_CODE', 1, 1)
            : undefined,
        }
      : undefined,
  };
}

/**
 * Google's issuer is fixed; Yandex's and VK's OpenID endpoints are named by the operator
 * (docs/deliveries.md).
 */
const DEFAULT_ISSUERS: Partial<Record<string, string>> = { google: 'https://accounts.google.com' };

function socialFrom(env: Env): SocialSettings {
  const driver = choose(env, 'SOCIAL_DRIVER', ['sandbox', 'oidc'] as const, 'sandbox');
  if (driver === 'sandbox') return { driver };
  const networks: Extract<SocialSettings, { driver: 'oidc' }>['networks'] = {};
  for (const network of ['vk', 'yandex', 'google'] as const) {
    const prefix = `SOCIAL_${network.toUpperCase()}_`;
    const names = ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'].map((n) => prefix + n);
    const issuer = env[`${prefix}ISSUER`] || DEFAULT_ISSUERS[network];
    const given = names.filter((n) => env[n]);
    if (!given.length) continue;
    need({ ...env, [`${prefix}ISSUER`]: issuer }, `SOCIAL_DRIVER=oidc for ${network}`, names);
    networks[network] = {
      issuer: issuer!.replace(/\/+$/, ''),
      clientId: env[`${prefix}CLIENT_ID`]!,
      clientSecret: env[`${prefix}CLIENT_SECRET`]!,
    };
  }
  if (!Object.keys(networks).length)
    throw new Error(
      'SOCIAL_DRIVER=oidc needs at least one network: SOCIAL_GOOGLE_CLIENT_ID and SOCIAL_GOOGLE_CLIENT_SECRET, or the same of YANDEX or VK with its SOCIAL_…_ISSUER.',
    );
  return { driver, networks };
}

export function deliveryFrom(env: Env): DeliverySettings {
  return {
    mail: mailFrom(env),
    sms: smsFrom(env),
    payments: paymentsFrom(env),
    social: socialFrom(env),
    outbox: {
      sendTimeoutMs: number(env, 'OUTBOX_SEND_TIMEOUT_MS', SANDBOX_DELIVERY.outbox.sendTimeoutMs, 1000),
    },
  };
}
