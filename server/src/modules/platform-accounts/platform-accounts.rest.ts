// REST for a business's network accounts: /api/platforms. The callback is where the network sends
// the person back (no session header there: the single-use state says whose connect it was).
import { Router } from "express";
import { camelBody, metaOf, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import { isPracticeAccount, type PlatformConnection } from "./platform-accounts.service.ts";
import type { z } from "zod";
import type { restAccountSchema } from "./platform-accounts.openapi.ts";

type Account = NonNullable<PlatformConnection["account"]>;
const restAccount = (a: Account): z.output<typeof restAccountSchema> => ({
  id: a.id,
  platform: a.platform,
  status: a.status,
  handle: a.handle,
  display_name: a.displayName,
  demo: a.demo,
  practice: isPracticeAccount(a),
  token_expires_at: a.tokenExpiresAt?.toISOString() ?? null,
  last_error: a.lastError,
  connected_at: a.connectedAt.toISOString(),
});

export function platformAccountsRouter(services: Services) {
  const r = Router();
  const { platformAccounts } = services;
  const viewer = (req: Parameters<typeof viewerOf>[1]) => viewerOf(services, req, "business");

  const restConnections = (list: PlatformConnection[]) => ({
    platforms: list.map((c) => ({
      platform: c.platform,
      available: c.available,
      configured: c.configured,
      manual: c.manual,
      account: c.account ? restAccount(c.account) : null,
      practice_available: c.practiceAvailable,
      setup_problem: c.setupProblem,
      scopes: c.scopes ? [...c.scopes] : null,
    })),
  });

  r.get("/", async (req, res) => {
    res.json(restConnections(await platformAccounts.list(await viewer(req))));
  });

  r.post("/practice", async (req, res) => {
    res.json(restConnections(await platformAccounts.addPracticeAccounts(await viewer(req), metaOf(req))));
  });

  r.post("/:platform/connect", async (req, res) => {
    const r2 = await platformAccounts.connect(
      await viewer(req),
      { ...camelBody(req), platform: req.params.platform },
      metaOf(req),
    );
    res
      .status(r2.account ? 201 : 200)
      .json({ authorize_url: r2.authorizeUrl, account: r2.account ? restAccount(r2.account) : null });
  });

  r.get("/:platform/callback", async (req, res) => {
    const to = await platformAccounts.completeConnect(
      { platform: req.params.platform, state: req.query.state, code: req.query.code, error: req.query.error },
      metaOf(req),
    );
    res.redirect(302, to);
  });

  r.delete("/:platform", async (req, res) => {
    res.json(restAccount(await platformAccounts.disconnect(await viewer(req), req.params.platform, metaOf(req))));
  });
  return r;
}
