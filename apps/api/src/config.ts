import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import proxyAddr from "@fastify/proxy-addr";
import { localPublicUrl, parsePublicUrl } from "@marquee/contracts/origin";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { z } from "zod";
import { ConfigError } from "./config-errors.ts";
import { gatewayEnvOf, resolvePayment, type StoredPaymentSettings } from "./config-payment.ts";
import { storageOf } from "./config-storage.ts";

export { ConfigError } from "./config-errors.ts";
export {
  CCBILL_DATALINK_URL,
  CCBILL_WEBHOOK_RANGES,
  GatewayConfigError,
  type PaymentConfig,
  resolvePayment,
  type StoredPaymentSettings,
} from "./config-payment.ts";
export type { StorageSettings } from "./config-storage.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const list = z.string().transform((s) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean),
);

/** Milliseconds; at least 100, as a timeout that fires during a normal request is a misconfiguration. */
const ms = z.coerce.number().int().min(100);

/** Every environment variable the API reads, with its default. The README's table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Marquee <no-reply@marquee.local>"),
  // The address members open; mail links use it. Required in production (see publicUrlOf).
  PUBLIC_URL: z.string().optional(),
  WEB_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MEDIA_DIR: z.string().optional(),
  // Object storage (storageOf): STORAGE=s3, or inferred from S3_BUCKET.
  STORAGE: z.enum(["disk", "s3"]).optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  S3_PUBLIC_BASE_URL: z.string().optional(),
  // The internal location of the proxy in front that serves MEDIA_DIR (platform/media/handoff.ts), e.g. /_media/.
  MEDIA_ACCEL_REDIRECT: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .regex(
        /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)+$/,
        "expected a path that starts and ends with /, such as /_media/",
      )
      .optional(),
  ),
  // How long the server in front may reuse the API's hand-off of a media file (X-Accel-Expires); 0: never.
  MEDIA_HANDOFF_CACHE_SEC: z.coerce.number().int().min(0).max(600).default(5),
  TRUSTED_PROXIES: list.default(["loopback"]),
  GEOIP_DB: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
  UPLOAD_IMAGE_MAX_MB: z.coerce.number().positive().default(DEFAULT_IMAGE_MAX_MB),
  UPLOAD_VIDEO_MAX_MB: z.coerce.number().positive().default(2048),
  /** The largest digital product file a performer may upload. */
  UPLOAD_PRODUCT_FILE_MAX_MB: z.coerce.number().positive().default(1024),
  /** How long a digital product's download link works (short: a link shared on is soon dead). */
  PRODUCT_DOWNLOAD_TTL_SEC: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(300),
  MEDIA_SECRET: z.string().min(16, "use at least 16 characters").optional(),
  // Encrypts the two-factor (TOTP) secrets and the payout details at rest; unset: one generated in DATA_DIR (see
  // twoFactorKeyOf).
  TWO_FACTOR_SECRET: z.string().min(16, "use at least 16 characters").optional(),
  // Admins must turn on two-factor sign-in before any admin route answers (issue 22). Only for a site's first setup.
  ADMIN_2FA_REQUIRED: z.enum(["true", "false"]).default("true"),
  MEDIA_URL_TTL_SEC: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(21600),
  MEDIA_SEGMENT_TTL_SEC: z.coerce.number().int().min(10).max(3600).default(300),
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  // The demo's long full-HD movies (seed/features.ts): minutes of transcoding on a first start; `npm start` asks.
  SEED_DEMO_FEATURES: z.enum(["true", "false"]).default("false"),
  // Where the heavy media jobs run (transcodes, teasers): media workers, or this API process.
  MEDIA_JOBS: z.enum(["worker", "inline"]).default("worker"),
  // How long a job may run; a job whose process died is retried once it is over (pg-boss's expiry).
  JOBS_LEASE_SEC: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 3600)
    .default(4 * 3600),
  // How long a media worker told to stop waits for its job to end before giving it back to the queue.
  WORKER_STOP_GRACE_SEC: z.coerce.number().int().min(1).max(3600).default(5),
  // On the embedded database: how long the media worker the API forks on demand stays without work before it exits;
  // 0 keeps it running from the start, as before.
  MEDIA_WORKER_IDLE_SEC: z.coerce.number().int().min(0).max(86_400).default(300),
  // The payment gateway (DESIGN section 6). See paymentGatewayOf: production must name it.
  PAYMENT_GATEWAY: z.enum(["sandbox", "stripe", "ccbill"]).optional(),
  // Stripe (PAYMENT_GATEWAY=stripe): see stripeOf. STRIPE_API_BASE points the SDK at another server (tests).
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().optional(),
  // CCBill (PAYMENT_GATEWAY=ccbill): see ccbillOf.
  CCBILL_ACCOUNT: z.string().optional(),
  CCBILL_SUBACCOUNT: z.string().optional(),
  CCBILL_FLEXFORM_ID: z.string().optional(),
  CCBILL_SALT: z.string().optional(),
  CCBILL_WEBHOOK_SECRET: z.string().optional(),
  CCBILL_WEBHOOK_IPS: list.optional(),
  CCBILL_DATALINK_USERNAME: z.string().optional(),
  CCBILL_DATALINK_PASSWORD: z.string().optional(),
  CCBILL_DATALINK_URL: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Slow and silent clients (platform/connections.ts says what each one bounds).
  API_HEADERS_TIMEOUT_MS: ms.max(600_000).default(20_000),
  // 2 GB (the largest default upload) in 4 hours needs a little more than 1.2 Mbit/s.
  API_REQUEST_TIMEOUT_MS: ms.max(24 * 3600_000).default(4 * 3600_000),
  API_IDLE_TIMEOUT_MS: ms.max(3600_000).default(60_000),
  // Fastify's default: longer than the 60 s idle timeout of common load balancers, so they close first.
  API_KEEP_ALIVE_TIMEOUT_MS: ms.max(600_000).default(72_000),
  // How long the public movie list's answer to a visitor (no session) is reused for the same query; 0: never.
  API_LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  API_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(64),
  API_CONNECTION_CAP_EXEMPT: list.optional(),
});

