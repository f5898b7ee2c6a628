// For tests only: conversations as the server sends them (with __typename) and the Apollo mocks of the
// Messages view's reads, the live feed kept quiet; the inbox's tests use `conversationsQuiet` for the tab.
import {
  ConversationOneDocument,
  ConversationsChangedDocument,
  ConversationsFiguresDocument,
  ConversationsListDocument,
  ConversationsRightsDocument,
  ConversationsSavedRepliesDocument,
  ConversationsTeamDocument,
  ConversationsUnreadDocument,
  ConversationsRetentionDocument,
  ConversationsWhatsappNumbersDocument,
  ConversationsWhatsappSignupDocument,
  ConversationsWhatsappTemplatesDocument,
  type ConversationsListQueryVariables,
} from "../../graphql/graphql.ts";

const AT = "2026-03-01T10:00:00.000Z";

export const row = (id: string, extra: Record<string, unknown> = {}) => ({
  __typename: "Conversation",
  id,
  channel: "INSTAGRAM",
  guestName: "sara.kw",
  guestId: "17841400000000001",
  status: "OPEN",
  unread: 0,
  assignedToId: null,
  lastMessageAt: AT,
  lastPreview: "Do you deliver to Salmiya?",
  language: "en",
  awaitingSince: null,
  startedKind: null,
  postId: null,
  campaignId: null,
  demo: false,
  ...extra,
});

export const message = (id: string, extra: Record<string, unknown> = {}) => ({
  __typename: "ConversationMessage",
  id,
  direction: "in",
  kind: "text",
  text: "Do you deliver to Salmiya?",
  media: [],
  choices: [],
  templateName: null,
  state: null,
  error: null,
  humanAgent: false,
  orderId: null,
  at: AT,
  ...extra,
});

export const windowOf = (extra: Record<string, unknown> = {}) => ({
  __typename: "ConversationWindow",
  open: true,
  closesAt: new Date(Date.now() + 5 * 3_600_000 + 12 * 60_000 + 30_000).toISOString(),
  humanAgentUntil: null,
  templateOnly: false,
  ...extra,
});

export const thread = (id: string, extra: Record<string, unknown> = {}) => ({
  ...row(id),
  window: windowOf(),
  messages: [message(`${id}-m1`)],
  notes: [],
  ...extra,
});

type Vars = ConversationsListQueryVariables;
export const listMock = (rows: object[], match: (v: Vars) => boolean = () => true) => ({
  request: { query: ConversationsListDocument, variables: match },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: {
    data: {
      conversations: {
        __typename: "QueryConversationsConnection",
        totalCount: rows.length,
        edges: rows.map((node) => ({ __typename: "QueryConversationsConnectionEdge", node })),
        pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
      },
    },
  },
});

export const oneMock = (t: { id: string }) => ({
  request: { query: ConversationOneDocument, variables: { id: t.id } },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { conversation: t } },
});

const always = (query: unknown, data: object) => ({
  request: { query, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data },
});

export const unreadMock = (n = 0) => always(ConversationsUnreadDocument, { conversationsUnread: n });

export const figuresMock = (
  f: Partial<{ threads: number; answered: number; medianFirstResponseMs: number | null; people: object[] }> = {},
) =>
  always(ConversationsFiguresDocument, {
    conversationFigures: {
      __typename: "ConversationFigures",
      threads: 0,
      open: 0,
      unread: 0,
      answered: 0,
      medianFirstResponseMs: null,
      people: [],
      ...f,
    },
  });

export const teamMock = (canManage = true) =>
  always(ConversationsTeamDocument, {
    team: {
      __typename: "Team",
      canManage,
      members: [
        { __typename: "TeamMember", id: "u-client", name: "Noura Al-Sabah" },
        { __typename: "TeamMember", id: "u-owner", name: "Khalid Al-Mutairi" },
      ],
    },
  });

export const rightsMock = (canReply = true) =>
  always(ConversationsRightsDocument, { inboxSettings: { __typename: "InboxSettings", canReply } });

export const savedRepliesMock = (replies: object[] = []) =>
  always(ConversationsSavedRepliesDocument, { savedReplies: replies });

export const templatesMock = (templates: object[] = []) =>
  always(ConversationsWhatsappTemplatesDocument, { whatsappTemplates: templates });

export const numbersMock = (numbers: object[] = []) =>
  always(ConversationsWhatsappNumbersDocument, { whatsappNumbers: numbers });
// this server has no Embedded Signup: the manual form
always(ConversationsWhatsappSignupDocument, { whatsappSignup: null });

export const retentionMock = (days = 365) => always(ConversationsRetentionDocument, { guestRetentionDays: days });

/** The live feed, silent: the subscription is open and nothing happens. */
export const quietFeed = {
  request: { query: ConversationsChangedDocument },
  delay: Infinity,
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** What the inbox page asks of conversations in its Reviews & comments view: the tab's badge. */
export const conversationsQuiet = (unread = 0) => [unreadMock(unread), quietFeed];
