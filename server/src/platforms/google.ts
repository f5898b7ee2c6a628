// Google Business Profile (docs/product.md#google-business-profile): OAuth 2.0 web server flow,
// the person's accounts and locations, reviews and replies, and local posts. Skeleton: filled in below.
import type { Config } from "../config.ts";
import type { GoogleGuests } from "./guests.ts";
import { PlatformError, type PlatformAdapter, type PlatformName } from "./types.ts";

export type GoogleConfig = Config["platforms"]["google"] & { publishTimeoutMs?: number };

export interface GoogleTuning {
  /** base delay of the backoff on read-only calls */
  backoffMs?: number;
}

export function createGoogleAdapter(cfg: GoogleConfig, tune: GoogleTuning = {}): PlatformAdapter & GoogleGuests {
  void tune;
  const todo = async (): Promise<never> => {
    throw new PlatformError("unavailable", "the Google adapter is not finished");
  };
  return {
    // "google" joins PlatformName with the Google network work; until then the cast keeps this compiling
    name: "google" as PlatformName,
    manual: false,
    refreshMarginMs: 5 * 60_000,
    configured: () => Boolean(cfg.clientId && cfg.clientSecret),
    authorizeUrl: () => cfg.authorizeUrl,
    exchangeCode: todo,
    refresh: todo,
    prepare: todo,
    send: todo,
    reconcile: todo,
    metrics: todo,
    places: todo,
    reviews: todo,
    reply: todo,
    deleteReply: todo,
  };
}
