// One interface for every conversation channel (docs/architecture.md#channel-packs): Instagram messages,
// Facebook Page messages (Messenger) and WhatsApp. A channel's adapter reads its webhook (the signature
// checked over the raw bytes), sends one message, reads recent messages for the safety sweep and
// subscribes an account to the webhook. It never touches the database: the conversations module stores
// what it reads and decides when a message may be sent (the 24-hour window, templates, the human agent tag).
import type { ChannelName } from "@sufra/schema";

/** The café's side of a channel as an adapter sees it: decrypted token, never stored by the adapter. */
export interface ChannelAccess {
  /** Instagram: the professional account's id; Facebook: the Page id; WhatsApp: the phone number id */
  externalId: string;
  accessToken: string;
  /** WhatsApp: the WhatsApp Business Account (WABA) id, where templates live */
  groupId?: string | null;
}

type InboundMediaKind = "image" | "video" | "audio" | "document" | "sticker" | "file";

export interface InboundMedia {
  kind: InboundMediaKind;
  /** a URL the channel gives for it (Meta's CDN), when it gives one */
  url?: string | null;
  /** WhatsApp: the media id to download it with */
  mediaId?: string | null;
  mime?: string | null;
  caption?: string | null;
}

/** What started a conversation, as the channel tells it (a post or story the guest answered, an ad, a link). */
export interface ConversationStart {
  kind: "post" | "story" | "ad" | "link";
  /** the network's id of the post, story or ad */
  externalId?: string | null;
  /** the ref of an ig.me / m.me / wa.me link (Sufra's campaign links carry one) */
  ref?: string | null;
  url?: string | null;
}

export interface InboundMessage {
  channel: ChannelName;
  /** the café's side: the Instagram account id, the Page id, the WhatsApp phone number id */
  accountExternalId: string;
  /** the guest: IGSID, PSID, or the WhatsApp id (wa_id, the number without +) */
  guestExternalId: string;
  /** the guest's name or username, when the channel tells it */
  guestName?: string | null;
  /** the channel's message id (mid, wamid); unique per channel */
  externalId: string;
  at: Date;
  text: string;
  media: InboundMedia[];
  /** a quick reply or interactive button the guest tapped */
  choice?: { id: string; title: string } | null;
  /** written by the café's side (an echo of a message sent from the app or from Sufra) */
  fromBusiness: boolean;
  startedBy?: ConversationStart | null;
  /** the message this one answers (the channel's id) */
  replyTo?: string | null;
}

export type DeliveryState = "sent" | "delivered" | "read" | "failed";

export interface DeliveryStatus {
  channel: ChannelName;
  accountExternalId: string;
  /** the id of the message the café sent */
  externalId: string;
  state: DeliveryState;
  at: Date;
  error?: { code: string; message: string } | null;
}

export type TemplateState = "pending" | "approved" | "rejected" | "paused" | "disabled";

/** WhatsApp's word on a template (the message_template_status_update webhook, or a read of the templates). */
export interface TemplateStatus {
  /** the WABA id */
  groupId: string;
  externalId: string;
  name: string;
  language: string;
  state: TemplateState;
  reason?: string | null;
}

export type ChannelEvent =
  | { kind: "message"; message: InboundMessage }
  | { kind: "status"; status: DeliveryStatus }
  | { kind: "template"; template: TemplateStatus }
  /** Messenger/Instagram: the guest read the café's messages up to this time */
  | { kind: "read"; channel: ChannelName; accountExternalId: string; guestExternalId: string; at: Date };

export type OutgoingMessage =
  | { kind: "text"; text: string }
  /** a photo the channel fetches from this URL (Sufra's public media URL) */
  | { kind: "image"; url: string; mime: string; bytes: number; caption?: string | null }
  /** a text with buttons to tap: WhatsApp's interactive reply buttons, Messenger's and Instagram's quick replies */
  | { kind: "choices"; text: string; choices: { id: string; title: string }[] }
  /** WhatsApp only: an approved template, with its body's parameters in order */
  | { kind: "template"; name: string; language: string; params: string[] };

export interface SendRequest {
  access: ChannelAccess;
  /** the guest's id on the channel */
  to: string;
  message: OutgoingMessage;
  /** past the 24-hour window and within 7 days: Meta's HUMAN_AGENT tag (Instagram, Messenger) */
  humanAgent?: boolean;
  signal?: AbortSignal;
}

interface ChannelTemplateInput {
  name: string;
  /** WhatsApp's language code: "en", "ar" */
  language: string;
  category: "UTILITY" | "MARKETING";
  /** with {{1}}, {{2}} placeholders */
  body: string;
  /** one example value per placeholder */
  examples: string[];
}

/** Embedded Signup's result once the code is exchanged: the café's number, ready to send. */
export interface ConnectedNumber {
  accessToken: string;
  groupId: string;
  phoneNumberId: string;
  displayPhone: string;
  verifiedName: string | null;
}

export interface ChannelAdapter {
  readonly name: ChannelName;
  /** false when this server has no app credentials for the channel */
  configured(): boolean;
  /** the webhook's events, or null when the signature (X-Hub-Signature-256) is missing or wrong */
  readWebhook(rawBody: Buffer, signature: string | undefined): ChannelEvent[] | null;
  /** the subscription handshake: the challenge to echo, or null */
  verifySubscription(query: Record<string, unknown>): string | null;
  /** sends one message; throws PlatformError (windowRefusal tells a closed window) */
  send(req: SendRequest): Promise<{ externalId: string }>;
  /** messages of the account's conversations since a time, oldest first (the safety sweep; webhooks race it) */
  recentMessages(access: ChannelAccess, since: Date): Promise<InboundMessage[]>;
  /** subscribes the account (Page, Instagram account, WABA) to this server's messaging webhook */
  subscribe(access: ChannelAccess): Promise<void>;
  /** WhatsApp: Embedded Signup's code exchanged for the business token, the number registered and subscribed */
  connect?(p: { code: string; phoneNumberId: string; groupId: string; pin: string }): Promise<ConnectedNumber>;
  /** WhatsApp: submits a template for Meta's review */
  submitTemplate?(access: ChannelAccess, t: ChannelTemplateInput): Promise<TemplateStatus>;
  /** WhatsApp: the account's templates and their review state */
  templates?(access: ChannelAccess): Promise<TemplateStatus[]>;
}
