// The short links' public door, GET /r/<code> (docs/architecture.md#short-links): a 302 to the destination with its
// UTM parameters, counted by the service. No account, no cookie, no referrer passed on; an unknown or malformed code
// is a plain 404 page in the visitor's language (a path whose escapes are not UTF-8 is refused before any router,
// http/paths.ts: 400).
import { Router, type Request, type Response } from "express";
import { pickLocale } from "@sufra/schema";
import type { Services } from "../../services.ts";

const MISSING = {
  en: { title: "Link not found", body: "This link does not lead anywhere. Check it with the café that shared it." },
  ar: { title: "الرابط غير موجود", body: "هذا الرابط لا يؤدي إلى أي مكان. تحقّق منه مع المقهى الذي شاركه." },
} as const;

function missing(req: Request, res: Response) {
  const locale = pickLocale(req.get("accept-language"));
  const t = MISSING[locale];
  const dir = locale === "ar" ? "rtl" : "ltr";
  res
    .status(404)
    .type("html")
    .send(
      `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${t.title}</h1><p>${t.body}</p></body></html>`,
    );
}

/** A browser fetching ahead of a tap (Chrome's Sec-Purpose, Safari's and Firefox's Purpose). */
const prefetch = (req: Request) =>
  /prefetch|prerender/i.test(`${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""}`);

export function shortLinksRouter(services: Services) {
  const r = Router();
  r.get("/:code", async (req, res) => {
    res.set({ "cache-control": "no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex" });
    const to = await services.shortLinks.follow(req.params.code, {
      ip: req.ip ?? "unknown",
      userAgent: req.get("user-agent"),
      preview: req.method === "HEAD" || prefetch(req),
    });
    if (!to) return void missing(req, res);
    res.redirect(302, to.location);
  });
  return r;
}
