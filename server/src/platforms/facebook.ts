// Facebook Pages. (Placeholder while the adapter is built: not configured, refuses.)
import { PlatformError, type PlatformAdapter } from "./types.ts";

export interface FacebookPagesConfig {
  appId?: string;
  appSecret?: string;
  authorizeUrl: string;
  graphUrl: string;
  publishTimeoutMs?: number;
}

export function createFacebookAdapter(_cfg: FacebookPagesConfig): PlatformAdapter {
  const no = async (): Promise<never> => {
    throw new PlatformError("plan", "Facebook Page publishing is not available yet");
  };
  return {
    name: "facebook",
    manual: false,
    refreshMarginMs: 0,
    configured: () => false,
    authorizeUrl: () => {
      throw new PlatformError("plan", "Facebook Page publishing is not available yet");
    },
    exchangeCode: no,
    refresh: no,
    prepare: no,
    send: no,
    reconcile: no,
    metrics: async () => new Map(),
  };
}
