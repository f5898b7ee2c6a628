// TikTok's Content Posting API. (Placeholder while the adapter is built: not configured, refuses.)
import { PlatformError, type PlatformAdapter } from "./types.ts";

export interface TikTokConfig {
  clientKey?: string;
  clientSecret?: string;
  authorizeUrl: string;
  apiUrl: string;
  /** false: posts go to the creator's TikTok inbox (MEDIA_UPLOAD), the person finishes them in TikTok */
  directPost: boolean;
  publishTimeoutMs?: number;
}

export function createTikTokAdapter(_cfg: TikTokConfig): PlatformAdapter {
  const no = async (): Promise<never> => {
    throw new PlatformError("plan", "TikTok publishing is not available yet");
  };
  return {
    name: "tiktok",
    manual: false,
    refreshMarginMs: 0,
    configured: () => false,
    authorizeUrl: () => {
      throw new PlatformError("plan", "TikTok publishing is not available yet");
    },
    exchangeCode: no,
    refresh: no,
    prepare: no,
    send: no,
    reconcile: no,
    metrics: async () => new Map(),
  };
}
