// Signed, expiring media URLs. Networks (Instagram) fetch media by URL and <img> cannot send an
// Authorization header, so the URL itself is the permission: HMAC(id/variant/exp) with a key derived
// from JWT_SECRET (a separate purpose, so a media signature can never pass as anything else).
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a URL works; rounded up to the hour so the same picture keeps one URL (browser cache). */
const MEDIA_URL_TTL_SECONDS = 24 * 3600;
const BUCKET_SECONDS = 3600;

export function createUrlSigner(opts: { jwtSecret: string; publicUrl: string }) {
  const key = createHmac("sha256", opts.jwtSecret).update("sufra:media-url:v1").digest();
  // a URL stays the same for an hour (exp is rounded), so its signature is kept: a page of posts signs
  // five URLs a photo, and each HMAC costs more than the rest of the photo's answer; bounded, emptied when full
  // (only URLs the server writes are kept, never those a caller brings to verify)
  const signed = new Map<string, string>();
  const mac = (id: string, variant: string, exp: number) =>
    createHmac("sha256", key).update(`${id}/${variant}/${exp}`).digest("base64url");
  const keptMac = (id: string, variant: string, exp: number) => {
    const text = `${id}/${variant}/${exp}`;
    let sig = signed.get(text);
    if (sig === undefined) {
      sig = mac(id, variant, exp);
      if (signed.size >= 10_000) signed.clear();
      signed.set(text, sig);
    }
    return sig;
  };

  return {
    /**
     * Root-relative (`/media/...`), for the web client: the page loads it from whatever address it was
     * opened by (127.0.0.1, a LAN address, a second domain), which an absolute PUBLIC_URL would break.
     */
    path(id: string, variant: string, now = Date.now()): string {
      const exp = Math.ceil((now / 1000 + MEDIA_URL_TTL_SECONDS) / BUCKET_SECONDS) * BUCKET_SECONDS;
      return `/media/${encodeURIComponent(id)}/${encodeURIComponent(variant)}?exp=${exp}&sig=${keptMac(id, variant, exp)}`;
    },
    /** Absolute on PUBLIC_URL, for a network that fetches the file itself (Instagram's image_url) and an API key's caller. */
    url(id: string, variant: string, now = Date.now()): string {
      return `${opts.publicUrl}${this.path(id, variant, now)}`;
    },
    /** seconds the URL still works, or null when the signature is wrong or expired */
    verify(id: string, variant: string, exp: unknown, sig: unknown, now = Date.now()): number | null {
      if (typeof exp !== "string" || typeof sig !== "string" || !/^\d{1,12}$/.test(exp)) return null;
      const left = Number(exp) - Math.floor(now / 1000);
      if (left <= 0) return null;
      const want = Buffer.from(mac(id, variant, Number(exp)));
      const got = Buffer.from(sig);
      return got.length === want.length && timingSafeEqual(got, want) ? left : null;
    },
  };
}
