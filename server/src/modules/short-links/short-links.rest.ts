// The short links' public door, GET /r/<code> (docs/architecture.md#short-links): a 302 to the destination with its
// UTM parameters, counted by the service. No account, no cookie, no referrer passed on; an unknown code is a plain
// 404 page in the visitor's language.
import { Router } from "express";
import { pickLocale } from "@sufra/schema";
import type { Services } from "../../services.ts";

const MISSING = {
  en: { title: "Link not found", body: "This link does not lead anywhere. Check it with the café that shared it." },
  ar: { title: "الرابط غير موجود", body: "هذا الرابط لا يؤدي إلى أي مكان. تحقّق منه مع المقهى الذي شاركه." },
} as const;

export function shortLinksRouter(services: Services) {
  const r = Router();
  r.get("/:code", async (req, res) => {
    res.set({ "cache-control": "no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex" });
    const to = await services.shortLinks.follow(req.params.code, { ip: req.ip ?? "unknown", userAgent: req.get("user-agent") });
    if (!to) {
      const locale = pickLocale(req.get("accept-language"));
      const t = MISSING[locale];
      const dir = locale === "ar" ? "rtl" : "ltr";
      return void res
        .status(404)
        .type("html")
        .send(
          `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${t.title}</h1><p>${t.body}</p></body></html>`,
        );
    }
    res.redirect(302, to.location);
  });
  return r;
}
