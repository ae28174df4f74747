import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { z } from "zod";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const list = z.string().transform((s) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean),
);

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
  PUBLIC_API_URL: z.string().url().default("http://localhost:4000"),
  WEB_ORIGIN: z.string().url().default("http://localhost:3000"),
  MEDIA_DIR: z.string().optional(),
  TRUSTED_PROXIES: list.default(["loopback"]),
  GEOIP_DB: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
  UPLOAD_IMAGE_MAX_MB: z.coerce.number().positive().default(DEFAULT_IMAGE_MAX_MB),
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
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
    publicApiUrl: e.PUBLIC_API_URL.replace(/\/$/, ""),
    webOrigin: e.WEB_ORIGIN.replace(/\/$/, ""),
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, "media")),
    trustedProxies: e.TRUSTED_PROXIES,
    geoipDb: e.GEOIP_DB,
    recaptcha: { secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL },
    uploadImageMaxBytes: Math.round(e.UPLOAD_IMAGE_MAX_MB * 1024 * 1024),
    /** Demo data goes into the embedded database by default, into a server database only when asked. */
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
  };
}
