// The inbox's conversation with the server: the list under the filters, the counts, each step on one
// item and the bulk steps, read into the screen's own shape (model.ts), so the components never see the
// wire's names. A refusal reads as the catalogue's sentence for its code, in the person's language.
import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { errorText, isErrorCode, type Locale } from "@sufra/schema";
import { useCallback, useMemo } from "react";
import {
  InboxApproveDocument,
  InboxApproveManyDocument,
  InboxCountsDocument,
  InboxDeleteReplyDocument,
  InboxHideDocument,
  InboxListDocument,
  InboxMarkHandledDocument,
  InboxOneDocument,
  InboxPrivateReplyDocument,
  InboxRightsDocument,
  InboxSendDocument,
  InboxSendManyDocument,
  InboxSetSettingsDocument,
  InboxSyncNowDocument,
  InboxSuggestDocument,
  InboxSuggestManyDocument,
  InboxUpdateDocument,
  ReviewsDeleteDocument,
  type InboxFilter,
  type InboxItemFieldsFragment,
  type InboxResultFieldsFragment,
} from "../../graphql/graphql.ts";
import { errorCode, errorMessage } from "../../lib/errorMessage.ts";
import type { InboxFilters, InboxItem, ReplyLanguages } from "./model.ts";
import {
  inboxKindKey,
  inboxRepliedViaKey,
  replyGapKey,
  reviewIntentKey,
  reviewLanguageFromKey,
  reviewLanguageKey,
  reviewSentimentFromKey,
  reviewSentimentKey,
  reviewSourceFromKey,
  reviewSourceKey,
  reviewStatusKey,
  reviewTopicFromKey,
  reviewTopicKey,
} from "../../graphql/enumKeys.ts";

const PAGE_SIZE = 20;

/** What went wrong, as the catalogue says it in the person's language (the server's text otherwise). */
export function failureText(e: unknown, locale: Locale): string {
  const code = errorCode(e);
  return isErrorCode(code) ? errorText(code, locale) : errorMessage(e);
}

type Wire = InboxItemFieldsFragment;

/**
 * The network Sufra answers through: Instagram comments, and Google reviews that came from Google (a
 * synced review always has its branch; one typed in by hand with the source Google has none).
 */
function networkOf(r: Wire, kind: InboxItem["kind"], source: InboxItem["source"]): InboxItem["network"] {
  if (kind === "comment" && source === "instagram") return "instagram";
  const synced =
    !!r.location ||
    r.canSendReply ||
    r.needsVerification ||
    r.canDeleteReply ||
    r.repliedVia === "SENT" ||
    r.repliedVia === "NETWORK";
  return kind === "review" && source === "google" && synced ? "google" : null;
}

function itemOf(r: Wire): InboxItem {
  const source = reviewSourceKey[r.source];
  const kind = inboxKindKey[r.kind];
  return {
    id: r.id,
    kind,
    source,
    author: r.author,
    rating: r.rating ?? null,
    text: r.text,
    language: reviewLanguageKey[r.language],
    writtenAt: r.writtenAt,
    sentiment: reviewSentimentKey[r.sentiment],
    intent: reviewIntentKey[r.intent],
    topics: r.topics.map((x) => reviewTopicKey[x]),
    reply: r.reply ?? null,
    replyGaps: (r.replyGaps ?? []).map((g) => replyGapKey[g]),
    replyRejected: r.replyRejected ?? [],
    status: reviewStatusKey[r.status],
    approvedAt: r.approvedAt ?? null,
    repliedAt: r.repliedAt ?? null,
    repliedVia: r.repliedVia ? inboxRepliedViaKey[r.repliedVia] : null,
    sendError: r.sendError ?? null,
    branch: r.location ? { id: r.location.id, title: r.location.title } : null,
    post: kind === "comment" && r.permalink ? { permalink: r.permalink, caption: null } : null,
    hidden: r.hidden,
    thread: r.thread.map((e) => ({ author: e.author, text: e.text, at: e.at, fromBusiness: e.fromBusiness })),
    privateReply: r.privateReply ?? null,
    privateRepliedAt: r.privateRepliedAt ?? null,
    demo: r.demo,
    network: networkOf(r, kind, source),
    can: {
      sendReply: r.canSendReply,
      deleteReply: r.canDeleteReply,
      hide: r.canHide,
      privateReply: r.canPrivateReply,
      needsVerification: r.needsVerification,
    },
  };
}

