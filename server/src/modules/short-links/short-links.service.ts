// Short links (docs/architecture.md#short-links): every button of a link page, every link Sufra puts in a caption
// and every review request goes through /r/<code>, so the café sees clicks by day, button, post, campaign and
// network. A link is made once for what it is (its key: kind, button, post, network, branch, target), so a caption
// published again or a page rendered a thousand times keeps one code. A click is a count by Kuwait day: nothing of
// the visitor is stored; bots and the same visitor's repeats within a short window are told apart in memory only.
import { createHash, randomBytes } from "node:crypto";
import { kuwaitDate } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { Platform } from "../../generated/prisma/client.ts";
import { shortenCaptionLinks } from "./caption-links.ts";

type ShortLinkKind = "link_page" | "caption" | "review";

export interface ShortLinkSpec {
  kind: ShortLinkKind;
  /** where it sends the visitor (https, wa.me, tel:), before UTM parameters */
  target: string;
  button?: string | null;
  postId?: string | null;
  campaignId?: string | null;
  platform?: Platform | null;
  locationId?: string | null;
}

/** Letters and digits a person can read off a printed QR code's caption (no 0/O, 1/l/I). */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
const SHORT_CODE_LENGTH = 8;
const SHORT_CODE_RE = new RegExp(`^[${ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

function newCode(): string {
  const bytes = randomBytes(SHORT_CODE_LENGTH * 2);
  let out = "";
  // rejection sampling keeps every letter equally likely
  for (let i = 0; i < bytes.length && out.length < SHORT_CODE_LENGTH; i++)
    if (bytes[i]! < 256 - (256 % ALPHABET.length)) out += ALPHABET[bytes[i]! % ALPHABET.length];
  return out.length === SHORT_CODE_LENGTH ? out : newCode();
}

const keyOf = (s: ShortLinkSpec) =>
  createHash("sha256")
    .update(
      JSON.stringify([s.kind, s.button ?? null, s.postId ?? null, s.platform ?? null, s.locationId ?? null, s.target]),
    )
    .digest("base64url");

/**
 * Crawlers and link previewers (WhatsApp, Instagram, X and Google unfurl every link) and scripts: followed, never
 * counted. A browser inside an app (Instagram's, Facebook's FBAN, Snapchat's, TikTok's) is a person and counts.
 */
const BOT_UA =
  /bot|crawl|spider|slurp|preview|externalhit|externalagent|externalfetcher|facebot|whatsapp|telegram|discord|skype|embedly|iframely|quora link|pinterest|vkshare|lighthouse|headless|googleother|google-|-google|archiver|curl|wget|python-requests|python-urllib|aiohttp|httpx|go-http-client|node-fetch|undici|axios|okhttp|java\/|libwww|scrapy/i;
const isBot = (userAgent: string | undefined) => !userAgent || BOT_UA.test(userAgent);

/** Who opened a short link, as the door tells it: nothing of it is stored (the repeat filter holds a digest in memory). */
export interface Visitor {
  ip: string;
  userAgent?: string;
  /** a HEAD request or a browser's prefetch (Sec-Purpose / Purpose: prefetch): nobody has tapped the link yet */
  preview?: boolean;
}

/** A visitor's repeat of the same link within this window counts once. */
export const REPEAT_WINDOW_MS = 30 * 60 * 1000;
const MAX_REMEMBERED = 50_000;

export function createShortLinksService(deps: Deps, opts: { now?: () => Date } = {}) {
  const now = opts.now ?? (() => new Date());
  const base = deps.config.publicUrl;
  // the repeat filter: a keyed digest of (address, browser, code), in memory, forgotten after the window; the key
  // is made at start, so a digest cannot be matched to an address from outside this process
  const salt = randomBytes(32);
  const seen = new Map<string, number>();

  function repeated(code: string, who: { ip: string; userAgent?: string }): boolean {
    const t = now().getTime();
    const k = createHash("sha256")
      .update(salt)
      .update(`${who.ip}\n${who.userAgent ?? ""}\n${code}`)
      .digest("base64url");
    const last = seen.get(k);
    if (last !== undefined && t - last < REPEAT_WINDOW_MS) return true;
    seen.delete(k);
    seen.set(k, t);
    if (seen.size > MAX_REMEMBERED) {
      // the oldest first (a Map keeps insertion order; a repeat re-inserts)
      for (const [old, at] of seen) {
        if (seen.size <= MAX_REMEMBERED && t - at < REPEAT_WINDOW_MS) break;
        seen.delete(old);
      }
    }
    return false;
  }

  /** The short link for what `spec` is, made the first time (the same spec gives the same code). */
  async function linkFor(businessId: string, spec: ShortLinkSpec): Promise<{ id: string; code: string; url: string }> {
    const key = keyOf(spec);
    const found = await deps.db.shortLink.findUnique({ where: { businessId_key: { businessId, key } } });
    if (found) return { id: found.id, code: found.code, url: `${base}/r/${found.code}` };
    for (let attempt = 0; ; attempt++) {
      const code = newCode();
      const rows = await deps.db.$queryRaw<{ id: string; code: string }[]>`
        INSERT INTO short_links (id, business_id, kind, code, key, target, button, post_id, campaign_id, platform, location_id)
        VALUES (gen_random_uuid(), ${businessId}::uuid, ${spec.kind}, ${code}, ${key}, ${spec.target}, ${spec.button ?? null},
                ${spec.postId ?? null}::uuid, ${spec.campaignId ?? null}::uuid, ${spec.platform ?? null}::"Platform",
                ${spec.locationId ?? null}::uuid)
        ON CONFLICT DO NOTHING
        RETURNING id, code`;
      if (rows[0]) return { id: rows[0].id, code: rows[0].code, url: `${base}/r/${rows[0].code}` };
      // either another request made the same link first (read it) or the code was taken (draw again)
      const again = await deps.db.shortLink.findUnique({ where: { businessId_key: { businessId, key } } });
      if (again) return { id: again.id, code: again.code, url: `${base}/r/${again.code}` };
      if (attempt > 5) throw new Error("no free short code");
    }
  }

  const own = new URL(base).origin;
  /** The café's link page on Sufra (/l/<slug>): a caption's link to it is wrapped, so the page knows the post. */
  const isLinkPage = (url: string) => {
    try {
      const u = new URL(url);
      return u.origin === own && /^\/l\/[a-z0-9-]+\/?$/.test(u.pathname);
    } catch {
      return false;
    }
  };
  /**
   * Sufra's own addresses (an order's page /o/, a short link /r/, the app): never wrapped again. The link page is
   * the exception: its visit from a post is carried to its buttons (`from`, see follow).
   */
  const isOwn = (url: string) => {
    try {
      return new URL(url).origin === own && !isLinkPage(url);
    } catch {
      return false;
    }
  };

  return {
    /** The public address of a code. */
    urlOf: (code: string) => `${base}/r/${code}`,

    linkFor,

    /**
     * A visitor opened /r/<code>: where to send them (with UTM parameters for an http destination), or null for an
     * unknown code. The click is counted on its Kuwait day unless a bot or a repeat within REPEAT_WINDOW_MS.
     */
    async follow(code: string, who: Visitor): Promise<{ location: string; counted: boolean } | null> {
      if (!SHORT_CODE_RE.test(code)) return null;
      const link = await deps.db.shortLink.findUnique({
        where: { code },
        select: {
          id: true,
          kind: true,
          target: true,
          button: true,
          platform: true,
          postId: true,
          campaign: { select: { name: true } },
        },
      });
      if (!link) return null;
      const counted = !who.preview && !isBot(who.userAgent) && !repeated(code, who);
      if (counted)
        await deps.db.$executeRaw`
          INSERT INTO short_link_days (link_id, day, clicks) VALUES (${link.id}::uuid, ${kuwaitDate(now())}::date, 1)
          ON CONFLICT (link_id, day) DO UPDATE SET clicks = short_link_days.clicks + 1`;
      if (isLinkPage(link.target)) {
        // a post's link to the café's link page: the page makes its buttons this post's and network's, so a tap on
        // Talabat there counts for the post that brought the guest (docs/architecture.md#short-links)
        const u = new URL(link.target);
        u.searchParams.set("from", code);
        return { location: u.toString(), counted };
      }
      return { location: withUtm(link), counted };
    },

    /**
     * The post, network and campaign a caption's short link stands for, when `code` is one of the business's
     * (the link page's `from`); null for anything else, so a made-up `from` changes nothing.
     */
    async cameFrom(businessId: string, code: unknown) {
      if (typeof code !== "string" || !SHORT_CODE_RE.test(code)) return null;
      const link = await deps.db.shortLink.findUnique({
        where: { code },
        select: { businessId: true, kind: true, postId: true, platform: true, campaignId: true },
      });
      if (!link || link.businessId !== businessId || link.kind !== "caption" || !link.postId) return null;
      return { postId: link.postId, platform: link.platform, campaignId: link.campaignId };
    },

    /**
     * A caption as it goes to one network: each http(s) address in it replaced by its short link for this post and
     * network (caption-links.ts). `fits` is the network's limit as the composer counted it. A retried publish
     * gets the same codes, so the same text.
     */
    captionText: (businessId: string, of: CaptionOf, text: string, fits: (text: string) => boolean) =>
      shortenCaptionLinks(text, {
        isOwn,
        fits,
        shorten: async (target) => (await linkFor(businessId, { kind: "caption", target, ...of })).url,
      }),

    /** A post's button (Google's call to action) as it goes to one network: its short link, unless Sufra's own. */
    async captionUrl(businessId: string, of: CaptionOf, url: string): Promise<string> {
      if (isOwn(url) || !/^https?:\/\//i.test(url)) return url;
      return (await linkFor(businessId, { kind: "caption", target: url, ...of })).url;
    },
  };
}

/** What a caption link is for: the post, its campaign and the network it went to. */
export interface CaptionOf {
  postId: string;
  campaignId: string | null;
  platform: Platform;
}
export type ShortLinksService = ReturnType<typeof createShortLinksService>;

/** The destination with utm_source (the network, or sufra), utm_medium, utm_campaign and utm_content, each added when it has none. */
function withUtm(link: {
  kind: string;
  target: string;
  button: string | null;
  platform: Platform | null;
  postId: string | null;
  campaign: { name: string } | null;
}): string {
  let u: URL;
  try {
    u = new URL(link.target);
  } catch {
    return link.target;
  }
  // WhatsApp, phone and map-app links carry no analytics
  if (u.protocol !== "https:" || /(^|\.)wa\.me$|(^|\.)whatsapp\.com$/.test(u.hostname)) return link.target;
  const medium = link.kind === "caption" ? "social" : link.kind === "review" ? "qr" : "link_in_bio";
  const content = link.button ?? (link.postId ? `post-${link.postId.slice(0, 8)}` : null);
  const utm: [string, string | null][] = [
    ["utm_source", link.platform ?? "sufra"],
    ["utm_medium", medium],
    ["utm_campaign", link.campaign ? slugOf(link.campaign.name) : "sufra"],
    ["utm_content", content],
  ];
  // each parameter the café already wrote stays as written; only the missing ones are added
  const missing = utm.filter(([k, v]) => v !== null && !u.searchParams.has(k));
  if (!missing.length) return link.target;
  for (const [k, v] of missing) u.searchParams.append(k, v!);
  return u.toString();
}

const slugOf = (name: string) =>
  name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "campaign";
