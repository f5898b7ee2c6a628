// Conversations at the GraphQL door (docs/product.md#conversations): thin, every field calls the conversations,
// WhatsApp or guests' data service. Reading is open to the business's people and keys; writing to a guest,
// connecting WhatsApp and a guest's data are a person's acts (the services say who).
import { CHANNELS, CONVERSATION_STATUSES, type ChannelName } from "@sufra/schema";
import type { Conversation, ConversationMessage, ConversationNote } from "../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import { connectionComplexity, DEFAULT_PAGE_SIZE, offsetAfter, offsetConnection } from "../../kernel/pagination.ts";
import type { WindowState } from "./conversations.service.ts";

const ofBusiness = { authScopes: { business: true } } as const;
const lower = <T extends string>(v: T | null | undefined) =>
  v == null ? undefined : (v.toLowerCase() as Lowercase<T>);

const ConversationChannelEnum = builder.enumType("ConversationChannel", {
  description: "Where a guest writes to the café privately.",
  values: upper(CHANNELS, {
    instagram: "Instagram direct messages (Instagram API with Instagram Login).",
    facebook: "Messages to the café's Facebook Page (Messenger Platform).",
    whatsapp: "WhatsApp, on the café's own number (WhatsApp Cloud API).",
  }),
});
const ConversationStatusEnum = builder.enumType("ConversationStatus", {
  description: "Whether a conversation still needs the team.",
  values: upper(CONVERSATION_STATUSES, {
    open: "It needs an answer or a follow-up.",
    handled: "Done; a new message from the guest opens it again.",
  }),
});

const Window = builder.objectRef<WindowState>("ConversationWindow").implement({
  description: "What the channel lets the café send now, from the guest's last message.",
  fields: (t) => ({
    open: t.exposeBoolean("open", { description: "A free message goes now (within 24 hours of the guest's last)." }),
    closesAt: t.expose("closesAt", {
      type: "DateTime",
      nullable: true,
      description: "When the 24-hour window closes (UTC); null when the guest never wrote.",
    }),
    humanAgentUntil: t.expose("humanAgentUntil", {
      type: "DateTime",
      nullable: true,
      description: "Instagram and Messenger: a person's answer still goes, tagged human agent, until then (UTC).",
    }),
    templateOnly: t.exposeBoolean("templateOnly", {
      description: "WhatsApp after 24 hours: only an approved template may be sent.",
    }),
  }),
});

type MediaShape = { kind: string; url?: string | null; mime?: string | null; caption?: string | null };
const MessageMedia = builder.objectRef<MediaShape>("ConversationMedia").implement({
  description: "A photo or file in a message.",
  fields: (t) => ({
    kind: t.exposeString("kind", { description: "image, video, audio, document, sticker or file." }),
    url: t.string({
      nullable: true,
      description: "Where the channel serves it, when it gives an address.",
      resolve: (m) => m.url ?? null,
    }),
    mime: t.string({ nullable: true, description: "Its media type, when known.", resolve: (m) => m.mime ?? null }),
    caption: t.string({
      nullable: true,
      description: "The caption written with it, if any.",
      resolve: (m) => m.caption ?? null,
    }),
  }),
});
type ChoiceShape = { id: string; title: string };
const Choice = builder.objectRef<ChoiceShape>("ConversationChoice").implement({
  description: "A button in a message: sent by the café, or the one the guest tapped.",
  fields: (t) => ({
    id: t.exposeString("id", { description: "The button's id." }),
    title: t.exposeString("title", { description: "The button's title as the guest sees it." }),
  }),
});

const Message = builder.objectRef<ConversationMessage>("ConversationMessage").implement({
  description: "One message of a conversation: the guest's, the café's, or an event shown to the team (a payment).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The message's id." }),
    direction: t.exposeString("direction", {
      description: "in (the guest), out (the café) or event (shown to the team only, such as an order paid).",
    }),
    kind: t.exposeString("kind", { description: "text, image, choices, template or event." }),
    text: t.exposeString("text", { description: "Its text (a template's with its parameters filled in)." }),
    media: t.field({
      type: [MessageMedia],
      description: "Its photos and files.",
      resolve: (m) => (Array.isArray(m.media) ? (m.media as unknown as MediaShape[]) : []),
    }),
    choices: t.field({
      type: [Choice],
      description: "The buttons it carried, or the one the guest tapped.",
      resolve: (m) => (Array.isArray(m.choices) ? (m.choices as unknown as ChoiceShape[]) : []),
    }),
    templateName: t.exposeString("templateName", { nullable: true, description: "The WhatsApp template it used." }),
    state: t.exposeString("state", {
      nullable: true,
      description: "The café's messages: sending, sent, delivered, read or failed; null for the guest's.",
    }),
    error: t.exposeString("error", {
      nullable: true,
      description: "Why the channel refused it (window: the guest's window had closed).",
    }),
    humanAgent: t.exposeBoolean("humanAgent", { description: "Sent after 24 hours with Meta's human agent tag." }),
    orderId: t.exposeID("orderId", { nullable: true, description: "The order whose link or payment it is about." }),
    at: t.expose("at", { type: "DateTime", description: "When it was written (UTC)." }),
  }),
});