/**
 * PUBLIC_URL as an origin. Unset in production is an error rather than a guess: a localhost default would send every
 * password-reset and verification mail with a dead link, and deriving it from a request's Host header would let
 * anyone who can reach the server choose the host of the reset links it mails (host-header injection). Unset
 * elsewhere: the web server on this machine, `http://localhost:${WEB_PORT}`.
 */
function publicUrlOf(
  e: { NODE_ENV: string; PUBLIC_URL?: string; WEB_PORT?: number },
  env: Record<string, string | undefined>,
): string {
  const raw = e.PUBLIC_URL?.trim();
  if (!raw) {
    if (e.NODE_ENV === "production") {
      throw new ConfigError(env, [
        {
          name: "PUBLIC_URL",
          message:
            "required when NODE_ENV=production: the address members open, e.g. PUBLIC_URL=https://fans.example.com; links in mails use it",
        },
      ]);
    }
    return localPublicUrl({ WEB_PORT: e.WEB_PORT?.toString() });
  }
  const parsed = parsePublicUrl(raw);
  if ("error" in parsed) throw new ConfigError(env, [{ name: "PUBLIC_URL", message: parsed.error }]);
  return parsed.url;
}

export type BaseConfig = ReturnType<typeof loadBaseConfig>;

/**
 * Everything the API reads from the environment but the payment gateway, whose settings may also be stored in the
 * database (resolvePayment): what a start needs before the database is open, and what the command-line tools need.
 */
