// REST compatibility for /api/templates: thin, calls the templates service; snake_case JSON.
import { Router, type Request } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import { pickLocale } from "@sufra/schema";
import type { Services } from "../../services.ts";
import type { TemplateRecord } from "./templates.service.ts";
import type { z } from "zod";
import type { restTemplateSchema } from "./templates.openapi.ts";

const restTemplate = (t: TemplateRecord): z.output<typeof restTemplateSchema> => ({
  id: t.id,
  key: t.key,
  name: t.name,
  occasion: t.occasion,
  language: t.language,
  tier: t.tier,
  locked: t.locked,
  body: t.body,
  hashtags: t.hashtags,
  created_at: t.createdAt?.toISOString() ?? null,
  updated_at: t.updatedAt?.toISOString() ?? null,
});

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export function templatesRouter(services: Services) {
  const r = Router();
  const { templates } = services;
  const viewer = (req: Request) => viewerOf(services, req, "business");

  /** {plan, tiers, templates: [...]}: the business's own, then the built-in ones; ?occasion=&language=en|ar|both. */
  r.get("/", async (req, res) => {
    const v = await viewer(req);
    const [list, access] = await Promise.all([
      templates.list(
        v,
        { occasion: one(req.query.occasion), language: one(req.query.language) },
        pickLocale(req.get("accept-language")),
      ),
      templates.access(v),
    ]);
    res.json({ plan: access.plan, tiers: access.tiers, templates: list.map(restTemplate) });
  });

  /** {language?, menu_item_id?, dish?, price?, discount?} -> {content, hashtags, language}. */
  r.post("/:id/apply", async (req, res) => {
    res.json(await templates.apply(await viewer(req), { ...camelBody(req), templateId: req.params.id }));
  });

  /** Premium: {name, occasion, language, body, hashtags?} -> the new template. */
  r.post("/", async (req, res) => {
    res.status(201).json(restTemplate(await templates.save(await viewer(req), camelBody(req), metaOf(req))));
  });

  r.put("/:id", async (req, res) => {
    res.json(restTemplate(await templates.save(await viewer(req), camelBody(req), metaOf(req), req.params.id)));
  });

  r.delete("/:id", async (req, res) => {
    const { id } = await templates.remove(await viewer(req), req.params.id, metaOf(req));
    res.json({ id, deleted: true });
  });

  return r;
}
