// The storage settings (STORAGE, S3_*): the disk or a bucket, checked whole at start (config.ts reads them).
import { ConfigError } from "./config-errors.ts";
import type { S3Settings } from "./platform/storage-s3.ts";

type Env = Record<string, string | undefined>;

/** Where files live: this machine's disk (MEDIA_DIR), or an S3-compatible bucket. */
export type StorageSettings = { kind: "disk" } | ({ kind: "s3" } & S3Settings);

export const S3_VARIABLES = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PUBLIC_BASE_URL",
] as const;

/** An http(s) URL without query, fragment or credentials, without its trailing slash; null when it is not one. */
function httpUrlOf(raw: string) {
  try {
    const url = new URL(raw);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash || url.username) return null;
    return url.toString().replace(/\/+$/, "");
  } catch {
    return null;
  }
}

/**
 * The storage: STORAGE=s3 (or S3_BUCKET set, STORAGE unset) puts every file in the bucket, else MEDIA_DIR on this
 * disk. Half a setting is an error, not a silent fall-back to the disk: an S3 variable without S3_BUCKET, one key of
 * the pair without the other.
 */
export function storageOf(
  e: { STORAGE?: "disk" | "s3" } & Partial<Record<(typeof S3_VARIABLES)[number], string>>,
  env: Env,
): StorageSettings {
  const set = (name: (typeof S3_VARIABLES)[number]) => e[name]?.trim() || undefined;
  const bucket = set("S3_BUCKET");
  const kind = e.STORAGE ?? (bucket ? "s3" : "disk");
  if (kind === "disk") {
    const stray = e.STORAGE ? undefined : S3_VARIABLES.find((name) => set(name));
    if (stray) {
      throw new ConfigError(env, [
        {
          name: "S3_BUCKET",
          message: `${stray} is set: name the bucket to keep files in object storage, or set STORAGE=disk`,
        },
      ]);
    }
    return { kind };
  }
  if (!bucket) {
    throw new ConfigError(env, [{ name: "S3_BUCKET", message: "required when STORAGE=s3: the bucket's name" }]);
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(env, [
      { name: "S3_BUCKET", message: "expected a bucket name: 3-63 lowercase letters, digits, dots and hyphens" },
    ]);
  }
  const rawEndpoint = set("S3_ENDPOINT");
  const endpoint = rawEndpoint ? httpUrlOf(rawEndpoint) : undefined;
  if (endpoint === null || (endpoint && new URL(endpoint).pathname !== "/")) {
    throw new ConfigError(env, [
      { name: "S3_ENDPOINT", message: "expected an origin such as https://<account>.r2.cloudflarestorage.com" },
    ]);
  }
  const region = set("S3_REGION") ?? "us-east-1";
  if (!/^[a-z0-9-]{1,40}$/.test(region)) {
    throw new ConfigError(env, [{ name: "S3_REGION", message: "expected a region such as eu-west-1, or auto" }]);
  }
  const accessKeyId = set("S3_ACCESS_KEY_ID");
  const secretAccessKey = set("S3_SECRET_ACCESS_KEY");
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError(
      env,
      [
        {
          name: accessKeyId ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID",
          message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK's own",
        },
      ],
      { required: true },
    );
  }
  const rawPublic = set("S3_PUBLIC_BASE_URL");
  const publicBaseUrl = rawPublic ? httpUrlOf(rawPublic) : undefined;
  if (publicBaseUrl === null) {
    throw new ConfigError(env, [
      { name: "S3_PUBLIC_BASE_URL", message: "expected an http(s) URL such as https://cdn.example.com" },
    ]);
  }
  return {
    kind,
    endpoint,
    region,
    bucket,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    publicBaseUrl,
  };
}