export function loadBaseConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => ({ name: String(i.path[0] ?? "?"), message: i.message }));
    throw new ConfigError(env, problems);
  }
  const e = parsed.data;
  if (e.API_HEADERS_TIMEOUT_MS > e.API_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(env, [
      { name: "API_HEADERS_TIMEOUT_MS", message: "must not be longer than API_REQUEST_TIMEOUT_MS" },
    ]);
  }
  for (const [name, addresses] of [
    ["TRUSTED_PROXIES", e.TRUSTED_PROXIES],
    ["API_CONNECTION_CAP_EXEMPT", e.API_CONNECTION_CAP_EXEMPT ?? []],
  ] as const) {
    try {
      proxyAddr.compile([...addresses]);
    } catch (err) {
      throw new ConfigError(env, [{ name, message: (err as Error).message }]);
    }
  }
  const publicUrl = publicUrlOf(e, env);
  // Without DATA_DIR, `./data` of the repository, wherever the command runs from (npm start, npm run seed).
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(repoRoot, "data");
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === "production",
    host: e.HOST,
    port: e.API_PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** The site's public origin (`https://fans.example.com`), for links that leave the site: mails. */
    publicUrl,
    /** The payment gateway's variables set in the environment: they win over the admin settings (resolvePayment). */
    gatewayEnv: gatewayEnvOf(env),
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, "media")),
    /** Where files live (disk: `mediaDir`; S3: the bucket, with the scratch folder in `mediaDir`). */
    storage: storageOf(e, env),
    /** Set: every media file that passes its checks is handed to the proxy in front (`X-Accel-Redirect`). */
    mediaAccelRedirect: e.MEDIA_ACCEL_REDIRECT ?? null,
    /** The longest a hand-off may be reused by the server in front without asking again (X-Accel-Expires). */
    mediaHandoffCacheSec: e.MEDIA_HANDOFF_CACHE_SEC,
    /** How long a visitor's answer of the public movie list is reused for the same query (0: never). */
    listCacheMs: e.API_LIST_CACHE_MS,
    trustedProxies: e.TRUSTED_PROXIES,
    geoipDb: e.GEOIP_DB,
    recaptcha: { secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL },
    uploadImageMaxBytes: Math.round(e.UPLOAD_IMAGE_MAX_MB * 1024 * 1024),
    uploadVideoMaxBytes: Math.round(e.UPLOAD_VIDEO_MAX_MB * 1024 * 1024),
    uploadProductFileMaxBytes: Math.round(e.UPLOAD_PRODUCT_FILE_MAX_MB * 1024 * 1024),
    productDownloadTtlSec: e.PRODUCT_DOWNLOAD_TTL_SEC,
    /** Signs private media URLs; unset: see `mediaSecretOf`. */
    mediaSecret: e.MEDIA_SECRET,
    mediaUrlTtlSec: e.MEDIA_URL_TTL_SEC,
    /** Encrypts the TOTP secrets at rest; unset: see `twoFactorKeyOf`. */
    twoFactorSecret: e.TWO_FACTOR_SECRET,
    /** Admin routes answer 403 TwoFactorRequired to an admin without two-factor sign-in. */
    adminTwoFactorRequired: e.ADMIN_2FA_REQUIRED === "true",
    /**
     * `worker`: the heavy media jobs run only in media workers (`npm run worker`; on the embedded database the API
     * forks one), never in this process, which then spawns no ffmpeg. `inline`: this process runs them too.
     */
    mediaJobs: e.MEDIA_JOBS,
    jobsLeaseSec: e.JOBS_LEASE_SEC,
    /**
     * On the embedded database the API forks its media worker when a heavy job is queued, and the worker exits after
     * this many seconds without one; 0: forked at start and kept running.
     */
    mediaWorkerIdleSec: e.MEDIA_WORKER_IDLE_SEC,
    /** How long an HLS segment's link, and a redirect to a file on object storage, stay valid. */
    mediaSegmentTtlSec: e.MEDIA_SEGMENT_TTL_SEC,
    /** Demo data goes into the embedded database by default, into a server database only when asked. */
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : !e.DATABASE_URL,
    /** The demo catalogue includes its long full-HD movies (`npm start` turns this on; the tests' sites do not). */
    seedDemoFeatures: e.SEED_DEMO_FEATURES === "true",
    logLevel: e.LOG_LEVEL,
    timeouts: {
      headersMs: e.API_HEADERS_TIMEOUT_MS,
      requestMs: e.API_REQUEST_TIMEOUT_MS,
      idleMs: e.API_IDLE_TIMEOUT_MS,
      keepAliveMs: e.API_KEEP_ALIVE_TIMEOUT_MS,
    },
    connectionsPerAddress: {
      max: e.API_MAX_CONNECTIONS_PER_ADDRESS,
      /** Loopback (the web server's rendering) and the trusted proxies, unless set. */
      exempt: e.API_CONNECTION_CAP_EXEMPT ?? [...new Set(["loopback", ...e.TRUSTED_PROXIES])],
    },
  };
}

