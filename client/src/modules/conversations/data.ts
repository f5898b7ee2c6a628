// The conversations' talk with the server: the list under the filters, one thread, the Messages tab's
// badge, the figures, the team and the reply right, each step on a thread, and the settings for messages;
// read into the screen's own shape (model.ts), so the components never see the wire's names. Any change of
// the inbox (a guest's message, a send, a read) comes over the live connection and the lists ask again; while
// the connection is down they ask every 30 s. A refusal reads as the catalogue's sentence for its code.
import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { errorText, isChannel, isErrorCode, type Locale } from "@sufra/schema";
import { useEffect, useMemo, useState } from "react";
import { useSocketConnected } from "../../app/apollo.ts";
import {
  ConversationAddNoteDocument,
  ConversationAssignDocument,
  ConversationMarkReadDocument,
  ConversationOneDocument,
  ConversationSendDocument,
  ConversationSetStatusDocument,
  ConversationsChangedDocument,
  ConversationsFiguresDocument,
  ConversationsListDocument,
  ConversationsRetentionDocument,
  ConversationsRightsDocument,
  ConversationsSavedRepliesDocument,
  ConversationsTeamDocument,
  ConversationsUnreadDocument,
  ConversationsWhatsappNumbersDocument,
  ConversationsWhatsappSignupDocument,
  ConversationsWhatsappTemplatesDocument,
  ConversationSuggestDocument,
  GuestDataDeleteDocument,
  GuestDataExportDocument,
  GuestRetentionSetDocument,
  SavedReplyRemoveDocument,
  SavedReplySaveDocument,
  WhatsappConnectDocument,
  WhatsappDisconnectDocument,
  WhatsappTemplateSaveDocument,
  WhatsappTemplatesRefreshDocument,
  WhatsappTemplateSubmitDocument,
  type ConversationFilter,
  type ConversationMessageFieldsFragment,
  type ConversationRowFieldsFragment,
  type ConversationThreadFieldsFragment,
  type WhatsappTemplateFieldsFragment,
} from "../../graphql/graphql.ts";
import {
  conversationChannelFromKey,
  conversationChannelKey,
  conversationStatusFromKey,
  conversationStatusKey,
} from "../../graphql/enumKeys.ts";
import { errorCode, errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { saveFile } from "../../lib/download.ts";
import { useSerialRefetch } from "../../shared/useSerialRefetch.ts";
import {
  MESSAGE_STATES,
  STARTED_KINDS,
  TEMPLATE_STATUSES,
  type ChatMessage,
  type ConversationFilters,
  type MessageState,
  type OrderStart,
  type StartedKind,
  type TemplateStatus,
  type Thread,
  type ThreadFull,
  type WhatsappTemplate,
} from "./model.ts";

const PAGE_SIZE = 20;
// the lists ask again this often while the live connection is down
const POLL_MS = 30_000;

/** What went wrong, as the catalogue says it in the person's language (the server's text otherwise). */
export function failureText(e: unknown, locale: Locale): string {
  const code = errorCode(e);
  return isErrorCode(code) ? errorText(code, locale) : errorMessage(e);
}

/**
 * A refused form: the server's field errors on the form's own fields, else its reason above the form (the
 * person's language).
 */
export function showFormFailure(
  e: unknown,
  o: {
    fields: readonly string[];
    setFields: (fields: { name: string; errors: string[] }[]) => void;
    setFailure: (text: string) => void;
    locale: Locale;
  },
) {
  const details = Object.entries(errorDetails(e)).filter(([f]) => o.fields.includes(f));
  if (details.length) o.setFields(details.map(([name, errors]) => ({ name, errors })));
  else o.setFailure(failureText(e, o.locale));
}

const language = (v: string | null | undefined) => (v === "ar" || v === "en" ? v : null);

function threadOf(c: ConversationRowFieldsFragment): Thread {
  const channel = conversationChannelKey[c.channel];
  return {
    id: c.id,
    channel: isChannel(channel) ? channel : "instagram",
    guest: c.guestName?.trim() || c.guestId,
    guestId: c.guestId,
    status: conversationStatusKey[c.status],
    unread: c.unread,
    assignedToId: c.assignedToId ?? null,
    lastMessageAt: c.lastMessageAt,
    lastPreview: c.lastPreview,
    language: language(c.language),
    awaitingSince: c.awaitingSince ?? null,
    started: {
      kind: (STARTED_KINDS as readonly string[]).includes(c.startedKind ?? "") ? (c.startedKind as StartedKind) : null,
      postId: c.postId ?? null,
      campaignId: c.campaignId ?? null,
    },
    demo: c.demo,
  };
}

function messageOf(m: ConversationMessageFieldsFragment): ChatMessage {
  return {
    id: m.id,
    direction: m.direction === "in" || m.direction === "event" ? m.direction : "out",
    kind: m.kind,
    text: m.text,
    media: m.media.map((x) => ({
      kind: x.kind,
      url: x.url ?? null,
      mime: x.mime ?? null,
      caption: x.caption ?? null,
    })),
    choices: m.choices.map((c) => ({ id: c.id, title: c.title })),
    templateName: m.templateName ?? null,
    state: (MESSAGE_STATES as readonly string[]).includes(m.state ?? "") ? (m.state as MessageState) : null,
    error: m.error ?? null,
    humanAgent: m.humanAgent,
    orderId: m.orderId ?? null,
    at: m.at,
  };
}

function fullOf(c: ConversationThreadFieldsFragment): ThreadFull {
  return {
    ...threadOf(c),
    window: {
      open: c.window.open,
      closesAt: c.window.closesAt ?? null,
      humanAgentUntil: c.window.humanAgentUntil ?? null,
      templateOnly: c.window.templateOnly,
    },
    messages: c.messages.map(messageOf),
    notes: c.notes.map((n) => ({ id: n.id, text: n.text, authorId: n.authorId ?? null, createdAt: n.createdAt })),
  };
}

const templateOf = (t: WhatsappTemplateFieldsFragment): WhatsappTemplate => ({
  id: t.id,
  name: t.name,
  language: t.language === "ar" ? "ar" : "en",
  category: t.category === "MARKETING" ? "MARKETING" : "UTILITY",
  body: t.body,
  examples: t.examples,
  status: (TEMPLATE_STATUSES as readonly string[]).includes(t.status) ? (t.status as TemplateStatus) : "draft",
  reason: t.reason ?? null,
});

/** The screen's filters as the server's ConversationFilter. */
function wireFilter(f: ConversationFilters): ConversationFilter {
  const w: ConversationFilter = {};
  if (f.channel) w.channel = conversationChannelFromKey[f.channel];
  if (f.status) w.status = conversationStatusFromKey[f.status];
  if (f.assigned) w.assigned = f.assigned;
  if (f.unread) w.unread = true;
  return w;
}

/** Asks `reload` again on every change of the business's inbox (conversations included). */
function useOnInboxChange(reload: () => void, skip = false) {
  useSubscription(ConversationsChangedDocument, {
    skip,
    onData: ({ data }) => {
      if (data.data?.inboxChanged) reload();
    },
  });
}

export function useConversationsList(filters: ConversationFilters, after: string | undefined) {
  const socketUp = useSocketConnected();
  const list = useQuery(ConversationsListDocument, {
    variables: { filter: wireFilter(filters), first: PAGE_SIZE, ...(after ? { after } : {}) },
    fetchPolicy: "cache-and-network",
    pollInterval: socketUp ? 0 : POLL_MS,
  });
  const reload = useSerialRefetch(list.refetch);
  useOnInboxChange(reload);
  const shown = list.data ?? list.previousData;
  const page = useMemo(
    () =>
      shown && {
        threads: shown.conversations.edges.map((e) => threadOf(e.node)),
        totalCount: shown.conversations.totalCount,
        hasNext: shown.conversations.pageInfo.hasNextPage,
        endCursor: shown.conversations.pageInfo.endCursor ?? null,
      },
    [shown],
  );
  return { page, loading: list.loading, error: list.error, reload };
}

/** One thread with its messages and notes; skipped while `id` is empty. */
export function useConversation(id: string | null) {
  const q = useQuery(ConversationOneDocument, {
    variables: { id: id ?? "" },
    skip: !id,
    fetchPolicy: "cache-and-network",
  });
  const reload = useSerialRefetch(q.refetch, !!id);
  useOnInboxChange(reload, !id);
  const thread = useMemo(() => (q.data?.conversation ? fullOf(q.data.conversation) : undefined), [q.data]);
  return { thread, error: q.error, loading: q.loading, reload };
}

/** Unread guest messages over every conversation: the Messages tab's badge. */
export function useConversationsUnread() {
  const socketUp = useSocketConnected();
  const q = useQuery(ConversationsUnreadDocument, {
    fetchPolicy: "cache-and-network",
    pollInterval: socketUp ? 0 : POLL_MS,
  });
  const reload = useSerialRefetch(q.refetch);
  useOnInboxChange(reload);
  return q.data?.conversationsUnread ?? 0;
}

const DAY_MS = 86_400_000;

/** The last 30 days' threads, answers and first-answer times, per person too. */
export function useConversationFigures() {
  // the period is fixed when the view opens, so the query's variables stay the same while it is shown
  const [range] = useState(() => {
    const to = new Date();
    return { from: new Date(to.getTime() - 30 * DAY_MS).toISOString(), to: to.toISOString() };
  });
  const q = useQuery(ConversationsFiguresDocument, { variables: range, fetchPolicy: "cache-and-network" });
  return { figures: q.data?.conversationFigures, error: q.error };
}

export interface TeamMember {
  id: string;
  name: string;
}

/**
 * The café's people (a thread is given to one of them) and whether the viewer manages the café (guests' data
 * is theirs to hand over or erase). A person who may not read the team gets an empty list.
 */
export function useConversationsTeam() {
  const q = useQuery(ConversationsTeamDocument, { fetchPolicy: "cache-first", errorPolicy: "all" });
  const members: TeamMember[] = useMemo(
    () => (q.data?.team?.members ?? []).map((m) => ({ id: m.id, name: m.name })),
    [q.data],
  );
  return { members, canManage: !!q.data?.team?.canManage, loaded: !q.loading };
}

/** Whether the viewer may write to guests (the inbox's reply right, set by the owners). */
export function useReplyRight() {
  const q = useQuery(ConversationsRightsDocument, { fetchPolicy: "cache-and-network" });
  return q.data ? q.data.inboxSettings.canReply : null;
}

/** A suggested answer, and what the guest orders (the order slot starts from it). */
export interface Suggestion extends OrderStart {
  text: string;
  language: "en" | "ar";
  /** facts asked that the business profile lacks (REPLY_GAPS keys) */
  gaps: string[];
}

/** Each step on one thread (the same object while the thread stays open: effects may depend on it). */
export function useThreadSteps() {
  const [sendM] = useMutation(ConversationSendDocument);
  const [suggestM] = useMutation(ConversationSuggestDocument);
  const [readM] = useMutation(ConversationMarkReadDocument, { refetchQueries: [ConversationsUnreadDocument] });
  const [assignM] = useMutation(ConversationAssignDocument);
  const [statusM] = useMutation(ConversationSetStatusDocument, {
    refetchQueries: [ConversationsListDocument, ConversationsUnreadDocument],
  });
  const [noteM] = useMutation(ConversationAddNoteDocument, { refetchQueries: [ConversationOneDocument] });
  const [exportM] = useMutation(GuestDataExportDocument);
  const [deleteM] = useMutation(GuestDataDeleteDocument, {
    refetchQueries: [ConversationsListDocument, ConversationsUnreadDocument],
  });
  return useMemo(
    () => ({
      /** Sends with the caller's key: the same key is one message, however often it is asked. */
      send: async (
        conversationId: string,
        input: { key: string; text?: string; templateId?: string; params?: string[] },
      ): Promise<ChatMessage> =>
        messageOf(
          (
            await sendM({
              variables: { conversationId, input },
              refetchQueries: [ConversationOneDocument, ConversationsListDocument],
            })
          ).data!.sendConversationMessage,
        ),
      suggest: async (conversationId: string): Promise<Suggestion> => {
        const s = (await suggestM({ variables: { conversationId } })).data!.suggestConversationAnswer;
        return {
          text: s.text,
          language: s.language === "ar" ? "ar" : "en",
          gaps: s.gaps,
          items: s.items.map((i) => ({
            menuItemId: i.menuItemId,
            name: i.name,
            nameAr: i.nameAr ?? null,
            quantity: i.quantity,
            unitFils: i.unitFils ?? null,
          })),
          totalFils: s.totalFils ?? null,
          area: s.area ?? null,
        };
      },
      markRead: async (id: string) => {
        await readM({ variables: { id } });
      },
      assign: async (id: string, userId: string | null) => {
        await assignM({ variables: { id, userId } });
      },
      setStatus: async (id: string, status: "open" | "handled") => {
        await statusM({ variables: { id, status: conversationStatusFromKey[status] } });
      },
      addNote: async (id: string, text: string) => {
        await noteM({ variables: { id, text } });
      },
      /** The guest's data as a JSON file in the browser's downloads. */
      exportGuest: async (conversationId: string) => {
        const json = (await exportM({ variables: { conversationId } })).data!.exportGuestData;
        saveFile(new Blob([json], { type: "application/json" }), `guest-${conversationId}.json`);
      },
      deleteGuest: async (conversationId: string) => {
        await deleteM({ variables: { conversationId } });
      },
    }),
    [sendM, suggestM, readM, assignM, statusM, noteM, exportM, deleteM],
  );
}

// ------------------------------------------------------------------ settings for messages

export function useSavedReplies() {
  const q = useQuery(ConversationsSavedRepliesDocument, { fetchPolicy: "cache-and-network" });
  const refetchQueries = [ConversationsSavedRepliesDocument];
  const [saveM, saving] = useMutation(SavedReplySaveDocument, { refetchQueries });
  const [removeM] = useMutation(SavedReplyRemoveDocument, { refetchQueries });
  return {
    replies: q.data?.savedReplies,
    error: q.error,
    saving: saving.loading,
    save: async (id: string | null, input: { title: string; textEn: string; textAr: string }) =>
      (await saveM({ variables: { id, input } })).data!.saveSavedReply,
    remove: async (id: string) => {
      await removeM({ variables: { id } });
    },
  };
}

export function useWhatsappNumbers() {
  const q = useQuery(ConversationsWhatsappNumbersDocument, { fetchPolicy: "cache-and-network" });
  const refetchQueries = [ConversationsWhatsappNumbersDocument];
  const [connectM, connecting] = useMutation(WhatsappConnectDocument, { refetchQueries });
  const [disconnectM] = useMutation(WhatsappDisconnectDocument, { refetchQueries });
  return {
    numbers: q.data?.whatsappNumbers,
    error: q.error,
    connecting: connecting.loading,
    connect: async (input: { code: string; phoneNumberId: string; wabaId: string; pin: string }) =>
      (await connectM({ variables: { input } })).data!.connectWhatsapp,
    disconnect: async (id: string) => {
      await disconnectM({ variables: { id } });
    },
  };
}

/**
 * Embedded Signup's settings, and Meta's JavaScript SDK loaded once they are there (the server's CSP allows its
 * script and popup only where WhatsApp is set up): the SDK, when ready, or null.
 */
export function useWhatsappSignup() {
  const q = useQuery(ConversationsWhatsappSignupDocument, { fetchPolicy: "cache-first" });
  const signup = q.data?.whatsappSignup ?? null;
  const [sdk, setSdk] = useState<unknown>(() => (window as unknown as { FB?: unknown }).FB ?? null);
  useEffect(() => {
    if (!signup || sdk) return;
    const w = window as unknown as { FB?: { init(o: Record<string, unknown>): void }; fbAsyncInit?: () => void };
    w.fbAsyncInit = () => {
      w.FB!.init({ appId: signup.appId, autoLogAppEvents: true, xfbml: false, version: signup.graphVersion });
      setSdk(w.FB!);
    };
    if (!document.getElementById("facebook-jssdk")) {
      const script = document.createElement("script");
      script.id = "facebook-jssdk";
      script.async = true;
      script.crossOrigin = "anonymous";
      script.src = "https://connect.facebook.net/en_US/sdk.js";
      document.body.appendChild(script);
    }
  }, [signup, sdk]);
  return { configId: signup?.configId ?? null, sdk };
}

export function useWhatsappTemplates() {
  const q = useQuery(ConversationsWhatsappTemplatesDocument, { fetchPolicy: "cache-and-network" });
  const refetchQueries = [ConversationsWhatsappTemplatesDocument];
  const [saveM, saving] = useMutation(WhatsappTemplateSaveDocument, { refetchQueries });
  const [submitM] = useMutation(WhatsappTemplateSubmitDocument, { refetchQueries });
  const [refreshM, refreshing] = useMutation(WhatsappTemplatesRefreshDocument, { refetchQueries });
  const templates = useMemo(() => q.data?.whatsappTemplates.map(templateOf), [q.data]);
  return {
    templates,
    error: q.error,
    saving: saving.loading,
    refreshing: refreshing.loading,
    save: async (input: {
      name: string;
      language: string;
      category: string;
      body: string;
      examples: string[];
    }): Promise<WhatsappTemplate> => templateOf((await saveM({ variables: { input } })).data!.saveWhatsappTemplate),
    submit: async (id: string) => templateOf((await submitM({ variables: { id } })).data!.submitWhatsappTemplate),
    refresh: async () => {
      await refreshM();
    },
  };
}

export function useGuestRetention() {
  const q = useQuery(ConversationsRetentionDocument, { fetchPolicy: "cache-and-network" });
  const [setM, setting] = useMutation(GuestRetentionSetDocument, {
    refetchQueries: [ConversationsRetentionDocument],
  });
  return {
    days: q.data?.guestRetentionDays,
    error: q.error,
    saving: setting.loading,
    save: async (days: number) => (await setM({ variables: { days } })).data!.setGuestRetentionDays,
  };
}
