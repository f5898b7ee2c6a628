// Conversations as the screen reads them (no React, no Apollo): a thread and its messages in the screen's
// own shape, the list's filters as they live in the address bar (?view=messages&channel=whatsapp&...), what
// the channel lets the café send now (the window sign), a draft's send key, a saved reply in the guest's
// language, a template's parameters and preview, and a duration in days, hours and minutes.
import {
  CHANNEL_PACKS,
  CHANNELS,
  CONVERSATION_STATUSES,
  isMessageKey,
  messageText,
  templateParamCount,
  type ChannelName,
  type ConversationStatus,
  type Locale,
} from "@sufra/schema";

type MessageDirection = "in" | "out" | "event";
export type MessageState = "sending" | "sent" | "delivered" | "read" | "failed";
export const MESSAGE_STATES: readonly MessageState[] = ["sending", "sent", "delivered", "read", "failed"];

export interface ChatMessage {
  id: string;
  direction: MessageDirection;
  kind: string;
  text: string;
  media: { kind: string; url: string | null; mime: string | null; caption: string | null }[];
  choices: { id: string; title: string }[];
  templateName: string | null;
  /** the café's messages only */
  state: MessageState | null;
  /** why the channel refused it ("window": the guest's window had closed) */
  error: string | null;
  humanAgent: boolean;
  orderId: string | null;
  at: string;
}

interface ThreadNote {
  id: string;
  text: string;
  authorId: string | null;
  createdAt: string;
}

export interface WindowState {
  open: boolean;
  closesAt: string | null;
  humanAgentUntil: string | null;
  templateOnly: boolean;
}

export type StartedKind = "post" | "story" | "ad" | "link";
export const STARTED_KINDS: readonly StartedKind[] = ["post", "story", "ad", "link"];

/** One conversation as the list shows it. */
export interface Thread {
  id: string;
  channel: ChannelName;
  /** the name the channel gives, else the guest's id there (a WhatsApp number) */
  guest: string;
  guestId: string;
  status: ConversationStatus;
  unread: number;
  assignedToId: string | null;
  lastMessageAt: string;
  lastPreview: string;
  /** the guest's language, read from their words; null when not known yet */
  language: "en" | "ar" | null;
  awaitingSince: string | null;
  started: { kind: StartedKind | null; postId: string | null; campaignId: string | null };
  demo: boolean;
}

/** One conversation opened: what may be sent now, its messages and the team's notes. */
export interface ThreadFull extends Thread {
  window: WindowState;
  messages: ChatMessage[];
  notes: ThreadNote[];
}

/** An item the guest's messages order, as a suggested answer read it (the menu's item, price in fils). */
interface OrderLineStart {
  menuItemId: string;
  name: string;
  nameAr: string | null;
  quantity: number;
  /** null: the menu has no price for it */
  unitFils: number | null;
}

/** What an order started from a thread begins with: the suggestion's items, their total and the area named. */
export interface OrderStart {
  items: OrderLineStart[];
  /** null when an item has no price */
  totalFils: number | null;
  /** the Kuwait area the guest named for a delivery (a KUWAIT_AREAS key) */
  area: string | null;
}

// ------------------------------------------------------------------ the list's filters in the address bar

export type AssignedFilter = "me" | "none";
export interface ConversationFilters {
  channel?: ChannelName;
  status?: ConversationStatus;
  assigned?: AssignedFilter;
  unread?: boolean;
}

const FILTER_KEYS = ["channel", "status", "assigned", "unread"] as const;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v && (list as readonly string[]).includes(v) ? (v as T) : undefined;

/** The filters a query string names; anything unknown is left out (an old link still opens). */
export function filtersFrom(params: URLSearchParams): ConversationFilters {
  const f: ConversationFilters = {};
  const channel = oneOf(CHANNELS, params.get("channel"));
  if (channel) f.channel = channel;
  const status = oneOf(CONVERSATION_STATUSES, params.get("status"));
  if (status) f.status = status;
  const assigned = oneOf(["me", "none"] as const, params.get("assigned"));
  if (assigned) f.assigned = assigned;
  if (params.get("unread") === "1") f.unread = true;
  return f;
}

/** The query string of `filters`, keeping the other parameters of `base` (the view, the open thread). */
export function withFilters(base: URLSearchParams, filters: ConversationFilters): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const k of FILTER_KEYS) next.delete(k);
  if (filters.channel) next.set("channel", filters.channel);
  if (filters.status) next.set("status", filters.status);
  if (filters.assigned) next.set("assigned", filters.assigned);
  if (filters.unread) next.set("unread", "1");
  return next;
}