const Note = builder.objectRef<ConversationNote & { authorName?: string | null }>("ConversationNote").implement({
  description: "A note on a conversation, for the café's team only.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The note's id." }),
    text: t.exposeString("text", { description: "What it says." }),
    authorId: t.exposeID("authorId", { nullable: true, description: "Who wrote it." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was written (UTC)." }),
  }),
});

const ConversationRef = builder.objectRef<Conversation>("Conversation").implement({
  description: "A private conversation with one guest on one channel.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The conversation's id." }),
    channel: t.field({
      type: ConversationChannelEnum,
      description: "The channel it is on.",
      resolve: (c) => c.channel as ChannelName,
    }),
    guestName: t.exposeString("guestName", { nullable: true, description: "The name or username the channel gives." }),
    guestId: t.exposeString("guestExternalId", {
      description: "The guest's id on the channel (on WhatsApp, their number).",
    }),
    status: t.field({
      type: ConversationStatusEnum,
      description: "Open or handled.",
      resolve: (c) => c.status as (typeof CONVERSATION_STATUSES)[number],
    }),
    unread: t.exposeInt("unread", { description: "The guest's messages nobody of the café has read yet." }),
    assignedToId: t.exposeID("assignedToId", { nullable: true, description: "The person it is given to." }),
    lastMessageAt: t.expose("lastMessageAt", { type: "DateTime", description: "The newest message's time (UTC)." }),
    lastPreview: t.exposeString("lastPreview", { description: "The start of the newest message." }),
    language: t.exposeString("language", {
      nullable: true,
      description: "The guest's language (en or ar), read from their words.",
    }),
    awaitingSince: t.expose("awaitingSince", {
      type: "DateTime",
      nullable: true,
      description: "The guest's first message not answered yet (UTC); null when answered.",
    }),
    firstResponseMs: t.exposeInt("firstResponseMs", {
      nullable: true,
      description: "How long the café took to answer the first message, in milliseconds.",
    }),
    startedKind: t.exposeString("startedKind", {
      nullable: true,
      description: "What started it: post, story, ad or link.",
    }),
    postId: t.exposeID("postId", { nullable: true, description: "Sufra's post it started from, when known." }),
    campaignId: t.exposeID("campaignId", { nullable: true, description: "The campaign it started from, when known." }),
    demo: t.exposeBoolean("demo", { description: "A demo conversation: nothing is sent to a channel." }),
    window: t.field({
      type: Window,
      description: "What may be sent now.",
      resolve: (c, _a, ctx) => ctx.services.conversations.window(c),
    }),
    messages: t.field({
      type: [Message],
      description: "The newest 200 messages, oldest first.",
      resolve: (c, _a, ctx) => ctx.services.conversations.messages(c.businessId, c.id),
    }),
    notes: t.field({
      type: [Note],
      description: "The team's notes, oldest first.",
      resolve: (c, _a, ctx) => ctx.services.conversations.notes(c.businessId, c.id),
    }),
  }),
});

const ConversationFilter = builder.inputType("ConversationFilter", {
  description: "Which conversations; all when left out.",
  fields: (t) => ({
    channel: t.field({ type: ConversationChannelEnum, description: "Only this channel." }),
    status: t.field({ type: ConversationStatusEnum, description: "Only open or only handled ones." }),
    assigned: t.string({ description: "me, none, or a person's id." }),
    unread: t.boolean({ description: "Only those with unread messages." }),
  }),
});

