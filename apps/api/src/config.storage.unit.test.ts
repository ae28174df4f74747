import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const DATA_DIR = "/tmp/marquee-config-storage";
const r2 = {
  S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com/",
  S3_REGION: "auto",
  S3_BUCKET: "fans-media",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "a-secret-never-printed",
};

describe("storage settings", () => {
  it("keeps files on this disk by default", () => {
    expect(loadConfig({ DATA_DIR }).storage).toEqual({ kind: "disk" });
    expect(loadConfig({ DATA_DIR, STORAGE: "disk", S3_BUCKET: "fans-media" }).storage).toEqual({ kind: "disk" });
  });

  it("uses the bucket when S3_BUCKET is set, with AWS's defaults for the rest", () => {
    expect(loadConfig({ DATA_DIR, S3_BUCKET: "fans-media" }).storage).toEqual({
      kind: "s3",
      endpoint: undefined,
      region: "us-east-1",
      bucket: "fans-media",
      credentials: undefined,
      forcePathStyle: false,
      publicBaseUrl: undefined,
    });
  });

  it("takes an endpoint, region, keys, path-style addressing and a public base URL", () => {
    const c = loadConfig({
      DATA_DIR,
      ...r2,
      STORAGE: "s3",
      S3_FORCE_PATH_STYLE: "true",
      S3_PUBLIC_BASE_URL: "https://media.fans.example.com/",
    });
    expect(c.storage).toEqual({
      kind: "s3",
      endpoint: "https://0123abcd.r2.cloudflarestorage.com",
      region: "auto",
      bucket: "fans-media",
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "a-secret-never-printed" },
      forcePathStyle: true,
      publicBaseUrl: "https://media.fans.example.com",
    });
  });

  it("stops a start with half a setting in one line naming the variable, never repeating the secret", () => {
    const cases: [Record<string, string>, string][] = [
      [
        { STORAGE: "s3" },
        "S3_BUCKET is not set (required when STORAGE=s3: the bucket's name). Set it in the environment.",
      ],
      [
        { S3_ENDPOINT: "http://127.0.0.1:9000" },
        "S3_BUCKET is not set (S3_ENDPOINT is set: name the bucket to keep files in object storage, or set STORAGE=disk). Set it in the environment.",
      ],
      [
        { S3_BUCKET: "Fans_Media" },
        'S3_BUCKET is "Fans_Media" (expected a bucket name: 3-63 lowercase letters, digits, dots and hyphens). Fix it in the environment, or unset it for the default.',
      ],
      [
        { ...r2, S3_ENDPOINT: "r2.cloudflarestorage.com" },
        'S3_ENDPOINT is "r2.cloudflarestorage.com" (expected an origin such as https://<account>.r2.cloudflarestorage.com). Fix it in the environment, or unset it for the default.',
      ],
      [
        { ...r2, S3_REGION: "EU West" },
        'S3_REGION is "EU West" (expected a region such as eu-west-1, or auto). Fix it in the environment, or unset it for the default.',
      ],
      [
        { ...r2, S3_ACCESS_KEY_ID: "" },
        "S3_ACCESS_KEY_ID is not set (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK's own). Set it in the environment.",
      ],
      [
        { ...r2, S3_SECRET_ACCESS_KEY: "" },
        "S3_SECRET_ACCESS_KEY is not set (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK's own). Set it in the environment.",
      ],
      [
        { ...r2, S3_PUBLIC_BASE_URL: "cdn.example.com" },
        'S3_PUBLIC_BASE_URL is "cdn.example.com" (expected an http(s) URL such as https://cdn.example.com). Fix it in the environment, or unset it for the default.',
      ],
      [
        { ...r2, S3_FORCE_PATH_STYLE: "yes" },
        'S3_FORCE_PATH_STYLE is "yes" (expected one of "true"|"false"). Fix it in the environment, or unset it for the default.',
      ],
      [
        { ...r2, STORAGE: "minio" },
        'STORAGE is "minio" (expected one of "disk"|"s3"). Fix it in the environment, or unset it for the default.',
      ],
    ];
    for (const [env, line] of cases) {
      let message = "";
      try {
        loadConfig({ DATA_DIR, ...env });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toBe(line);
      expect(message).not.toContain("a-secret-never-printed");
    }
  });
});