export const filterCount = (f: ConversationFilters) =>
  Object.values(f).filter((v) => v !== undefined && v !== false).length;

// ------------------------------------------------------------------ the window sign

/**
 * What the thread's channel lets the café send now, read at `now` (the server's answer ages while the thread
 * stays open): a free message while the window is open, with the time left; on Instagram and Messenger after
 * it, a person's answer tagged human agent until then; on WhatsApp after it, an approved template only;
 * otherwise nothing.
 */
export type WindowSign =
  | { kind: "open"; closesAt: string; leftMs: number }
  | { kind: "humanAgent"; until: string }
  | { kind: "template" }
  | { kind: "closed" };

export function windowSign(w: WindowState, channel: ChannelName, now: number): WindowSign {
  const closes = w.closesAt ? new Date(w.closesAt).getTime() : null;
  if (w.open && w.closesAt && closes !== null && closes > now)
    return { kind: "open", closesAt: w.closesAt, leftMs: closes - now };
  if (w.templateOnly || (CHANNEL_PACKS[channel].templates && closes !== null)) return { kind: "template" };
  if (w.humanAgentUntil && new Date(w.humanAgentUntil).getTime() > now)
    return { kind: "humanAgent", until: w.humanAgentUntil };
  return { kind: "closed" };
}

/** Whether a free text (not a template) may be sent under this sign. */
export const mayWriteFreely = (s: WindowSign) => s.kind === "open" || s.kind === "humanAgent";

// ------------------------------------------------------------------ durations

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
}

/** A span in whole days, hours and minutes (rounded down): 5 h 12 min; under a minute is all zeros. */
export function durationParts(ms: number): DurationParts {
  const total = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

// ------------------------------------------------------------------ sending

/** A fresh key for one message: the server sends a key once, however often it is asked. */
function newSendKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The draft being sent and its key. */
export interface DraftKey {
  draft: string;
  key: string;
}

/**
 * The key to send `draft` with: the same key while the same draft is sent again (a double click, a retry
 * after an error, when it is unknown whether the first went), a new one for a changed draft.
 */
export const keyForDraft = (held: DraftKey | null, draft: string, fresh: () => string = newSendKey): DraftKey =>
  held && held.draft === draft ? held : { draft, key: fresh() };

/** A saved reply's text for a guest: Arabic for an Arabic guest, English otherwise; the other when one is empty. */
export const savedReplyText = (r: { textEn: string; textAr: string }, language: "en" | "ar" | null) =>
  language === "ar" ? r.textAr || r.textEn : r.textEn || r.textAr;

/** How many characters a text counts for a channel's limit (a surrogate pair is one). */
export const textLength = (text: string) => [...text].length;

// ------------------------------------------------------------------ WhatsApp templates

export type TemplateStatus = "draft" | "pending" | "approved" | "rejected" | "paused" | "disabled";
export const TEMPLATE_STATUSES: readonly TemplateStatus[] = [
  "draft",
  "pending",
  "approved",
  "rejected",
  "paused",
  "disabled",
];

export interface WhatsappTemplate {
  id: string;
  name: string;
  language: "en" | "ar";
  category: "UTILITY" | "MARKETING";
  body: string;
  examples: string[];
  status: TemplateStatus;
  reason: string | null;
}

/** How many parameters a template takes ({{1}}, {{2}}, ...). */
export const paramCount = (body: string) => templateParamCount(body);

/** The template's text with the parameters given so far; a parameter not given yet stays {{n}}. */
export const fillTemplate = (body: string, params: readonly string[]) =>
  body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1]?.trim() || whole);

/** The template's parameters `count` long (kept when there are more inputs than needed). */
export const paramsOf = (params: readonly string[], count: number) =>
  Array.from({ length: count }, (_, i) => params[i] ?? "");

// ------------------------------------------------------------------ forms

/** What a shared rule (a field of @sufra/schema's conversations rules) reads from. */
interface Rule {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** The rule's first message for `value`, in the person's language; null when the value passes. */
export function ruleProblem(rule: Rule, value: unknown, locale: Locale): string | null {
  const r = rule.safeParse(value);
  if (r.success) return null;
  const key = r.error?.issues[0]?.message;
  return messageText(isMessageKey(key) ? key : "invalidValue", locale);
}
