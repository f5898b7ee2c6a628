// The link page's doors (docs/architecture.md#link-page). The public page GET /l/:slug (no account, no script; HEAD
// too) and, for the café's people, /api/link-page: the settings, publish and unpublish, and the preview's HTML. Thin:
// the service decides. The public page is compressed here (the app has no compression middleware: the client's files
// are compressed at build, http/static-client.ts) and cached briefly by anyone, with an ETag for a cheap revalidation.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { Router, type Request, type Response } from "express";
import { pickLocale, type Locale } from "@sufra/schema";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { LinkPageSettings } from "./link-page.service.ts";
import { missingLinkPage } from "./link-page.page.ts";

/**
 * A minute in any cache: a café's change shows within it, a post going viral is served by the proxies in front,
 * and the signed photo addresses it holds work for a day. Clicks are counted at /r, so caching loses none.
 */
const LINK_PAGE_CACHE = "public, max-age=60";

const localeOf = (req: Request): Locale =>
  req.query.lang === "en" || req.query.lang === "ar" ? req.query.lang : pickLocale(req.get("accept-language"));

// the compressed bytes of a page, by its ETag and encoding: the same page (it changes when the café edits it, the
// day turns or the photos' hourly signatures do) is compressed once at brotli's best; bounded, emptied when full
const packed = new Map<string, Buffer>();
function compressed(etag: string, encoding: "br" | "gzip", html: string): Buffer {
  const k = `${encoding}${etag}`;
  let out = packed.get(k);
  if (!out) {
    out =
      encoding === "br"
        ? brotliCompressSync(html, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
          })
        : gzipSync(html, { level: 9 });
    if (packed.size >= 500) packed.clear();
    packed.set(k, out);
  }
  return out;
}

/** Sends HTML compressed as the client accepts (brotli, else gzip), with a weak ETag answered by 304. */
function sendPage(req: Request, res: Response, html: string) {
  const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
  res.set({ etag, vary: "Accept-Encoding, Accept-Language", "cache-control": LINK_PAGE_CACHE });
  res.type("html");
  if (req.fresh) return void res.status(304).end();
  // brotli whenever accepted (browsers list it after gzip at the same weight, and it is the smaller), else gzip
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
  if (encoding) {
    res.set("content-encoding", encoding);
    return void res.send(compressed(etag, encoding, html));
  }
  res.send(html);
}

/** GET /l/:slug: the café's published page in the visitor's language; a plain 404 page otherwise. */
export function linkPageRouter(services: Services) {
  const r = Router();
  r.get("/:slug", async (req, res) => {
    const locale = localeOf(req);
    const page = await services.linkPage.page(req.params.slug, locale, req.query.from);
    if (!page) {
      res.set({ "cache-control": "no-store", "x-robots-tag": "noindex" });
      return void res.status(404).type("html").send(missingLinkPage(locale));
    }
    sendPage(req, res, page.html);
  });
  return r;
}

const restSettings = (s: LinkPageSettings) => ({
  slug: s.slug,
  url: s.url,
  saved: s.saved,
  published: s.published,
  published_at: s.publishedAt?.toISOString() ?? null,
  bio: s.bio,
  bio_ar: s.bioAr,
  show_menu: s.showMenu,
  show_hours: s.showHours,
  show_posts: s.showPosts,
  show_map: s.showMap,
});

/** /api/link-page: the café's people (a person's session; the service refuses API keys). */
export function linkPageSettingsRouter(services: Services) {
  const r = Router();
  const viewer = (req: Request) => viewerOf(services, req, "business");

  r.get("/", async (req, res) => {
    res.json(restSettings(await services.linkPage.get(await viewer(req))));
  });
  /** {slug?, bio?, bio_ar?, show_menu?, show_hours?, show_posts?, show_map?}: left out stays, a blank bio is cleared. */
  r.put("/", async (req, res) => {
    res.json(restSettings(await services.linkPage.update(await viewer(req), camelBody(req), metaOf(req))));
  });
  r.post("/publish", async (req, res) => {
    res.json(restSettings(await services.linkPage.setPublished(await viewer(req), true, metaOf(req))));
  });
  r.post("/unpublish", async (req, res) => {
    res.json(restSettings(await services.linkPage.setPublished(await viewer(req), false, metaOf(req))));
  });
  /** The page's HTML with the body's unsaved settings over the saved ones (?lang=en|ar), for an iframe's srcdoc. */
  r.post("/preview", async (req, res) => {
    const html = await services.linkPage.preview(await viewer(req), camelBody(req), localeOf(req));
    res.set({ "cache-control": "no-store", "x-robots-tag": "noindex" }).type("html").send(html);
  });
  return r;
}
