// REST for the AI studio: POST /api/posts/generate and /api/posts/hashtags/suggest (docs/product.md#rest-compatibility), this
// month's AI posts at /api/ai/usage, and the admins' writer settings at /api/ai/settings.
import { Router, type Request } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { AiSettingsView, GeneratedPost } from "./studio.service.ts";
import { restUsage } from "./usage.shape.ts";

const restGenerated = (g: GeneratedPost) => ({
  content: g.content,
  hashtags: g.hashtags,
  variants: g.variants.map((v) => ({
    content: v.content,
    hashtags: v.hashtags,
    language: v.language,
    unused_facts: v.unusedFacts ?? [],
  })),
  language: g.language,
  provider: g.provider,
  fell_back: g.fellBack,
  note: g.note,
  seed: g.seed,
  usage: restUsage(g.usage),
  photos_seen: g.photosSeen,
  alt_texts: g.altTexts.map((a) => ({ media_id: a.mediaId, text: a.text, en: a.en, ar: a.ar, source: a.source })),
});

const restSettings = (s: AiSettingsView) => ({
  provider: s.provider,
  base_url: s.baseUrl,
  model: s.model,
  has_api_key: s.hasApiKey,
  source: s.source,
  timeout_seconds: s.timeoutSeconds,
  updated_at: s.updatedAt?.toISOString() ?? null,
});

/** Mounted at /api/posts, ahead of the posts router. */
export function studioRouter(services: Services) {
  const r = Router();
  const { studio } = services;
  const viewer = (req: Request) => viewerOf(services, req);

  /** {prompt, platform, language?, tone?, occasion?, variants?, seed?} → {content, hashtags, variants, language, provider, seed, ...} */
  r.post("/generate", async (req, res) => {
    res.json(restGenerated(await studio.generate(await viewer(req), camelBody(req), metaOf(req))));
  });

  /** {content, platform, occasion?} → {hashtags} */
  r.post("/hashtags/suggest", async (req, res) => {
    res.json(await studio.suggestHashtags(await viewer(req), camelBody(req)));
  });

  return r;
}

/** Mounted at /api/ai. */
export function aiRouter(services: Services) {
  const r = Router();
  const { studio } = services;
  const admin = (req: Request) => viewerOf(services, req, "admin");

  r.get("/usage", async (req, res) => {
    res.json(restUsage(await studio.usage(await viewerOf(services, req))));
  });

  r.get("/capabilities", async (req, res) => {
    res.json(await studio.capabilities(await viewerOf(services, req)));
  });

  r.get("/settings", async (req, res) => {
    res.json(restSettings(await studio.aiSettings(await admin(req))));
  });

  /** {provider, base_url?, model?, api_key?, clear_api_key?}: an empty api_key keeps the stored one. */
  r.put("/settings", async (req, res) => {
    res.json(restSettings(await studio.updateAiSettings(await admin(req), camelBody(req), metaOf(req))));
  });

  /** One short caption by the writer in force, or by the settings in the body (tried, not saved): {ok, provider, fell_back, latency_ms, sample, note}. */
  r.post("/settings/test", async (req, res) => {
    const body = camelBody(req);
    const t = await studio.testAiSettings(
      await admin(req),
      metaOf(req),
      body && Object.keys(body).length ? body : undefined,
    );
    res.json({
      ok: t.ok,
      provider: t.provider,
      fell_back: t.fellBack,
      latency_ms: t.latencyMs,
      sample: t.sample,
      note: t.note,
    });
  });

  return r;
}
