import path from "node:path";
import { API_PREFIX } from "@marquee/contracts/origin";
import type { BaseConfig } from "../config.ts";
import { StartupError } from "./startup-errors.ts";
import { createDiskStorage, type Storage } from "./storage.ts";
import type { S3Storage } from "./storage-s3.ts";

/**
 * The storage the configuration names: MEDIA_DIR on this disk, or the S3 bucket (its SDK loaded only then), whose
 * files being made still go to MEDIA_DIR/tmp on this machine.
 */
export async function createStorage(config: Pick<BaseConfig, "storage" | "mediaDir">): Promise<Storage> {
  const settings = config.storage;
  if (settings.kind === "disk") return createDiskStorage({ root: config.mediaDir, publicBaseUrl: API_PREFIX });
  const { createS3Storage } = await import("./storage-s3.ts");
  return createS3Storage({ ...settings, scratchDir: path.join(config.mediaDir, "tmp"), apiBaseUrl: API_PREFIX });
}

/** Why a bucket cannot be used, in words an operator acts on. */
function bucketProblem(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status === 404 || e.name === "NoSuchBucket" || e.name === "NotFound") return "it does not exist";
  if (status === 403 || status === 401) return "access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY";
  if (status === 301 || e.name === "PermanentRedirect") return "it is in another region: check S3_REGION";
  const cause = (e as { cause?: { code?: string } }).cause?.code ?? e.code;
  if (cause === "ECONNREFUSED" || cause === "ENOTFOUND" || cause === "EAI_AGAIN") {
    return `nothing answers there (${cause}): check S3_ENDPOINT`;
  }
  return (e.message ?? String(err)).split("\n")[0] as string;
}

/** At start: a bucket that cannot be used stops the start with one line, not the first upload. */
export async function checkStorage(storage: Storage, config: Pick<BaseConfig, "storage">): Promise<void> {
  if (storage.kind !== "s3" || config.storage.kind !== "s3") return;
  const s3 = storage as S3Storage;
  await s3.checkBucket().catch((err: unknown) => {
    const where = config.storage.kind === "s3" && config.storage.endpoint ? ` at ${config.storage.endpoint}` : "";
    throw new StartupError(
      `the bucket ${s3.bucket}${where} cannot be used (${bucketProblem(err)}). Fix S3_BUCKET and the other S3_ settings, or unset them to keep files on this disk.`,
    );
  });
}
