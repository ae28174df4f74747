import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Seals the TOTP secrets at rest with AES-256-GCM under a key derived from the site's two-factor secret
 * (TWO_FACTOR_SECRET, or the one kept in DATA_DIR: config.ts `twoFactorKeyOf`). A copy of the database alone does not
 * give anyone the codes of its accounts. Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createSecretBox(secret: string) {
  const key = createHash("sha256").update(`marquee:two-factor:${secret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed two-factor secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
