// Snapchat has no public API for posting to a profile: the person posts by hand at the scheduled
// time and marks the post done. The adapter exists so every platform answers the same interface.
import { PlatformError, type PlatformAdapter } from "./types.ts";

const noApi = () => {
  throw new PlatformError("rejected", "Snapchat has no public posting API");
};

export function createSnapchatAdapter(): PlatformAdapter {
  return {
    name: "snapchat",
    manual: true,
    refreshMarginMs: 0,
    configured: () => true,
    authorizeUrl: noApi,
    exchangeCode: async () => noApi(),
    refresh: async () => noApi(),
    // manual posts never reach the publishing steps
    prepare: async () => noApi(),
    send: async () => noApi(),
    reconcile: async () => noApi(),
    metrics: async () => new Map(),
  };
}