/** The screen's filters as the server's InboxFilter. */
function wireFilter(f: InboxFilters): InboxFilter {
  const w: InboxFilter = {};
  if (f.source) w.sources = [reviewSourceFromKey[f.source]];
  if (f.branch) w.locationIds = [f.branch];
  if (f.unanswered) w.unanswered = true;
  if (f.stars) w.ratings = [f.stars];
  if (f.sentiment) w.sentiments = [reviewSentimentFromKey[f.sentiment]];
  if (f.topic) w.topics = [reviewTopicFromKey[f.topic]];
  if (f.language) w.languages = [reviewLanguageFromKey[f.language]];
  if (f.from) w.from = f.from;
  if (f.to) w.to = f.to;
  return w;
}

interface InboxPage {
  items: InboxItem[];
  totalCount: number;
  hasNext: boolean;
  endCursor: string | null;
}

export function useInboxList(filters: InboxFilters, after: string | undefined) {
  const list = useQuery(InboxListDocument, {
    variables: { filter: wireFilter(filters), first: PAGE_SIZE, ...(after ? { after } : {}) },
    fetchPolicy: "cache-and-network",
  });
  const shown = list.data ?? list.previousData;
  const page: InboxPage | undefined = useMemo(
    () =>
      shown && {
        items: shown.inbox.edges.map((e) => itemOf(e.node)),
        totalCount: shown.inbox.totalCount,
        hasNext: shown.inbox.pageInfo.hasNextPage,
        endCursor: shown.inbox.pageInfo.endCursor ?? null,
      },
    [shown],
  );
  return { page, loading: list.loading, error: list.error, refetch: list.refetch };
}

/** One item by its id (a link from a notification or the dashboard); skipped while `id` is empty. */
export function useInboxItem(id: string | null) {
  const q = useQuery(InboxOneDocument, { variables: { id: id ?? "" }, skip: !id, fetchPolicy: "cache-and-network" });
  const item = useMemo(() => (q.data ? itemOf(q.data.inboxItem) : undefined), [q.data]);
  return { item, error: q.error };
}

interface InboxSummary {
  total: number;
  unanswered: number;
  negativeNew: number;
  branches: { id: string; title: string }[];
}

export function useInboxSummary() {
  const q = useQuery(InboxCountsDocument, { fetchPolicy: "cache-and-network" });
  const d = q.data;
  const summary: InboxSummary | undefined = useMemo(
    () =>
      d && {
        total: d.reviewStats.total,
        unanswered: d.inboxSummary.unanswered,
        negativeNew: d.inboxSummary.negativeNew,
        branches: d.inboxSummary.locations.map((l) => ({ id: l.location.id, title: l.location.title })),
      },
    [d],
  );
  return { summary, refetch: q.refetch };
}

/** Who may do what in this business's inbox. */
interface InboxRights {
  mayReply: boolean;
  mayChangeSettings: boolean;
  clientsMayReply: boolean;
}

export function useInboxSettings() {
  const q = useQuery(InboxRightsDocument, { fetchPolicy: "cache-and-network" });
  const [setM, { loading }] = useMutation(InboxSetSettingsDocument, { refetchQueries: [InboxListDocument] });
  const s = q.data?.inboxSettings;
  const rights: InboxRights | undefined = s && {
    mayReply: s.canReply,
    mayChangeSettings: s.canChange,
    clientsMayReply: s.clientsMayReply,
  };
  const save = async (clientsMayReply: boolean) => {
    await setM({ variables: { clientsMayReply } });
  };
  return { rights, save, saving: loading };
}

