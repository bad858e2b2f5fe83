import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { StorageConfig } from './storage/storage';
import { deliveryFrom, SANDBOX_DELIVERY, type DeliverySettings } from './delivery/settings';
import webpush from 'web-push';
import { loadPushSettings, type PushSettings } from './delivery/push';
import { DB_TIMEOUTS, type DbTimeouts } from './db/timeouts';
import type { DbPooler } from './db/client';
import { SHEDDING, type SheddingSettings } from './ops/shedding';

/** Everything the server reads from its environment, in one place (docs/operations.md "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches from embedded PGlite to a real PostgreSQL pool. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself, past a pooler, for the migrations and the LISTEN connection (default
   * DATABASE_URL; required with DATABASE_POOLER).
   */
  databaseDirectUrl: string | undefined;
  /** DATABASE_POOLER=pgbouncer: DATABASE_URL goes through PgBouncer in transaction mode (docs/operations.md). */
  databasePooler: DbPooler | undefined;
  /**
   * PGlite's shared_buffers (PostgreSQL's page cache). PGlite keeps all of it resident, so it is most of the
   * server's memory: 16MB holds a cabinet's working set (10 000 orders with their chats are a few MB); pages beyond it are read from the OS file cache.
   */
  pgliteSharedBuffers: string;
  /** PostgreSQL's waits (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  dbTimeouts: DbTimeouts;
  /** Load shedding (SHED_LOAD, SHED_MAX_ANONYMOUS, SHED_MAX_IN_FLIGHT, SHED_RESERVE, SHED_MAX_LAG_MS; docs/faults.md). */
  shedding: SheddingSettings;
  /** HMAC key for access tokens (HS256). Generated once per DATA_DIR when JWT_SECRET is not set. */
  jwtSecret: Uint8Array;
  /**
   * STAFF_TOKEN: the bootstrap API key of the staff API, with every role (docs/staff.md). Unset by default: a fresh
   * server's staff API is closed until a staff person or an API key exists.
   */
  staffToken: string | undefined;
  /** The origin the browser uses; WebSocket Origin checks and links in e-mails are built from it. */
  publicOrigin: string;
  /** Access token lifetime in seconds (spec point 9: 300). */
  accessTokenTtl: number;
  /** Seed the demo customer on an empty database. */
  seedDemo: boolean;
  /** Directory of the built SPA; served when it exists. */
  staticDir: string;
  /**
   * Proxies in front of the server whose X-Forwarded-For entries are believed (TRUST_PROXY): 0 uses the socket's
   * address; n takes the address the n-th proxy saw (the n-th entry from the right).
   */
  trustProxy: number;
  /** pino's level (LOG_LEVEL): 'info' by default, 'silent' under Vitest. */
  logLevel: LogLevel;
  /** How long a SIGTERM waits for requests in flight and sockets closing before it cuts them (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Port of the Prometheus endpoint (METRICS_PORT; unset: no metrics); never the public port (docs/operations.md). */
  metricsPort: number | undefined;
  /** Interface of the metrics port (METRICS_HOST, by default HOST). */
  metricsHost: string;
  /** Where uploaded files and avatars live: `fs` under DATA_DIR, or an S3 bucket (docs/architecture.md). */
  storage: StorageConfig;
  /** Which driver delivers mail, SMS, payments and social sign-in, and the outbox's tries (docs/deliveries.md). */
  delivery: DeliverySettings;
  /** A Yandex Metrica counter's id (YANDEX_METRICA_ID); unset: no counter loads and its origin stays out of the CSP. */
  yandexMetricaId?: number | undefined;
  /** At most one chat letter per order per this many seconds (NOTIFY_BATCH_SECONDS; docs/notifications.md). */
  notifyBatchSeconds: number;
  /** Web Push's VAPID keys (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else kept in DATA_DIR) and contact (VAPID_SUBJECT). */
  push: PushSettings;
  /**
   * TEST_HOOKS=1 (e2e servers only): staff calls that make demo customers, run jobs ahead of time (docs/security.md,
   * Privacy) and set the server's clock (docs/notifications.md, Tests). Never in production.
   */
  testHooks: boolean;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function secretFrom(dataDir: string, envValue: string | undefined): Uint8Array {
  if (envValue) return new TextEncoder().encode(envValue);
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Values of STAFF_TOKEN this repository once shipped as defaults or in its tests: known to anyone who read it. */
export const SHIPPED_STAFF_TOKENS = [
  'dev-staff-token',
  'test-staff-token',
  'e2e-staff-token',
  'bench-staff-token',
] as const;
export const STAFF_TOKEN_MIN_LENGTH = 32;

/** STAFF_TOKEN when set: refused at start when short or once shipped, with what to do instead. */
export function bootstrapToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const fix =
    'Generate a long random one (openssl rand -base64 36), or leave STAFF_TOKEN unset and create a staff person ' +
    '(npm run staff -- add <login> --role admin) or an API key (docs/staff.md).';
  if ((SHIPPED_STAFF_TOKENS as readonly string[]).includes(value))
    throw new Error(
      `STAFF_TOKEN is "${value}", a value this repository once shipped: anyone can know it. ${fix}`,
    );
  if (value.length < STAFF_TOKEN_MIN_LENGTH)
    throw new Error(
      `STAFF_TOKEN has ${value.length} characters; it opens the whole staff API, so it needs at least ${STAFF_TOKEN_MIN_LENGTH}. ${fix}`,
    );
  return value;
}

