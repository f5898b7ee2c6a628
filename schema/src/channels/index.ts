// The conversation channels (docs/architecture.md#channel-packs): where guests write to a café privately.
// One entry per channel, read by the server's channel packs, the conversations module and the inbox screen;
// a table keyed by channel that misses one does not compile. Figures are the services' own published limits.
import type { Bilingual } from "../networks/common.ts";

export const CHANNELS = ["instagram", "facebook", "whatsapp"] as const;
export type ChannelName = (typeof CHANNELS)[number];

export interface ChannelPack {
  id: ChannelName;
  label: Bilingual;
  /** the customer-service window after the guest's last message: free-form replies only inside it */
  windowHours: number;
  /** Meta's HUMAN_AGENT tag: a person may still answer this many days after the guest's last message; null: none */
  humanAgentDays: number | null;
  /** outside the window only an approved template may be sent (WhatsApp) */
  templates: boolean;
  /** longest text of one message, in textUnit */
  maxText: number;
  /** how maxText counts: Instagram counts UTF-8 bytes (an Arabic letter is two), the others characters */
  textUnit: "bytes" | "characters";
  /** a photo sent in a message: the types and the largest size the channel takes */
  image: { mimes: readonly string[]; maxBytes: number };
  /** a photo may carry a caption (Instagram and Messenger take none: the words go as their own message) */
  captions: boolean;
  /** buttons to tap in one message, and the longest title of one */
  choices: { max: number; maxTitle: number };
}

const MB = 1024 * 1024;

export const CHANNEL_PACKS: Readonly<Record<ChannelName, ChannelPack>> = {
  // Instagram API with Instagram Login, Messaging: text up to 1,000 bytes; images png, jpeg, gif up to 8 MB;
  // quick replies up to 13 with 20-character titles
  instagram: {
    id: "instagram",
    label: { en: "Instagram messages", ar: "رسائل إنستغرام" },
    windowHours: 24,
    humanAgentDays: 7,
    templates: false,
    maxText: 1000,
    textUnit: "bytes",
    image: { mimes: ["image/png", "image/jpeg", "image/gif"], maxBytes: 8 * MB },
    captions: false,
    choices: { max: 13, maxTitle: 20 },
  },
  // Messenger Platform (Send API): text up to 2,000 characters; attachments up to 25 MB; 13 quick replies
  facebook: {
    id: "facebook",
    label: { en: "Facebook messages", ar: "رسائل فيسبوك" },
    windowHours: 24,
    humanAgentDays: 7,
    templates: false,
    maxText: 2000,
    textUnit: "characters",
    image: { mimes: ["image/png", "image/jpeg", "image/gif"], maxBytes: 25 * MB },
    captions: false,
    choices: { max: 13, maxTitle: 20 },
  },
  // WhatsApp Cloud API: text body up to 4,096 characters; images jpeg or png up to 5 MB; 3 reply buttons of
  // 20 characters; outside the 24-hour customer service window only approved templates
  whatsapp: {
    id: "whatsapp",
    label: { en: "WhatsApp", ar: "واتساب" },
    windowHours: 24,
    humanAgentDays: null,
    templates: true,
    maxText: 4096,
    textUnit: "characters",
    image: { mimes: ["image/jpeg", "image/png"], maxBytes: 5 * MB },
    captions: true,
    choices: { max: 3, maxTitle: 20 },
  },
};

/** A text's length as the channel counts it (CHANNEL_PACKS' textUnit). */
export const channelTextLength = (channel: ChannelName, text: string): number =>
  CHANNEL_PACKS[channel].textUnit === "bytes" ? new TextEncoder().encode(text).length : [...text].length;

export const isChannel = (v: unknown): v is ChannelName =>
  typeof v === "string" && (CHANNELS as readonly string[]).includes(v);
