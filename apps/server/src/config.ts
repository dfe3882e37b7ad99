import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

// Every environment variable the server reads, parsed once. Defaults give a working
// single-machine product with no configuration (embedded PostgreSQL, files under ./data).
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_DIRECT_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Ridgeline <no-reply@ridgeline.local>'),
  TRUSTED_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // GET /metrics (Prometheus text) on the app's port answers only with `Authorization: Bearer
  // <METRICS_TOKEN>`; METRICS_PORT serves it on a port of its own instead, without a token, on
  // METRICS_HOST: loopback unless set (HOST is every interface by default, and the metrics must
  // not be). With neither, no metrics are served.
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  AUTH_IP_LIMIT: z.coerce.number().int().positive().default(50),
  SERVE_WEB: z.enum(['true', 'false']).default('true'),
  API_WRITE_LIMIT: z.coerce.number().int().positive().default(600),
  CSP_REPORT_LIMIT: z.coerce.number().int().positive().default(60),
  FRAME_ANCESTORS: z
    .string()
    .regex(/^[\w\s,.:/*-]*$/, 'origins separated by spaces or commas')
    .default(''),
  // Slow clients: a phone on a bad network sends its headers (a few KB) well within 20 s, and a
  // 5 MB upload at slow-3G speed (about 400 kbit/s, some 105 s) within 150 s.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(150_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  // On SIGTERM the server stops taking connections and gives requests in flight (an upload) and jobs
  // being worked this long to finish; then it closes what is left.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  // The database pool: a request waits at most DATABASE_POOL_TIMEOUT_MS for a free connection (or a
  // new one to open), then answers 503; each statement of a read that scans a whole company
  // (analytics, CSV exports) is stopped after DATABASE_READ_TIMEOUT_MS (503).
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // The largest file a user may attach to a project (raw upload), in megabytes.
  PROJECT_FILE_MAX_MB: z.coerce.number().int().min(1).max(1024).default(50),
  // Field photos: the largest accepted, and the upload ceiling per user per minute, sized for a rep
  // sending hundreds of photos in minutes after regaining signal (photo uploads do not count against API_WRITE_LIMIT).
  PHOTO_MAX_MB: z.coerce.number().int().min(1).max(1024).default(40),
  PHOTO_UPLOAD_LIMIT: z.coerce.number().int().positive().default(1200),
  // Team chat: the largest attachment (25 MB unless set), the messages a user may post per minute, and
  // the events one realtime socket may send per second (the client keeps to 5; benchmarks raise these).
  CHAT_ATTACHMENT_MAX_MB: z.coerce.number().int().min(1).max(1024).default(25),
  CHAT_MESSAGE_LIMIT: z.coerce.number().int().positive().default(600),
  // Upload quotas, shared by every instance (docs/security.md): the bytes a user may upload per hour
  // (sized for a rep sending several hundred 5-10 MB photos in an hour after regaining signal), a
  // user's feedback screenshots per hour (a few screenshots at most), a company's uploads per hour
  // (several reps syncing at once), and what a company may keep in storage in all.
  UPLOAD_USER_HOURLY_MB: z.coerce.number().int().min(1).max(10_485_760).default(5120),
  FEEDBACK_SCREENSHOT_HOURLY_MB: z.coerce.number().int().min(1).max(10_485_760).default(50),
  UPLOAD_COMPANY_HOURLY_MB: z.coerce.number().int().min(1).max(10_485_760).default(20_480),
  COMPANY_STORAGE_GB: z.coerce.number().int().min(1).max(1_048_576).default(500),
  REALTIME_EVENTS_PER_SECOND: z.coerce.number().int().positive().default(5),
  // The realtime heartbeat: sockets are pinged, and their sessions checked again, this often.
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // Web push: the contact the push services see in the VAPID claims.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https:// URL')
    .default('mailto:push@ridgeline.local'),
  // Web push reaches only push services at public addresses. The test suite's local push service
  // listens on 127.0.0.1: its host:port is listed here by the tests, and only there (refused in production).
  PUSH_TEST_HOSTS: z
    .string()
    .trim()
    .refine((text) => text.split(',').every((item) => isHostAndPort(item.trim())), { message: 'host:port entries separated by commas (127.0.0.1:4100)' })
    .optional(),
  // Invitations: mails a company may send per 24 hours, and an address (client IP) per hour.
  INVITATION_COMPANY_LIMIT: z.coerce.number().int().positive().default(50),
  INVITATION_IP_LIMIT: z.coerce.number().int().positive().default(20),
  // Payments: with a Stripe secret key, plans and credit packs go through Stripe Checkout and the
  // customer portal, and the webhook (signed with the webhook secret) applies them; without one, a
  // labelled test mode completes at once and charges nothing. STRIPE_API_BASE points the official
  // client at another host (the test suite's local Stripe).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'a Stripe secret key (sk_... or rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'a Stripe webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  // Billing's test mode under NODE_ENV=production: refused unless asked for by name, so that a missing
  // key never turns a live deployment into one that gives plans and credits away unnoticed.
  BILLING_TEST_MODE: z.enum(['true', 'false']).default('false'),
  // The assistant's AI provider: any OpenAI-compatible chat-completions endpoint (a hosted service or
  // a self-hosted model). No key: the built-in mode (retrieved passages and claim facts, no generated
  // prose). Each answer waits at most ASSISTANT_TIMEOUT_MS and is retried up to ASSISTANT_MAX_RETRIES
  // times on 429 and 5xx (with backoff); a company gets ASSISTANT_DAILY_LIMIT answers per UTC day
  // unless its owner sets another number.
  ASSISTANT_API_KEY: z.string().min(1).optional(),
  ASSISTANT_BASE_URL: z.string().url().optional(),
  ASSISTANT_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  ASSISTANT_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  ASSISTANT_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(200),
  // Which reverse proxies may say who the client is (X-Forwarded-For) and whether it used HTTPS
  // (X-Forwarded-Proto): a number of hops, or addresses and CIDR ranges (or "loopback"). Unset: none.
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((text) => (/^\d+$/.test(text) ? Number(text) >= 1 && Number(text) <= 10 : text.split(',').every((item) => isProxyAddress(item.trim()))), {
      message: 'a number of hops (1-10), or addresses and CIDR ranges separated by commas, or "loopback"',
    })
    .optional(),
  // Where uploaded files live: local disk under DATA_DIR/storage (the default), or an S3-compatible
  // bucket (AWS S3, MinIO, R2, ...), each product bucket a key prefix in it. S3 needs the bucket and
  // region; S3_ENDPOINT for a server other than AWS; the keys both or neither (neither: the SDK's
  // credential chain, e.g. an instance role); S3_FORCE_PATH_STYLE=true for MinIO and most others.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'a region name (us-east-1)')
    .optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
});

const MB = 1024 * 1024;

/** One TRUST_PROXY entry: "loopback", an IP address, or a CIDR range. */
function isProxyAddress(item: string): boolean {
  if (item === 'loopback') return true;
  const [address = '', bits, extra] = item.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** One PUSH_TEST_HOSTS entry: a host and its port, as a URL's host writes them (127.0.0.1:4100, [::1]:4100). */
function isHostAndPort(item: string): boolean {
  try {
    const url = new URL(`http://${item}`);
    return url.host === item.toLowerCase() && url.port !== '' && url.pathname === '/' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Reverse proxies trusted for forwarded headers: the nearest `hops` of any address, or those listed. */
export type TrustProxy = { hops: number } | { addresses: string[] };

/** An S3-compatible bucket's settings (config's storage with driver 's3'; infra/storage/s3.ts builds its client from them). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, R2, ...); null: AWS's own endpoint for the region. */
  endpoint: string | null;
  /** Both or neither; neither: the SDK's default credential chain (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** bucket in the path (http://host/bucket/key), which MinIO and most S3-compatible servers need. */
  forcePathStyle: boolean;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The storage driver: local disk under dataDir/storage, or an S3-compatible bucket. */
  storage: { driver: 'local' } | ({ driver: 's3' } & S3Settings);
  databaseUrl: string | undefined;
  databaseDirectUrl: string | undefined;
  publicUrl: string;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustedOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where GET /metrics is served: behind a bearer token on the app's port, on a port of its own, or not at all. */
  /** The metrics port listens on `host` (loopback by default), never on HOST. */
  metrics: { token: string | null; port: number | null; host: string };
  authIpLimit: number;
  serveWeb: boolean;
  /** Writes (POST/PUT/PATCH/DELETE) per client IP per minute, shared by every instance. */
  apiWriteLimit: number;
  /** CSP violation reports per client IP per minute. */
  cspReportLimit: number;
  /** Extra origins allowed to frame the app (CSP frame-ancestors), besides the app itself. */
  frameAncestors: string[];
  /** Node HTTP server limits on slow or idle clients (docs/security.md). */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number; shutdownMs: number };
  /** The wait for a pool connection, and the statement timeout of reads that scan a whole company (docs/security.md). */
  databaseTimeouts: { poolMs: number; readMs: number };
  /** Null: no proxy is trusted, the client is the socket's peer and forwarded headers are ignored. */
  trustProxy: TrustProxy | null;
  /** The largest file attached to a project, in megabytes. */
  projectFileMaxMb: number;
  /** The largest field photo, in megabytes. */
  photoMaxMb: number;
  /** Photo uploads per user per minute, shared by every instance. */
  photoUploadLimit: number;
  chat: { attachmentMaxMb: number; messageLimit: number; realtimeEventsPerSecond: number; realtimeHeartbeatMs: number };
  /** Upload quotas in bytes: per user per hour (files; feedback screenshots apart), per company per hour, and a company's storage total. */
  uploadQuota: { userHourlyBytes: number; screenshotHourlyBytes: number; companyHourlyBytes: number; companyStorageBytes: number };
  vapidSubject: string;
  /**
   * Where web push may be sent: public addresses only; plain http outside production; and the hosts
   * (host:port) listed for the test suite's local push service, whatever their address.
   */
  pushEndpoints: { allowHttp: boolean; testHosts: string[] };
  /** Invitations a company may send per 24 hours, and a client IP per hour, shared by every instance. */
  invitationLimits: { perCompanyPerDay: number; perIpPerHour: number };
  /** Null: test mode (no key). */
  stripe: { secretKey: string; webhookSecret: string | null; apiBase: string | null } | null;
  /** Billing runs in test mode (no Stripe key): plans and credits complete at once and nothing is charged. */
  billingTestMode: boolean;
  /** The assistant: its provider (null: built-in answers only) and a company's answers per UTC day by default. */
  assistant: {
    provider: { apiKey: string; baseUrl: string | null; model: string; timeoutMs: number; maxRetries: number } | null;
    dailyLimit: number;
  };
};

/** Written at every start of a production server in billing's test mode (BILLING_TEST_MODE=true). */
export const BILLING_TEST_MODE_WARNING =
  'BILLING TEST MODE IN PRODUCTION: no Stripe key is set, so plans and credit packs complete at once and nothing is charged (BILLING_TEST_MODE=true). Set STRIPE_SECRET_KEY to take payments.';

/** Parses the environment (or overrides from tests) into the server's configuration. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (FOO=) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const env = parsed.data;
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS (the headers are part of the request)');
  }
  if (env.PUSH_TEST_HOSTS && env.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  PUSH_TEST_HOSTS: only for the test suite; it is refused when NODE_ENV=production');
  }
  // Production takes payments through Stripe; its test mode runs there only when asked for by name.
  // Asking for test mode while giving a key is refused too: the two say opposite things.
  const billingTestMode = env.BILLING_TEST_MODE === 'true';
  if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !billingTestMode) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: required in production (NODE_ENV=production). To run billing in test mode there, charging nothing, set BILLING_TEST_MODE=true.',
    );
  }
  if (billingTestMode && env.STRIPE_SECRET_KEY) {
    throw new Error(
      'Invalid configuration:\n  BILLING_TEST_MODE: must not be true while STRIPE_SECRET_KEY is set (test mode charges nothing; the key takes payments). Remove one.',
    );
  }
  const storage = storageConfig(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    storage,
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    publicUrl,
    authSecret: env.BETTER_AUTH_SECRET,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    trustedOrigins: env.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL,
    metrics: { token: env.METRICS_TOKEN ?? null, port: env.METRICS_PORT ?? null, host: env.METRICS_HOST },
    authIpLimit: env.AUTH_IP_LIMIT,
    serveWeb: env.SERVE_WEB === 'true',
    apiWriteLimit: env.API_WRITE_LIMIT,
    cspReportLimit: env.CSP_REPORT_LIMIT,
    frameAncestors: env.FRAME_ANCESTORS.split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    timeouts: {
      headersMs: env.HEADERS_TIMEOUT_MS,
      requestMs: env.REQUEST_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
      shutdownMs: env.SHUTDOWN_TIMEOUT_MS,
    },
    databaseTimeouts: { poolMs: env.DATABASE_POOL_TIMEOUT_MS, readMs: env.DATABASE_READ_TIMEOUT_MS },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    projectFileMaxMb: env.PROJECT_FILE_MAX_MB,
    photoMaxMb: env.PHOTO_MAX_MB,
    photoUploadLimit: env.PHOTO_UPLOAD_LIMIT,
    uploadQuota: {
      userHourlyBytes: env.UPLOAD_USER_HOURLY_MB * MB,
      screenshotHourlyBytes: env.FEEDBACK_SCREENSHOT_HOURLY_MB * MB,
      companyHourlyBytes: env.UPLOAD_COMPANY_HOURLY_MB * MB,
      companyStorageBytes: env.COMPANY_STORAGE_GB * 1024 * MB,
    },
    chat: {
      attachmentMaxMb: env.CHAT_ATTACHMENT_MAX_MB,
      messageLimit: env.CHAT_MESSAGE_LIMIT,
      realtimeEventsPerSecond: env.REALTIME_EVENTS_PER_SECOND,
      realtimeHeartbeatMs: env.REALTIME_HEARTBEAT_MS,
    },
    vapidSubject: env.VAPID_SUBJECT,
    pushEndpoints: {
      allowHttp: env.NODE_ENV !== 'production',
      testHosts: (env.PUSH_TEST_HOSTS ?? '')
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    },
    invitationLimits: { perCompanyPerDay: env.INVITATION_COMPANY_LIMIT, perIpPerHour: env.INVITATION_IP_LIMIT },
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null, apiBase: env.STRIPE_API_BASE ?? null }
      : null,
    billingTestMode: !env.STRIPE_SECRET_KEY,
    assistant: {
      provider: env.ASSISTANT_API_KEY
        ? {
            apiKey: env.ASSISTANT_API_KEY,
            baseUrl: env.ASSISTANT_BASE_URL ?? null,
            model: env.ASSISTANT_MODEL,
            timeoutMs: env.ASSISTANT_TIMEOUT_MS,
            maxRetries: env.ASSISTANT_MAX_RETRIES,
          }
        : null,
      dailyLimit: env.ASSISTANT_DAILY_LIMIT,
    },
  };
}

function storageConfig(env: z.infer<typeof envSchema>): Config['storage'] {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local' };
  const missing = (['S3_BUCKET', 'S3_REGION'] as const).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when STORAGE_DRIVER=s3`).join('\n')}`);
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid configuration:\n  S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK's credential chain)");
  }
  return {
    driver: 's3',
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION ?? '',
    endpoint: env.S3_ENDPOINT ?? null,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  return {
    addresses: value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  };
}
