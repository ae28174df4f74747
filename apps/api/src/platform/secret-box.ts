import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** A sealed value that cannot be opened: another key sealed it (the site's key changed), or it was altered. */
export class UnreadableSecretError extends Error {}

/**
 * Seals values at rest with AES-256-GCM under a key derived from one of the site's kept secrets (config.ts
 * `keptSecret`: an environment variable, else a key file in DATA_DIR) and a purpose, so one secret gives each use
 * its own key. A copy of the database alone does not give anyone what is sealed in it. `context`, when given, is
 * authenticated with the value (GCM's additional data): a sealed value copied to another row does not open there.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createSecretBox(secret: string, purpose: string) {
  const key = createHash("sha256").update(`marquee:${purpose}:${secret}`).digest();
  return {
    seal(plain: string, context?: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      if (context) cipher.setAAD(Buffer.from(context, "utf8"));
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    /** The value sealed in `sealed`; `UnreadableSecretError` when it cannot be opened with this key and context. */
    open(sealed: string, context?: string): string {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined)
        throw new UnreadableSecretError(`not a sealed ${purpose} value`);
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        if (context) decipher.setAAD(Buffer.from(context, "utf8"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new UnreadableSecretError(`a sealed ${purpose} value does not open with this site's key`);
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