const SendInput = builder.inputType("ConversationSendInput", {
  description: "A message to send: a text, a photo, buttons, or an approved WhatsApp template.",
  fields: (t) => ({
    key: t.string({ required: true, description: "Your key for this message: the same key sends it once." }),
    text: t.string({ description: "The text (a photo's caption, the text above buttons)." }),
    mediaId: t.id({ description: "A photo of the media library." }),
    choices: t.stringList({ description: "Buttons' titles (up to the channel's limit, 20 characters each)." }),
    templateId: t.id({ description: "An approved WhatsApp template." }),
    params: t.stringList({ description: "The template's parameters, in order." }),
  }),
});

type OrderLineShape = {
  menuItemId: string;
  name: string;
  nameAr: string | null;
  quantity: number;
  unitFils: number | null;
};
const SuggestedLine = builder.objectRef<OrderLineShape>("ConversationOrderLine").implement({
  description: "An item the guest's message orders, with its quantity and the menu's price.",
  fields: (t) => ({
    menuItemId: t.exposeID("menuItemId", { description: "The menu item." }),
    name: t.exposeString("name", { description: "Its English name." }),
    nameAr: t.exposeString("nameAr", { nullable: true, description: "Its Arabic name." }),
    quantity: t.exposeInt("quantity", { description: "How many (1 when the message gives no number)." }),
    unitFils: t.exposeInt("unitFils", {
      nullable: true,
      description: "The menu's price in fils; null when it has none.",
    }),
  }),
});
type SuggestionShape = Awaited<ReturnType<import("./conversations.service.ts").ConversationsService["suggest"]>>;
const Suggestion = builder.objectRef<SuggestionShape>("ConversationSuggestion").implement({
  description: "A suggested answer from the café's profile and menu only; a missing fact is named, never made up.",
  fields: (t) => ({
    text: t.exposeString("text", { description: "The answer, in the guest's language and dialect." }),
    language: t.exposeString("language", { description: "en or ar." }),
    voice: t.exposeString("voice", { description: "en, msa (Modern Standard Arabic) or gulf (Kuwaiti Arabic)." }),
    gaps: t.exposeStringList("gaps", { description: "Facts asked that the profile lacks: fill them in to answer." }),
    items: t.field({
      type: [SuggestedLine],
      description: "What the guest orders, to start an order from.",
      resolve: (s) => s.items,
    }),
    totalFils: t.exposeInt("totalFils", {
      nullable: true,
      description: "Those items' total in fils; null when one has no price.",
    }),
    area: t.exposeString("area", { nullable: true, description: "The Kuwait area the guest names for a delivery." }),
  }),
});

type FiguresShape = Awaited<ReturnType<import("./conversations.service.ts").ConversationsService["figures"]>>;
const PersonFigures = builder.objectRef<FiguresShape["people"][number]>("ConversationPersonFigures").implement({
  description: "How fast one person of the café first answered conversations.",
  fields: (t) => ({
    userId: t.exposeID("userId", { description: "The person's user id." }),
    name: t.exposeString("name", { description: "The person's name in Sufra." }),
    answered: t.exposeInt("answered", { description: "Conversations they answered first." }),
    medianFirstResponseMs: t.exposeInt("medianFirstResponseMs", {
      description: "Their median first answer, in milliseconds.",
    }),
  }),
});
const Figures = builder.objectRef<FiguresShape>("ConversationFigures").implement({
  description: "Conversations begun in a period and how fast they were first answered.",
  fields: (t) => ({
    threads: t.exposeInt("threads", { description: "Conversations begun in the period." }),
    open: t.exposeInt("open", { description: "Of them, still open." }),
    unread: t.exposeInt("unread", { description: "Their unread messages." }),
    answered: t.exposeInt("answered", { description: "Of them, answered." }),
    medianFirstResponseMs: t.exposeInt("medianFirstResponseMs", {
      nullable: true,
      description: "The median first answer, in milliseconds; null when none was answered.",
    }),
    people: t.field({ type: [PersonFigures], description: "Per person, fastest first.", resolve: (f) => f.people }),
  }),
});

type SavedReplyShape = { id: string; title: string; textEn: string; textAr: string };
const SavedReply = builder.objectRef<SavedReplyShape>("SavedReply").implement({
  description: "A reply the café saved to send again, in both languages.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The saved reply's id." }),
    title: t.exposeString("title", { description: "Its title, as the team finds it." }),
    textEn: t.exposeString("textEn", { description: "Its English text." }),
    textAr: t.exposeString("textAr", { description: "Its Arabic text." }),
  }),
});
const SavedReplyInput = builder.inputType("SavedReplyInput", {
  description: "A saved reply: a title and its text in English, Arabic or both.",
  fields: (t) => ({
    title: t.string({ required: true, description: "The saved reply's title, as the team finds it." }),
    textEn: t.string({ description: "Its English text." }),
    textAr: t.string({ description: "Its Arabic text." }),
  }),
});