const TEST_STAFF_TOKEN = `test-bootstrap-${randomBytes(24).toString('base64url')}`;

function sharedBuffers(value = '16MB'): string {
  if (!/^\d{1,6}(kB|MB|GB)$/.test(value))
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 32MB or 512kB, not "${value}".`);
  return value;
}

function proxyHops(value = '0'): number {
  if (!/^\d{1,2}$/.test(value.trim()))
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2 …), not "${value}".`,
    );
  return Number(value.trim());
}

function logLevel(value: string | undefined, underTest: boolean): LogLevel {
  const level = value || (underTest ? 'silent' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${level}".`);
  return level as LogLevel;
}

function whole(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (!/^\d{1,9}$/.test(value.trim())) throw new Error(`${name} must be a whole number, not "${value}".`);
  return Number(value.trim());
}

function yesNo(name: string, value = ''): boolean {
  if (['', '0', 'false'].includes(value)) return false;
  if (['1', 'true'].includes(value)) return true;
  throw new Error(`${name} must be 1 or 0, not "${value}".`);
}

/**
 * DATABASE_POOLER=pgbouncer (PgBouncer in transaction mode on DATABASE_URL) needs DATABASE_DIRECT_URL, as LISTEN
 * and the migrations' lock cannot pass it. DATABASE_POOLER_PREPARED=1 keeps named statements: only PgBouncer
 * >= 1.21 with max_prepared_statements > 0 carries them between its server connections.
 */
export function poolerFrom(env: NodeJS.ProcessEnv): DbPooler | undefined {
  const kind = env.DATABASE_POOLER?.trim() ?? '';
  const preparedStatements = yesNo('DATABASE_POOLER_PREPARED', env.DATABASE_POOLER_PREPARED?.trim());
  if (kind === '' || kind === 'none') {
    if (preparedStatements) throw new Error('DATABASE_POOLER_PREPARED is set without DATABASE_POOLER.');
    return undefined;
  }
  if (kind !== 'pgbouncer') throw new Error(`DATABASE_POOLER must be pgbouncer or none, not "${kind}".`);
  if (!env.DATABASE_URL || !env.DATABASE_DIRECT_URL)
    throw new Error(
      'DATABASE_POOLER=pgbouncer needs DATABASE_URL (through PgBouncer) and DATABASE_DIRECT_URL (PostgreSQL ' +
        'itself, for LISTEN and the migrations): docs/operations.md "PgBouncer".',
    );
  return { kind, preparedStatements };
}

/** STORAGE_DRIVER says which; unset, S3_BUCKET alone chooses s3. */
function storageFrom(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = env.STORAGE_DRIVER || (env.S3_BUCKET ? 's3' : 'fs');
  if (driver === 'fs') return { driver };
  if (driver !== 's3') throw new Error(`STORAGE_DRIVER must be fs or s3, not "${driver}".`);
  if (!env.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET.');
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither.');
  return {
    driver,
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: yesNo('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || undefined,
    databasePooler: poolerFrom(env),
    pgliteSharedBuffers: sharedBuffers(env.PGLITE_SHARED_BUFFERS),
    dbTimeouts: {
      connectMs: whole('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS) ?? DB_TIMEOUTS.connectMs,
      statementMs: whole('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS) ?? DB_TIMEOUTS.statementMs,
      idleInTransactionMs:
        whole('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS) ??
        DB_TIMEOUTS.idleInTransactionMs,
    },
    shedding: {
      enabled: yesNo('SHED_LOAD', env.SHED_LOAD?.trim() || '1'),
      maxAnonymous: whole('SHED_MAX_ANONYMOUS', env.SHED_MAX_ANONYMOUS) ?? SHEDDING.maxAnonymous,
      maxInFlight: whole('SHED_MAX_IN_FLIGHT', env.SHED_MAX_IN_FLIGHT) ?? SHEDDING.maxInFlight,
      reserve: whole('SHED_RESERVE', env.SHED_RESERVE) ?? SHEDDING.reserve,
      maxLagMs: whole('SHED_MAX_LAG_MS', env.SHED_MAX_LAG_MS) ?? SHEDDING.maxLagMs,
    },
    jwtSecret: secretFrom(dataDir, env.JWT_SECRET),
    staffToken: bootstrapToken(env.STAFF_TOKEN),
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 300),
    seedDemo: env.SEED_DEMO !== '0',
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    trustProxy: proxyHops(env.TRUST_PROXY || undefined),
    logLevel: logLevel(env.LOG_LEVEL, Boolean(env.VITEST)),
    shutdownTimeoutMs: whole('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS) ?? 10_000,
    metricsPort: whole('METRICS_PORT', env.METRICS_PORT),
    metricsHost: env.METRICS_HOST || (env.HOST ?? '0.0.0.0'),
    storage: storageFrom(env),
    delivery: deliveryFrom(env),
    yandexMetricaId: whole('YANDEX_METRICA_ID', env.YANDEX_METRICA_ID),
    notifyBatchSeconds: whole('NOTIFY_BATCH_SECONDS', env.NOTIFY_BATCH_SECONDS) ?? 900,
    push: loadPushSettings(dataDir, env, env.PUBLIC_ORIGIN ?? `http://localhost:${port}`),
    testHooks: env.TEST_HOOKS === '1',
  };
}

/** One VAPID key pair for every testConfig() of a test file, made on first use: not one per app a test makes. */
let testVapidKeys: { publicKey: string; privateKey: string } | undefined;

/** A config for tests: fixed secrets, nothing read from disk. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: resolve('./data/test'),
    databaseUrl: undefined,
    databaseDirectUrl: undefined,
    databasePooler: undefined,
    pgliteSharedBuffers: '16MB',
    dbTimeouts: DB_TIMEOUTS,
    // Off: a busy test machine's stalls are not overload; tests/server/load-shedding.test.ts turns it on.
    shedding: { ...SHEDDING, enabled: false },
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
    // A long random bootstrap key per test process: no test leans on a value anyone knows.
    staffToken: TEST_STAFF_TOKEN,
    publicOrigin: 'http://localhost:3000',
    accessTokenTtl: 300,
    seedDemo: false,
    staticDir: resolve('./dist'),
    trustProxy: 0,
    logLevel: 'silent',
    shutdownTimeoutMs: 5_000,
    metricsPort: undefined,
    metricsHost: '127.0.0.1',
    storage: { driver: 'fs' },
    delivery: SANDBOX_DELIVERY,
    notifyBatchSeconds: 900,
    push: { ...(testVapidKeys ??= webpush.generateVAPIDKeys()), subject: 'mailto:push@cabinet.test' },
    testHooks: false,
    ...overrides,
  };
}
