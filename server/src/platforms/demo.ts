// The simulated network behind the clearly labelled demo accounts of the quick start: posts
// "publish" at once on every platform (Snapchat too) and their figures grow with age. Nothing
// leaves the server. Figures are computed from the post id and its age, so every process and
// every refresh agrees on them without storing anything.
import { createHash, randomBytes } from "node:crypto";
import { sleep } from "./http.ts";
import type { Metrics, PlatformAdapter, PlatformName } from "./types.ts";

const HOUR_MS = 3_600_000;

export interface DemoNetwork {
  adapter(platform: PlatformName): PlatformAdapter;
}

export function createDemoNetwork(): DemoNetwork {
  const adapters = new Map<PlatformName, PlatformAdapter>();
  return {
    adapter(platform) {
      let a = adapters.get(platform);
      if (!a) adapters.set(platform, (a = demoAdapter(platform)));
      return a;
    },
  };
}

export function demoAdapter(platform: PlatformName): PlatformAdapter {
  return {
    name: platform,
    manual: false,
    refreshMarginMs: 0,
    configured: () => true,
    // "connecting" a demo account goes straight back to the callback with a demo code
    authorizeUrl: ({ state, redirectUri }) => {
      const url = new URL(redirectUri);
      url.searchParams.set("code", `demo-${randomBytes(6).toString("hex")}`);
      url.searchParams.set("state", state);
      return url.toString();
    },
    exchangeCode: async () => {
      const id = randomBytes(4).toString("hex");
      return { accessToken: `demo-token-${id}`, refreshToken: null, expiresAt: null, externalId: `demo-${id}`, handle: `demo_${platform}_${id}`, displayName: "Demo account" };
    },
    refresh: async ({ accessToken }) => ({ accessToken, refreshToken: null, expiresAt: null }),
    prepare: async () => {},
    async send(req) {
      await sleep(Math.random() * 300, req.signal);
      // the creation time is part of the id: metrics need the post's age and nothing else
      const id = `demo-${platform}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
      return { externalId: id, permalink: `https://demo.sufra.local/${platform}/${id}` };
    },
    // a demo send always answers, so an interrupted one never happened
    reconcile: async () => ({ state: "absent" }),
    async metrics(_account, externalIds) {
      const out = new Map<string, Metrics>();
      for (const id of externalIds) out.set(id, demoMetrics(id));
      return out;
    },
  };
}

/** Plausible figures for a demo post at `now`: fast growth in the first hours, then a plateau. */
export function demoMetrics(externalId: string, now = Date.now()): Metrics {
  const created = parseInt(externalId.split("-")[2] ?? "", 36);
  const ageHours = Number.isFinite(created) ? Math.max(0, now - created) / HOUR_MS : 0;
  // stable per post: its audience size and its rates come from a hash of the id
  const h = createHash("sha256").update(externalId).digest();
  const r = (i: number) => h.readUInt16BE(i * 2) / 0xffff;
  const audience = 800 + r(0) * 4200;
  const views = Math.round(audience * (1 - Math.exp(-ageHours / 6)));
  const likes = Math.round(views * (0.03 + r(1) * 0.05));
  return {
    views,
    likes,
    comments: Math.round(likes * (0.05 + r(2) * 0.1)),
    shares: Math.round(views * (0.002 + r(3) * 0.008)),
    reach: Math.round(views * (0.7 + r(4) * 0.2)),
  };
}