type NumberShape = { id: string; displayPhone: string; verifiedName: string | null; status: string; wabaId: string };
const WhatsappNumber = builder.objectRef<NumberShape>("WhatsappNumber").implement({
  description: "The café's WhatsApp number, connected by Embedded Signup.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The number's id in Sufra." }),
    displayPhone: t.exposeString("displayPhone", { description: "The number as WhatsApp shows it." }),
    verifiedName: t.exposeString("verifiedName", { nullable: true, description: "The business name WhatsApp shows." }),
    status: t.exposeString("status", { description: "connected, or reconnect when its token was refused." }),
  }),
});
type TemplateShape = {
  id: string;
  name: string;
  language: string;
  category: string;
  body: string;
  examples: string[];
  status: string;
  reason: string | null;
};
const WhatsappTemplate = builder.objectRef<TemplateShape>("WhatsappTemplate").implement({
  description: "A WhatsApp message template: what may be sent after the 24-hour window, once Meta approves it.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The template's id in Sufra." }),
    name: t.exposeString("name", { description: "Its name (lower case, digits, underscores)." }),
    language: t.exposeString("language", { description: "en or ar." }),
    category: t.exposeString("category", { description: "UTILITY or MARKETING." }),
    body: t.exposeString("body", { description: "Its text with {{1}}, {{2}} placeholders." }),
    examples: t.exposeStringList("examples", { description: "An example value per placeholder." }),
    status: t.exposeString("status", { description: "draft, pending, approved, rejected, paused or disabled." }),
    reason: t.exposeString("reason", { nullable: true, description: "Meta's reason for a rejection." }),
  }),
});
const TemplateInput = builder.inputType("WhatsappTemplateInput", {
  description: "A WhatsApp template draft.",
  fields: (t) => ({
    name: t.string({ required: true, description: "Its name (lower case, digits, underscores)." }),
    language: t.string({ required: true, description: "en or ar." }),
    category: t.string({ required: true, description: "UTILITY or MARKETING." }),
    body: t.string({ required: true, description: "Its text with {{1}}, {{2}} placeholders." }),
    examples: t.stringList({ description: "An example value per placeholder." }),
  }),
});
const ConnectInput = builder.inputType("WhatsappConnectInput", {
  description: "What Embedded Signup's popup answered, and the number's PIN.",
  fields: (t) => ({
    code: t.string({ required: true, description: "The code the popup answered." }),
    phoneNumberId: t.string({ required: true, description: "The phone number id the person picked." }),
    wabaId: t.string({ required: true, description: "The WhatsApp Business Account id the person picked." }),
    pin: t.string({ required: true, description: "The number's six-digit two-step verification PIN." }),
  }),
});

const Signup = builder
  .objectRef<{ appId: string; configId: string; graphVersion: string }>("WhatsappSignup")
  .implement({
    description: "What the browser needs to open Meta's Embedded Signup for WhatsApp.",
    fields: (t) => ({
      appId: t.exposeString("appId", { description: "The Meta app's id (FB.init)." }),
      configId: t.exposeString("configId", {
        description: "The Embedded Signup configuration's id (FB.login's config_id).",
      }),
      graphVersion: t.exposeString("graphVersion", { description: "The Graph API version the SDK is started with." }),
    }),
  });

type ConvCounts = { totalCount: number };

