// Conversations' rules (docs/product.md#conversations), used by both doors and the inbox's forms: a message
// a person sends, a team note, a saved reply, a WhatsApp template, an assignment, the guests' data retention.
import { z } from "zod";
import { CHANNELS } from "./channels/index.ts";
import type { MessageKey } from "./messages.ts";
import { multiLine, singleLine } from "./text.ts";

const key = (k: MessageKey) => ({ error: k });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = () => singleLine(key("invalidValue")).regex(UUID, key("invalidValue"));

export const CONVERSATION_STATUSES = ["open", "handled"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The longest text of any channel (WhatsApp's 4,096); each channel's own limit is checked when it is sent. */
export const CONVERSATION_TEXT_MAX = 4096;
export const CONVERSATION_NOTE_MAX = 2000;
export const SAVED_REPLY_TITLE_MAX = 60;
/** Guests' data is kept at least this many days and at most this many (docs/product.md#guests-data). */
export const GUEST_RETENTION_DAYS = { min: 30, max: 1095, default: 365 } as const;

export const conversationFilterSchema = z.object({
  channel: z.enum(CHANNELS, key("invalidValue")).optional(),
  status: z.enum(CONVERSATION_STATUSES, key("invalidValue")).optional(),
  /** "me": assigned to the viewer; "none": to nobody; or a person's id */
  assigned: z.union([z.enum(["me", "none"], key("invalidValue")), id()]).optional(),
  unread: z.boolean(key("invalidValue")).optional(),
});

/** One message a person sends: a text, a photo of the media library, buttons, a saved reply, or an approved template. */
export const conversationSendSchema = z
  .object({
    /** the caller's key: the same key is one message, however often it is sent */
    key: singleLine(key("invalidValue")).trim().min(8, key("invalidValue")).max(80, key("invalidValue")),
    text: multiLine(key("invalidValue")).trim().max(CONVERSATION_TEXT_MAX, key("conversationTextTooLong")).optional(),
    mediaId: id().optional(),
    choices: z
      .array(
        singleLine(key("invalidValue")).trim().min(1, key("invalidValue")).max(20, key("conversationChoiceTooLong")),
        key("invalidValue"),
      )
      .max(13, key("invalidValue"))
      .optional(),
    templateId: id().optional(),
    params: z
      .array(singleLine(key("invalidValue")).trim().max(200, key("tooLong")), key("invalidValue"))
      .max(10, key("invalidValue"))
      .optional(),
  })
  .refine((v) => !!(v.text || v.mediaId || v.templateId), { error: "conversationMessageRequired", path: ["text"] });

export const conversationNoteSchema = z.object({
  text: multiLine(key("conversationNoteRequired"))
    .trim()
    .min(1, key("conversationNoteRequired"))
    .max(CONVERSATION_NOTE_MAX, key("tooLong")),
});

export const savedReplySchema = z
  .object({
    title: singleLine(key("nameRequired"))
      .trim()
      .min(1, key("nameRequired"))
      .max(SAVED_REPLY_TITLE_MAX, key("tooLong")),
    textEn: multiLine(key("invalidValue"))
      .trim()
      .max(CONVERSATION_TEXT_MAX, key("conversationTextTooLong"))
      .default(""),
    textAr: multiLine(key("invalidValue"))
      .trim()
      .max(CONVERSATION_TEXT_MAX, key("conversationTextTooLong"))
      .default(""),
  })
  .refine((v) => !!(v.textEn || v.textAr), { error: "conversationMessageRequired", path: ["textEn"] });

/** WhatsApp's template name rule: lower-case letters, digits and underscores. */
export const whatsappTemplateSchema = z.object({
  name: singleLine(key("invalidValue"))
    .trim()
    .min(1, key("nameRequired"))
    .max(512, key("tooLong"))
    .regex(/^[a-z0-9_]+$/, key("whatsappTemplateName")),
  language: z.enum(["en", "ar"], key("invalidValue")),
  category: z.enum(["UTILITY", "MARKETING"], key("invalidValue")),
  body: multiLine(key("conversationMessageRequired"))
    .trim()
    .min(1, key("conversationMessageRequired"))
    .max(1024, key("tooLong")),
  examples: z
    .array(
      singleLine(key("invalidValue")).trim().min(1, key("invalidValue")).max(200, key("tooLong")),
      key("invalidValue"),
    )
    .max(10, key("invalidValue"))
    .default([]),
});

export const whatsappConnectSchema = z.object({
  code: singleLine(key("invalidValue")).trim().min(1, key("invalidValue")).max(2048, key("invalidValue")),
  phoneNumberId: singleLine(key("invalidValue")).regex(/^\d{5,30}$/, key("invalidValue")),
  wabaId: singleLine(key("invalidValue")).regex(/^\d{5,30}$/, key("invalidValue")),
  /** the number's two-step verification PIN: six digits */
  pin: singleLine(key("invalidValue")).regex(/^\d{6}$/, key("whatsappPin")),
});

export const guestRetentionSchema = z.object({
  days: z
    .number(key("invalidValue"))
    .int(key("invalidValue"))
    .min(GUEST_RETENTION_DAYS.min, key("guestRetentionRange"))
    .max(GUEST_RETENTION_DAYS.max, key("guestRetentionRange")),
});

/** The placeholders of a template body ({{1}}, {{2}}, ...): how many parameters a send must give. */
export const templateParamCount = (body: string): number => {
  const n = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
  return n.length ? Math.max(...n) : 0;
};
