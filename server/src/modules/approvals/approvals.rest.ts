// The approval page's door, mounted at /a (docs/product.md#agencies-and-approvals): public, the signed token in
// the path is the permission. GET shows the page; a form's POST records a decision or mails the link, then sends
// the browser back to the post (303), so the page works without a script. Every use is counted per link and per
// client address (RATE_LIMITED past either).
import express, { Router, type Request, type Response } from "express";
import { pickLocale, type Locale } from "@sufra/schema";
import { AppError } from "../../kernel/errors.ts";
import type { Services } from "../../services.ts";
import { approvalPage, invalidPage, type Notice } from "./approvals.page.ts";

const FORM_LIMIT = "8kb";

export function approvalPageRouter(services: Services) {
  const r = Router();
  const { approvals } = services;
  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 });

  const localeOf = (req: Request, fallback: Locale): Locale =>
    req.query.lang === "en" || req.query.lang === "ar" ? req.query.lang : fallback;
  const ip = (req: Request) => req.ip ?? "unknown";
  const noStore = (res: Response) => {
    // the page names a café's coming posts: kept by no cache, sent to no other site
    res.set({ "cache-control": "no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex" });
  };

  async function show(req: Request, res: Response, status = 200, notice: Notice = null, post: string | null = null) {
    noStore(res);
    const token = req.params.token;
    try {
      const page = await approvals.page(token);
      const locale = localeOf(req, page.locale);
      res
        .status(status)
        .type("html")
        .send(approvalPage(page, locale, `/a/${encodeURIComponent(String(token))}`, notice, post));
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "INVALID_LINK") throw e;
      res
        .status(404)
        .type("html")
        .send(invalidPage(localeOf(req, pickLocale(req.get("accept-language")))));
    }
  }

  const NOTICES = new Set<Notice>(["done", "changed", "needComment", "mailed"]);
  r.get("/:token", async (req, res) => {
    await approvals.countUse(req.params.token, ip(req));
    const n = String(req.query.n ?? "") as Notice;
    const p = typeof req.query.p === "string" ? req.query.p : null;
    await show(req, res, 200, NOTICES.has(n) ? n : null, p);
  });

  r.post("/:token/posts/:postId", form, async (req, res) => {
    await approvals.countUse(req.params.token, ip(req));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const revision = Number(body.revision);
    const back = (notice: Notice) =>
      res.redirect(
        303,
        `/a/${encodeURIComponent(req.params.token)}?lang=${localeOf(req, "ar")}&n=${notice}&p=${encodeURIComponent(req.params.postId)}#p-${encodeURIComponent(req.params.postId)}`,
      );
    try {
      await approvals.decideByLink(req.params.token, req.params.postId, {
        decision: body.decision,
        revision: Number.isInteger(revision) ? revision : body.revision,
        comment: typeof body.comment === "string" && body.comment.trim() ? body.comment : undefined,
      });
      back("done");
    } catch (e) {
      if (e instanceof AppError && e.code === "POST_CHANGED") return back("changed");
      if (e instanceof AppError && e.code === "VALIDATION_ERROR" && body.decision === "changes")
        return back("needComment");
      if (e instanceof AppError && e.code === "INVALID_LINK") return show(req, res, 404);
      throw e;
    }
  });

  r.post("/:token/mail", form, async (req, res) => {
    await approvals.countUse(req.params.token, ip(req));
    await approvals.mailByLink(req.params.token, req.body ?? {});
    res.redirect(303, `/a/${encodeURIComponent(req.params.token)}?lang=${localeOf(req, "ar")}&n=mailed#share`);
  });
  return r;
}
