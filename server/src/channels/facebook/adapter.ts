// A Facebook Page's Messenger conversations through the Messenger Platform (Graph API, graph.facebook.com),
// with the Page access token and its appsecret_proof (docs/architecture.md#channel-packs): the Send API
// (POST /{page-id}/messages, messaging_type RESPONSE inside the 24-hour window, MESSAGE_TAG with HUMAN_AGENT
// up to 7 days), the messaging webhook (object "page", entry[].messaging[]: messages, echoes, postbacks
// with an m.me link's referral, referrals, reads), the Conversations API for the sweep and the Page's
// webhook subscription. Sending and reading need pages_messaging, subscribing pages_manage_metadata; a
// missing one is refused as "auth" naming it. Messenger's templates are not WhatsApp's: none are sent.
import { createHmac } from "node:crypto";
import type { Config } from "../../config.ts";
import type { ChannelAdapter } from "../types.ts";
import { metaChannel } from "../meta-webhook.ts";

/**
 * The Page webhook fields for messaging (Messenger Platform, "Webhook Events Reference"): Messenger sends
 * echoes and reads under fields of their own, and m.me links opened in an existing thread as messaging_referrals.
 */
const FIELDS = ["messages", "messaging_postbacks", "messaging_referrals", "message_echoes", "message_reads"] as const;

export function createFacebookChannel(
  cfg: Config["platforms"]["facebook"] & { timeoutMs?: number; backoffMs?: number },
): ChannelAdapter {
  const parts = metaChannel({
    channel: "facebook",
    appId: cfg.appId,
    appSecret: cfg.appSecret,
    webhookVerifyToken: cfg.webhookVerifyToken,
    object: "page",
    platform: "messenger",
    fields: FIELDS,
    graph: {
      // FACEBOOK_GRAPH_URL carries the version
      url: (path) => `${cfg.graphUrl}/${path}`,
      // Meta's "Require App Secret" setting: every call with a token proves it comes from the app's server
      proof: (token) => (cfg.appSecret ? createHmac("sha256", cfg.appSecret).update(token).digest("hex") : undefined),
      needs: "pages_messaging",
      timeoutMs: cfg.timeoutMs,
      backoffMs: cfg.backoffMs,
    },
  });
  return {
    name: "facebook",
    configured: () => Boolean(cfg.appId && cfg.appSecret && cfg.webhookVerifyToken),
    ...parts,
  };
}