builder.queryFields((t) => ({
  conversations: t.connection(
    {
      type: ConversationRef,
      ...ofBusiness,
      description: "The business's conversations with guests, the newest message first.",
      args: { filter: t.arg({ type: ConversationFilter, description: "Which conversations; all when left out." }) },
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx) => {
        const skip = offsetAfter(args.after);
        const f = args.filter;
        const r = await ctx.services.conversations.threads(
          ctx.viewer,
          {
            channel: lower(f?.channel),
            status: lower(f?.status),
            assigned: f?.assigned ?? undefined,
            unread: f?.unread ?? undefined,
          },
          { skip, take: args.first ?? DEFAULT_PAGE_SIZE },
        );
        return { ...offsetConnection(r.items, skip, r.total), totalCount: r.total };
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: "How many conversations match the filter, on every page.",
          resolve: (conn) => (conn as unknown as ConvCounts).totalCount,
        }),
      }),
    },
  ),
  conversation: t.field({
    type: ConversationRef,
    ...ofBusiness,
    description: "One conversation with its messages and notes.",
    args: { id: t.arg.id({ required: true, description: "The conversation's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.conversations.thread(ctx.viewer, String(id)),
  }),
  conversationsUnread: t.int({
    ...ofBusiness,
    description: "Unread guest messages over all conversations (the inbox tab's badge).",
    resolve: (_r, _a, ctx) => ctx.services.conversations.unreadCount(ctx.viewer),
  }),
  conversationFigures: t.field({
    type: Figures,
    ...ofBusiness,
    description: "Conversations begun in a period and how fast they were first answered, per person too.",
    args: {
      from: t.arg({ type: "DateTime", required: true, description: "From (UTC), included." }),
      to: t.arg({ type: "DateTime", required: true, description: "To (UTC), excluded." }),
    },
    resolve: (_r, a, ctx) => ctx.services.conversations.figures(ctx.viewer, { from: a.from, to: a.to }),
  }),
  savedReplies: t.field({
    type: [SavedReply],
    ...ofBusiness,
    description: "The business's saved replies, by title.",
    resolve: (_r, _a, ctx) => ctx.services.conversations.savedReplies(ctx.viewer),
  }),
  whatsappNumbers: t.field({
    type: [WhatsappNumber],
    ...ofBusiness,
    description: "The business's connected WhatsApp numbers.",
    resolve: (_r, _a, ctx) => ctx.services.whatsapp.numbers(ctx.viewer),
  }),
  whatsappSignup: t.field({
    type: Signup,
    nullable: true,
    ...personOfBusiness,
    description: "Embedded Signup's settings for connecting a WhatsApp number; null when this server has none.",
    resolve: (_r, _a, ctx) => ctx.services.whatsapp.signup(ctx.viewer),
  }),
  whatsappTemplates: t.field({
    type: [WhatsappTemplate],
    ...ofBusiness,
    description: "The business's WhatsApp templates and their review state.",
    resolve: (_r, _a, ctx) => ctx.services.whatsapp.templates(ctx.viewer),
  }),
  guestRetentionDays: t.int({
    ...ofBusiness,
    description: "How many days a quiet conversation is kept before it is deleted.",
    resolve: (_r, _a, ctx) => ctx.services.guestsData.retention(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  sendConversationMessage: t.field({
    type: Message,
    ...personOfBusiness,
    description:
      "Sends a message to the guest; the same key sends it once. A refusal is kept on the message (state failed, error).",
    args: {
      conversationId: t.arg.id({ required: true, description: "The conversation's id." }),
      input: t.arg({ type: SendInput, required: true, description: "What to send." }),
    },
    resolve: (_r, a, ctx) => ctx.services.conversations.send(ctx.viewer, String(a.conversationId), a.input),
  }),
  suggestConversationAnswer: t.field({
    type: Suggestion,
    ...ofBusiness,
    description: "A suggested answer to the guest's unanswered messages, with what they order.",
    args: { conversationId: t.arg.id({ required: true, description: "The conversation's id." }) },
    resolve: (_r, a, ctx) => ctx.services.conversations.suggest(ctx.viewer, String(a.conversationId)),
  }),
  markConversationRead: t.field({
    type: ConversationRef,
    ...ofBusiness,
    description: "The guest's messages are read: the unread count goes to 0.",
    args: { id: t.arg.id({ required: true, description: "The conversation's id." }) },
    resolve: (_r, a, ctx) => ctx.services.conversations.markRead(ctx.viewer, String(a.id)),
  }),
  assignConversation: t.field({
    type: ConversationRef,
    ...ofBusiness,
    description: "Gives the conversation to a person of the business, or to nobody.",
    args: {
      id: t.arg.id({ required: true, description: "The conversation's id." }),
      userId: t.arg.id({ description: "The person; leave out for nobody." }),
    },
    resolve: (_r, a, ctx) => ctx.services.conversations.assign(ctx.viewer, String(a.id), a.userId ?? null),
  }),
  setConversationStatus: t.field({
    type: ConversationRef,
    ...ofBusiness,
    description: "Marks the conversation handled, or open again.",
    args: {
      id: t.arg.id({ required: true, description: "The conversation's id." }),
      status: t.arg({ type: ConversationStatusEnum, required: true, description: "open or handled." }),
    },
    resolve: (_r, a, ctx) => ctx.services.conversations.setStatus(ctx.viewer, String(a.id), a.status.toLowerCase()),
  }),
  addConversationNote: t.field({
    type: Note,
    ...ofBusiness,
    description: "Adds a note for the team; the guest never sees it.",
    args: {
      id: t.arg.id({ required: true, description: "The conversation's id." }),
      text: t.arg.string({ required: true, description: "The note's text, for the team only." }),
    },
    resolve: (_r, a, ctx) => ctx.services.conversations.addNote(ctx.viewer, String(a.id), { text: a.text }),
  }),
  saveSavedReply: t.field({
    type: SavedReply,
    ...ofBusiness,
    description: "Adds a saved reply, or changes one when an id is given.",
    args: {
      id: t.arg.id({ description: "The saved reply to change; leave out to add one." }),
      input: t.arg({ type: SavedReplyInput, required: true, description: "Its title and texts." }),
    },
    resolve: (_r, a, ctx) => ctx.services.conversations.saveReply(ctx.viewer, a.id ?? null, a.input),
  }),
  removeSavedReply: t.boolean({
    ...ofBusiness,
    description: "Removes a saved reply.",
    args: { id: t.arg.id({ required: true, description: "The saved reply." }) },
    resolve: (_r, a, ctx) => ctx.services.conversations.removeSavedReply(ctx.viewer, String(a.id)),
  }),
  connectWhatsapp: t.field({
    type: WhatsappNumber,
    ...personOfBusiness,
    description: "Connects the café's WhatsApp number from Embedded Signup's answer. The café's managers only.",
    args: { input: t.arg({ type: ConnectInput, required: true, description: "The popup's answer and the PIN." }) },
    resolve: (_r, a, ctx) => ctx.services.whatsapp.connect(ctx.viewer, a.input),
  }),
  disconnectWhatsapp: t.boolean({
    ...personOfBusiness,
    description: "Disconnects a WhatsApp number from Sufra. The café's managers only.",
    args: { id: t.arg.id({ required: true, description: "The number's id in Sufra." }) },
    resolve: (_r, a, ctx) => ctx.services.whatsapp.disconnect(ctx.viewer, String(a.id)),
  }),
  saveWhatsappTemplate: t.field({
    type: WhatsappTemplate,
    ...personOfBusiness,
    description: "Saves a template draft (one per name and language). The café's managers only.",
    args: { input: t.arg({ type: TemplateInput, required: true, description: "The template draft to save." }) },
    resolve: (_r, a, ctx) =>
      ctx.services.whatsapp.saveTemplate(ctx.viewer, { ...a.input, examples: a.input.examples ?? [] }),
  }),
  submitWhatsappTemplate: t.field({
    type: WhatsappTemplate,
    ...personOfBusiness,
    description: "Submits a draft for Meta's review; it is pending until approved or rejected.",
    args: { id: t.arg.id({ required: true, description: "The template draft's id." }) },
    resolve: (_r, a, ctx) => ctx.services.whatsapp.submitTemplate(ctx.viewer, String(a.id)),
  }),
  refreshWhatsappTemplates: t.field({
    type: [WhatsappTemplate],
    ...ofBusiness,
    description: "Reads the templates' review states from Meta now.",
    resolve: (_r, _a, ctx) => ctx.services.whatsapp.refreshTemplates(ctx.viewer),
  }),
  exportGuestData: t.string({
    ...personOfBusiness,
    description: "Everything kept of the guest of a conversation, as a JSON document. The café's managers only.",
    args: { conversationId: t.arg.id({ required: true, description: "The guest's conversation." }) },
    resolve: async (_r, a, ctx) =>
      JSON.stringify(await ctx.services.guestsData.exportGuest(ctx.viewer, String(a.conversationId)), null, 2),
  }),
  deleteGuestData: t.boolean({
    ...personOfBusiness,
    description:
      "Deletes the guest of a conversation: the conversation, its messages and notes; their orders keep no name or address.",
    args: { conversationId: t.arg.id({ required: true, description: "The guest's conversation." }) },
    resolve: (_r, a, ctx) => ctx.services.guestsData.deleteGuest(ctx.viewer, String(a.conversationId)),
  }),
  setGuestRetentionDays: t.int({
    ...personOfBusiness,
    description: "How many days a quiet conversation is kept (30 to 1,095). The café's managers only.",
    args: { days: t.arg.int({ required: true, description: "How many days (30 to 1,095)." }) },
    resolve: (_r, a, ctx) => ctx.services.guestsData.setRetention(ctx.viewer, { days: a.days }),
  }),
}));
