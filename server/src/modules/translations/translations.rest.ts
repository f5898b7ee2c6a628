// REST compatibility for /api/translations (docs/product.md#rest-compatibility): thin, calls the translations service.
import { Router } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";

export function translationsRouter(services: Services) {
  const r = Router();
  const { translations } = services;

  /** Public: {categories: [{name, translations: [{key, en, ar}]}]}; ?edited=true: only the texts an admin changed. */
  r.get("/list", async (req, res) => {
    res.json({ categories: await translations.list({ edited: req.query.edited === "true" }) });
  });

  /** Admin: {updates: [{key, locale, value}]}, all or nothing; answers with the changed rows. */
  r.put("/bulk", async (req, res) => {
    const viewer = await viewerOf(services, req, "admin");
    const rows = await translations.bulkUpdate(viewer, camelBody(req), metaOf(req));
    res.json({ updated: rows.length, translations: rows });
  });

  /** Admin: the whole table as a download, translations.json. */
  r.get("/export", async (req, res) => {
    const rows = await translations.export(await viewerOf(services, req, "admin"));
    res.set({
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="translations.json"',
    });
    res.send(`${JSON.stringify(rows, null, 2)}\n`);
  });

  return r;
}
