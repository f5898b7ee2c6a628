// Instagram messages through the Instagram API with Instagram Login (graph.instagram.com), the café's own
// Instagram token as a bearer (docs/architecture.md#channel-packs): the Send API (POST /{ig-user-id}/messages,
// text, a photo by URL, quick replies, HUMAN_AGENT past 24 hours), the messaging webhook (object
// "instagram", entry[].messaging[]), the Conversations API for the sweep and the account's webhook
// subscription. Every call needs instagram_business_manage_messages; without it the call is refused as
// "auth" naming that scope. Instagram has no message templates.
import type { Config } from "../../config.ts";
import type { ChannelAdapter } from "../types.ts";
import { metaChannel } from "../meta-webhook.ts";

/**
 * The messaging webhook fields with Instagram Login (Instagram Platform, "Webhooks"): messages (with the
 * account's own messages as echoes), ice breaker and button taps, reads, and ig.me links opened in an existing thread.
 */
const FIELDS = ["messages", "messaging_postbacks", "messaging_seen", "messaging_referral"] as const;

export function createInstagramChannel(
  cfg: Config["platforms"]["instagram"] & { timeoutMs?: number; backoffMs?: number },
): ChannelAdapter {
  const parts = metaChannel({
    channel: "instagram",
    appId: cfg.appId,
    appSecret: cfg.appSecret,
    webhookVerifyToken: cfg.webhookVerifyToken,
    object: "instagram",
    platform: "instagram",
    fields: FIELDS,
    graph: {
      url: (path) => `${cfg.graphUrl}/${cfg.graphVersion}/${path}`,
      needs: "instagram_business_manage_messages",
      timeoutMs: cfg.timeoutMs,
      backoffMs: cfg.backoffMs,
    },
  });
  return {
    name: "instagram",
    // the webhook is how messages arrive: without its secret and verify token there is no channel
    configured: () => Boolean(cfg.appId && cfg.appSecret && cfg.webhookVerifyToken),
    ...parts,
  };
}