/**
 * What a media worker reads (`npm run worker`): the database, where the media is, its logging and its jobs' lease.
 * None of the API's own settings (PUBLIC_URL, the gateway ...) is needed, so none is required.
 */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema
    .pick({
      NODE_ENV: true,
      DATA_DIR: true,
      DATABASE_URL: true,
      MEDIA_DIR: true,
      LOG_LEVEL: true,
      JOBS_LEASE_SEC: true,
      WORKER_STOP_GRACE_SEC: true,
      MEDIA_WORKER_IDLE_SEC: true,
      STORAGE: true,
      S3_ENDPOINT: true,
      S3_REGION: true,
      S3_BUCKET: true,
      S3_ACCESS_KEY_ID: true,
      S3_SECRET_ACCESS_KEY: true,
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_BASE_URL: true,
    })
    .safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => ({ name: String(i.path[0] ?? "?"), message: i.message }));
    throw new ConfigError(env, problems);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(repoRoot, "data");
  return {
    production: e.NODE_ENV === "production",
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, "media")),
    logLevel: e.LOG_LEVEL,
    jobsLeaseSec: e.JOBS_LEASE_SEC,
    stopGraceSec: e.WORKER_STOP_GRACE_SEC,
    /** Forked by the API on the embedded database (MARQUEE_WORKER_IPC): exits after this long without work (0: never). */
    idleSec: e.MEDIA_WORKER_IDLE_SEC,
    storage: storageOf(e, env),
  };
}
export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;

/** The base configuration with the payment gateway resolved from the environment and the stored admin settings. */
export function withPayment(base: BaseConfig, stored: StoredPaymentSettings = {}) {
  return { ...base, ...resolvePayment(base, stored) };
}

export type Config = ReturnType<typeof withPayment>;

/** The whole configuration: the environment, and the stored payment settings when given (tests give none). */
export function loadConfig(env: Record<string, string | undefined> = process.env, stored: StoredPaymentSettings = {}) {
  return withPayment(loadBaseConfig(env), stored);
}

/**
 * The secret that signs media URLs: MEDIA_SECRET, else one generated on first use and kept in
 * `${dataDir}/media-secret` (mode 0600), so a single node works out of the box and its links survive restarts.
 * Several API nodes must share MEDIA_SECRET (or the data directory).
 */
export function mediaSecretOf(config: Pick<Config, "mediaSecret" | "dataDir">): string {
  return keptSecret(config.mediaSecret, config.dataDir, "media-secret");
}

/**
 * The key that encrypts the two-factor secrets and the payout details at rest (platform/secret-box.ts derives one key
 * per use from it): TWO_FACTOR_SECRET, else one generated on first use and kept in `${dataDir}/two-factor-secret`
 * (mode 0600). Unlike the media secret it must never change once accounts have turned two-factor sign-in on (their
 * authenticator apps would no longer match) or performers saved payout details: back it up with the database.
 */
export function twoFactorKeyOf(config: Pick<Config, "twoFactorSecret" | "dataDir">): string {
  return keptSecret(config.twoFactorSecret, config.dataDir, "two-factor-secret");
}

/** `given`, else the secret kept in `${dataDir}/${name}`, made (32 random bytes) when there is none yet. */
function keptSecret(given: string | undefined, dataDir: string, name: string): string {
  if (given) return given;
  const file = path.join(dataDir, name);
  const read = () => {
    try {
      return readFileSync(file, "utf8").trim();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  };
  const existing = read();
  if (existing && existing.length >= 16) return existing;
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: when two processes start at once, the second one reads the first one's secret.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: existing === null ? "wx" : "w" });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const raced = read();
    if (!raced) throw err;
    return raced;
  }
}
