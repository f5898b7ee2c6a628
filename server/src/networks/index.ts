// The registry of the server's network packs (docs/architecture.md#network-packs): one entry per network,
// each pack in networks/<network>/ (its adapter, and its guests or discovery reader where it has one).
// Modules ask this registry for a network's adapter, never import a pack's adapter to branch on it; demo
// accounts get the demo network's adapter instead. Each pack's strict stand-in for tests is named here
// (tests stay out of production: the stand-ins live in server/tests/fakes/).
import { PLATFORMS } from "@sufra/schema";
import type { Config } from "../config.ts";
import { createDemoNetwork } from "./demo.ts";
import { createFacebookAdapter } from "./facebook/adapter.ts";
import { createGoogleAdapter } from "./google/adapter.ts";
import type { GoogleGuests } from "./guests.ts";
import { createInstagramAdapter } from "./instagram/adapter.ts";
import { createSnapchatAdapter } from "./snapchat/adapter.ts";
import { createTikTokAdapter, type TikTokAdapter } from "./tiktok/adapter.ts";
import type { PlatformAdapter, PlatformName } from "./types.ts";
import { createXAdapter } from "./x/adapter.ts";

type PlatformsConfig = Config["platforms"];

/** What the registry holds of one network on the server. */
export interface ServerNetworkPack {
  /** its real adapter, from this server's configuration of it */
  create(config: PlatformsConfig): PlatformAdapter;
  /** the strict stand-in its tests speak to (server/tests/fakes/), refusing what the network refuses */
  standIn: string;
}

const timeout = (c: PlatformsConfig) => ({ publishTimeoutMs: c.publishTimeoutMs });

/** Every network's server pack, by its id: a network without one does not compile. */
export const SERVER_NETWORK_PACKS: Readonly<Record<PlatformName, ServerNetworkPack>> = {
  instagram: {
    create: (c) => createInstagramAdapter({ ...c.instagram, ...timeout(c) }),
    standIn: "server/tests/fakes/instagram-server.ts",
  },
  twitter: { create: (c) => createXAdapter({ ...c.x, ...timeout(c) }), standIn: "server/tests/fakes/x-server.ts" },
  snapchat: {
    create: (c) => createSnapchatAdapter({ ...c.snapchat, ...timeout(c) }),
    standIn: "server/tests/fakes/snap-server.ts",
  },
  google: {
    create: (c) => createGoogleAdapter({ ...c.google, ...timeout(c) }),
    standIn: "server/tests/fakes/google-server.ts",
  },
  tiktok: {
    create: (c) => createTikTokAdapter({ ...c.tiktok, ...timeout(c) }),
    standIn: "server/tests/fakes/tiktok-server.ts",
  },
  facebook: {
    create: (c) => createFacebookAdapter({ ...c.facebook, ...timeout(c) }),
    standIn: "server/tests/fakes/facebook-server.ts",
  },
};

export interface Platforms {
  adapter(platform: PlatformName, opts: { demo: boolean }): PlatformAdapter;
  /** Google Business Profile with what it reads and answers (locations, reviews, replies) */
  google(opts: { demo: boolean }): PlatformAdapter & GoogleGuests;
  /** TikTok's real adapter with the creator's settings (creator_info); demo accounts answer a simulated creator */
  tiktok(): TikTokAdapter;
}

export function createPlatforms(config: Pick<Config, "platforms">): Platforms {
  const real = Object.fromEntries(
    PLATFORMS.map((p) => [p, SERVER_NETWORK_PACKS[p].create(config.platforms)]),
  ) as Record<PlatformName, PlatformAdapter>;
  // Google and TikTok offer more than a post's adapter: their packs' own readers, by their own types
  const realGoogle = real.google as ReturnType<typeof createGoogleAdapter>;
  const realTikTok = real.tiktok as TikTokAdapter;
  const demo = createDemoNetwork();
  return {
    adapter: (platform, { demo: isDemo }) => (isDemo ? demo.adapter(platform) : real[platform]),
    google: ({ demo: isDemo }) => (isDemo ? demo.google() : realGoogle),
    tiktok: () => realTikTok,
  };
}