/** Reads the business's Google branches and Instagram comments now (the server allows it once per 30 s). */
export function useInboxSyncNow() {
  const [syncM, { loading }] = useMutation(InboxSyncNowDocument, {
    refetchQueries: [InboxListDocument, InboxCountsDocument],
  });
  const sync = async () => (await syncM()).data!.syncInbox;
  return { sync, syncing: loading };
}

export type BulkAction = "suggest" | "approve" | "send";
export interface BulkResult {
  id: string;
  ok: boolean;
  /** the guest's name, when the server answered the item */
  author: string | null;
  message: string | null;
}

const resultsOf = (list: readonly InboxResultFieldsFragment[], locale: Locale): BulkResult[] =>
  list.map((r) => ({
    id: r.id,
    ok: !r.code,
    author: r.item?.author ?? null,
    message: r.code ? (isErrorCode(r.code) ? errorText(r.code, locale) : (r.message ?? r.code)) : null,
  }));

const gqlLanguages = (l: ReplyLanguages) => (l === "both" ? "BOTH" : "GUEST");

/** Each step on one item; each answers the item as it now is. */
export function useInboxActions() {
  const client = useApolloClient();
  const [suggestM] = useMutation(InboxSuggestDocument);
  const [updateM] = useMutation(InboxUpdateDocument);
  const [approveM] = useMutation(InboxApproveDocument);
  const [sendM] = useMutation(InboxSendDocument);
  const [markM] = useMutation(InboxMarkHandledDocument);
  const [deleteReplyM] = useMutation(InboxDeleteReplyDocument);
  const [hideM] = useMutation(InboxHideDocument);
  const [privateM] = useMutation(InboxPrivateReplyDocument);
  const [removeM] = useMutation(ReviewsDeleteDocument);
  const [suggestManyM] = useMutation(InboxSuggestManyDocument);
  const [approveManyM] = useMutation(InboxApproveManyDocument);
  const [sendManyM] = useMutation(InboxSendManyDocument);
  const refresh = useCallback(
    () =>
      void client
        .refetchQueries({ include: [InboxListDocument, InboxCountsDocument, InboxOneDocument] })
        .catch(() => {}),
    [client],
  );
  return {
    refresh,
    suggest: async (id: string, languages: ReplyLanguages) =>
      itemOf((await suggestM({ variables: { id, languages: gqlLanguages(languages) } })).data!.suggestInboxReply),
    update: async (id: string, reply: string) =>
      itemOf((await updateM({ variables: { id, reply } })).data!.updateInboxReply),
    approve: async (id: string) => itemOf((await approveM({ variables: { id } })).data!.approveInboxReply),
    send: async (id: string) => itemOf((await sendM({ variables: { id } })).data!.sendInboxReply),
    markHandled: async (id: string) => itemOf((await markM({ variables: { id } })).data!.markInboxHandled),
    deleteReply: async (id: string) => itemOf((await deleteReplyM({ variables: { id } })).data!.deleteInboxReply),
    hide: async (id: string, hidden: boolean) =>
      itemOf((await hideM({ variables: { id, hidden } })).data!.hideInboxComment),
    privateReply: async (id: string, text: string) =>
      itemOf((await privateM({ variables: { id, text } })).data!.sendPrivateReply),
    remove: async (id: string) => {
      await removeM({ variables: { id } });
    },
    /** suggest: the unanswered positive items under the filters (the server picks them); approve and send: the ids */
    bulk: async (
      action: BulkAction,
      ids: string[],
      filters: InboxFilters,
      languages: ReplyLanguages,
      locale: Locale,
    ): Promise<BulkResult[]> => {
      if (action === "suggest")
        return resultsOf(
          (await suggestManyM({ variables: { filter: wireFilter(filters), languages: gqlLanguages(languages) } })).data!
            .suggestInboxReplies,
          locale,
        );
      if (action === "approve")
        return resultsOf((await approveManyM({ variables: { ids } })).data!.approveInboxReplies, locale);
      return resultsOf((await sendManyM({ variables: { ids } })).data!.sendInboxReplies, locale);
    },
  };
}
