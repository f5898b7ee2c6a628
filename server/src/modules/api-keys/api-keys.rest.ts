// REST compatibility for /api/api-keys: thin, calls the api-keys service. Managing keys needs a
// person's access token; REST never accepts API keys themselves.
import { Router } from "express";
import type { ApiKey } from "../../generated/prisma/client.ts";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";

const restApiKey = (k: ApiKey) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

export function apiKeysRouter(services: Services) {
  const r = Router();
  const { apiKeys } = services;
  const viewer = (req: Parameters<typeof viewerOf>[1]) => viewerOf(services, req, "business");

  r.get("/", async (req, res) => {
    const list = await apiKeys.list(await viewer(req));
    res.json({ premium: list.premium, can_manage: list.canManage, api_keys: list.keys.map(restApiKey) });
  });

  // the key is in this answer only
  r.post("/", async (req, res) => {
    const { apiKey, key } = await apiKeys.create(await viewer(req), camelBody(req), metaOf(req));
    res.status(201).json({ key, api_key: restApiKey(apiKey) });
  });

  r.delete("/:id", async (req, res) => {
    res.json(restApiKey(await apiKeys.revoke(await viewer(req), req.params.id, metaOf(req))));
  });

  return r;
}
