// Picks the adapter for an account: the real network's, or the demo network's for demo accounts.
import type { Config } from "../config.ts";
import { createDemoNetwork } from "./demo.ts";
import { createFacebookAdapter } from "./facebook.ts";
import { createGoogleAdapter } from "./google.ts";
import type { GoogleGuests } from "./guests.ts";
import { createInstagramAdapter } from "./instagram.ts";
import { createSnapchatAdapter } from "./snapchat.ts";
import { createTikTokAdapter, type TikTokAdapter } from "./tiktok.ts";
import type { PlatformAdapter, PlatformName } from "./types.ts";
import { createXAdapter } from "./x.ts";

export interface Platforms {
  adapter(platform: PlatformName, opts: { demo: boolean }): PlatformAdapter;
  /** Google Business Profile with what it reads and answers (locations, reviews, replies) */
  google(opts: { demo: boolean }): PlatformAdapter & GoogleGuests;
  /** TikTok's real adapter with the creator's settings (creator_info); demo accounts answer a simulated creator */
  tiktok(): TikTokAdapter;
}

export function createPlatforms(config: Pick<Config, "platforms">): Platforms {
  const { instagram, x, google, tiktok, facebook, snapchat, publishTimeoutMs } = config.platforms;
  const realGoogle = createGoogleAdapter({ ...google, publishTimeoutMs });
  const realTikTok = createTikTokAdapter({ ...tiktok, publishTimeoutMs });
  const real: Record<PlatformName, PlatformAdapter> = {
    instagram: createInstagramAdapter({ ...instagram, publishTimeoutMs }),
    twitter: createXAdapter({ ...x, publishTimeoutMs }),
    snapchat: createSnapchatAdapter({ ...snapchat, publishTimeoutMs }),
    google: realGoogle,
    tiktok: realTikTok,
    facebook: createFacebookAdapter({ ...facebook, publishTimeoutMs }),
  };
  const demo = createDemoNetwork();
  return {
    adapter: (platform, { demo: isDemo }) => (isDemo ? demo.adapter(platform) : real[platform]),
    google: ({ demo: isDemo }) => (isDemo ? demo.google() : realGoogle),
    tiktok: () => realTikTok,
  };
}
