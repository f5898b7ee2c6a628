// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// Platform tokens at rest: AES-256-GCM with the configured key (config.tokenKey, 32 bytes).
// Stored as "v1.<iv>.<tag>.<ciphertext>" in base64url, so a later key rotation can add "v2".
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export function createTokenCrypto(key: Buffer) {
  if (key.length !== 32) throw new Error("the token key must be 32 bytes");
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([c.update(plain, "utf8"), c.final()]);
      return ["v1", iv.toString("base64url"), c.getAuthTag().toString("base64url"), body.toString("base64url")].join(
        ".",
      );
    },
    open(sealed: string): string {
      const [v, iv, tag, body] = sealed.split(".");
      if (v !== "v1" || !iv || !tag || body === undefined) throw new Error("unreadable sealed token");
      const d = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      d.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([d.update(Buffer.from(body, "base64url")), d.final()]).toString("utf8");
    },
  };
}
