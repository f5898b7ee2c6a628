// The inbox's Messages view: the threads with their channel, unread badge and tags in English and Arabic (the
// tab's badge too), the filters in the address bar, a thread opened from its link and marked read, the window
// sign in its three cases, a send that keeps its key on a retry after an error, the WhatsApp template picker
// once the 24 hours have passed, and a suggested answer that fills the composer, names the profile's gaps
// and hands what the guest orders to the order slot.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { errorText } from "@sufra/schema";
import { useLocation } from "react-router-dom";
import {
  ConversationMarkReadDocument,
  ConversationSendDocument,
  ConversationSuggestDocument,
  GuestDataDeleteDocument,
  SavedReplySaveDocument,
  type ConversationsListQueryVariables,
} from "../../graphql/graphql.ts";
import { formatDateTime } from "../../lib/format.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, recordedMock, renderWithMocks, resetScreenWidth, setScreenWidth } from "../../../test/screens.tsx";
import InboxPage from "../inbox/InboxPage.tsx";
import { MessagesView } from "./index.ts";
import { durationParts, filtersFrom, keyForDraft, windowSign, withFilters } from "./model.ts";
import {
  figuresMock,
  listMock,
  message,
  numbersMock,
  oneMock,
  quietFeed,
  retentionMock,
  rightsMock,
  row,
  savedRepliesMock,
  teamMock,
  templatesMock,
  thread,
  unreadMock,
  windowOf,
} from "./testMocks.ts";

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

const SARA = row("c1", { unread: 2, assignedToId: "u-owner", lastPreview: "Do you deliver to Salmiya?" });
const FATMA = row("c2", {
  channel: "WHATSAPP",
  guestName: "فاطمة",
  guestId: "96550000000",
  unread: 0,
  status: "HANDLED",
  lastPreview: "شكرًا",
  language: "ar",
  demo: true,
});

const readMock = () =>
  recordedMock(ConversationMarkReadDocument, (v) => ({
    data: { markConversationRead: { __typename: "Conversation", id: v.id, unread: 0 } },
  }));

/** The view's reads; `first` come before them, so they win over a default of the same query. */
const basics = (rows: object[] = [SARA, FATMA], first: object[] = []) => [
  ...first,
  listMock(rows),
  unreadMock(2),
  figuresMock(),
  teamMock(),
  rightsMock(),
  savedRepliesMock(),
  templatesMock(),
  numbersMock(),
  retentionMock(),
  readMock().mock,
  quietFeed,
];

const inboxRoutes = [
  {
    path: "/inbox",
    element: (
      <>
        <InboxPage />
        <Where />
      </>
    ),
  },
];
const renderInbox = (mocks: object[], path = "/inbox?view=messages") =>
  renderWithMocks(inboxRoutes, path, mocks as never);

/** The Messages view alone, with an order slot that shows what it was given. */
const renderView = (mocks: object[], path: string) =>
  renderWithMocks(
    [
      {
        path: "/inbox",
        element: (
          <MessagesView
            orderAction={(c, start) => (
              <span data-testid="order-slot-probe">
                {c.id}:{start ? `${start.items.length} items, ${start.totalFils ?? "no"} fils` : "nothing yet"}
              </span>
            )}
          />
        ),
      },
    ],
    path,
    mocks as never,
  );

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

describe("the list", () => {
  test("threads with their channel, guest, preview, unread badge, assignee and tags; the tab's badge", async () => {
    renderInbox(basics());
    const rows = await screen.findAllByTestId("conversation-row");
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByTestId("conversation-channel")).toHaveTextContent("Instagram messages");
    expect(first.getByText("sara.kw")).toBeInTheDocument();
    expect(first.getByText("Do you deliver to Salmiya?")).toHaveAttribute("dir", "auto");
    expect(first.getByTestId("conversation-unread")).toHaveTextContent("2");
    expect(first.getByTestId("conversation-assigned")).toHaveTextContent("With Khalid Al-Mutairi");
    const second = within(rows[1]!);
    expect(second.getByTestId("conversation-channel")).toHaveTextContent("WhatsApp");
    expect(second.queryByTestId("conversation-unread")).toBeNull();
    expect(second.getByTestId("conversation-handled")).toHaveTextContent("Handled");
    expect(second.getByTestId("conversation-demo")).toHaveTextContent("Demo");
    await waitFor(() => expect(screen.getByTestId("messages-unread")).toHaveTextContent("2"));
  });

  test("in Arabic: right to left, the channels' Arabic names, Arabic digits in the badges", async () => {
    await inLanguage("ar");
    renderInbox(basics([row("c1", { unread: 12 }), FATMA]));
    const rows = await screen.findAllByTestId("conversation-row");
    expect(document.documentElement.dir).toBe("rtl");
    expect(within(rows[0]!).getByTestId("conversation-channel")).toHaveTextContent("رسائل إنستغرام");
    expect(within(rows[0]!).getByTestId("conversation-unread")).toHaveTextContent("١٢");
    expect(within(rows[1]!).getByTestId("conversation-channel")).toHaveTextContent("واتساب");
    expect(within(rows[1]!).getByTestId("conversation-handled")).toHaveTextContent("تمت معالجتها");
    expect(within(rows[1]!).getByText("فاطمة")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("messages-unread")).toHaveTextContent("٢"));
    expect(screen.getByText("التقييمات والتعليقات")).toBeInTheDocument();
  });

  test("the filters come from the address and go back to it; the server hears them", async () => {
    const asked: ConversationsListQueryVariables[] = [];
    const list = listMock([FATMA], (v) => (asked.push(v), true));
    renderInbox(basics([], [list]), "/inbox?view=messages&channel=whatsapp");
    await screen.findAllByTestId("conversation-row");
    expect(asked[0]!.filter).toEqual({ channel: "WHATSAPP" });
    fireEvent.click(screen.getByTestId("filter-unread"));
    await waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent("/inbox?view=messages&channel=whatsapp&unread=1"),
    );
    await waitFor(() => expect(asked.at(-1)!.filter).toEqual({ channel: "WHATSAPP", unread: true }));
    expect(filtersFrom(new URLSearchParams("channel=telegram&status=handled&assigned=me&unread=1"))).toEqual({
      status: "handled",
      assigned: "me",
      unread: true,
    });
    expect(withFilters(new URLSearchParams("view=messages&conversation=c1"), { assigned: "none" }).toString()).toBe(
      "view=messages&conversation=c1&assigned=none",
    );
  });

  test("switching views keeps the choice in the address", async () => {
    renderInbox(basics());
    await screen.findAllByTestId("conversation-row");
    expect(screen.getByTestId("messages-view")).toBeInTheDocument();
    fireEvent.click(screen.getByText("Reviews & comments"));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/inbox$/));
  });
});

describe("a thread", () => {
  test("opens from its link, shows the chat on both sides and an event line, and is marked read", async () => {
    const read = readMock();
    const t = thread("c1", {
      unread: 2,
      messages: [
        message("m1", { text: "Do you deliver to Salmiya?" }),
        message("m2", {
          direction: "out",
          text: "Yes, within the hour.",
          state: "read",
        }),
        message("m3", {
          direction: "out",
          text: "Here is the menu",
          state: "failed",
          error: "window",
          humanAgent: true,
        }),
        message("m4", { direction: "event", kind: "event", text: "Order #12 paid" }),
        message("m5", {
          kind: "image",
          text: "",
          media: [
            {
              __typename: "ConversationMedia",
              kind: "image",
              url: "https://cdn.example/p.jpg",
              mime: null,
              caption: null,
            },
          ],
        }),
      ],
    });
    renderInbox(basics([SARA], [oneMock(t), read.mock]), "/inbox?view=messages&conversation=c1");
    const view = await screen.findByTestId("conversation-thread");
    expect(within(view).getAllByTestId("message-in")).toHaveLength(2);
    const out = within(view).getAllByTestId("message-out");
    expect(within(out[0]!).getByTestId("message-state")).toHaveTextContent("Read");
    expect(within(out[1]!).getByTestId("message-state")).toHaveTextContent("Not sent");
    expect(within(out[1]!).getByTestId("message-error")).toHaveTextContent(
      "The guest's 24-hour window had closed, so the channel refused it.",
    );
    expect(within(out[1]!).getByTestId("message-human-agent")).toBeInTheDocument();
    expect(within(view).getByTestId("message-event")).toHaveTextContent("Order #12 paid");
    expect(within(view).getByTestId("message-image")).toHaveAttribute("src", "https://cdn.example/p.jpg");
    await waitFor(() => expect(read.calls).toEqual([{ id: "c1" }]));
    fireEvent.click(within(view).getByTestId("thread-close"));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/inbox\?view=messages$/));
  });

  test("the window sign: open with a live countdown, the human agent grace, WhatsApp's template only", async () => {
    const open = thread("c1");
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const grace = thread("c3", {
      window: windowOf({
        open: false,
        closesAt: new Date(Date.now() - 3_600_000).toISOString(),
        humanAgentUntil: until,
      }),
    });
    const wa = thread("c4", {
      channel: "WHATSAPP",
      window: windowOf({ open: false, closesAt: new Date(Date.now() - 3_600_000).toISOString(), templateOnly: true }),
    });
    const mocks = basics([SARA], [oneMock(open), oneMock(grace), oneMock(wa)]);

    const a = renderInbox(mocks, "/inbox?view=messages&conversation=c1");
    expect(await screen.findByTestId("window-sign")).toHaveTextContent("Window open: closes in 5 h 12 min");
    a.unmount();

    const b = renderInbox(mocks, "/inbox?view=messages&conversation=c3");
    expect(await screen.findByTestId("window-sign")).toHaveTextContent(
      `Past 24 hours: your answer goes with the human agent tag until ${formatDateTime(until, "en")}`,
    );
    expect(screen.getByTestId("composer-text")).toBeEnabled();
    b.unmount();

    renderInbox(mocks, "/inbox?view=messages&conversation=c4");
    expect(await screen.findByTestId("window-sign")).toHaveTextContent(
      "The 24-hour window has closed: send an approved template",
    );
    expect(screen.queryByTestId("composer-text")).toBeNull();
    expect(await screen.findByTestId("template-picker")).toBeInTheDocument();
  });

  test("in Arabic, the countdown in Arabic digits", async () => {
    await inLanguage("ar");
    renderInbox(basics([SARA], [oneMock(thread("c1"))]), "/inbox?view=messages&conversation=c1");
    expect(await screen.findByTestId("window-sign")).toHaveTextContent("النافذة مفتوحة: تُغلق بعد ٥ س و١٢ د");
  });

  test("when nothing may be sent any more, it says so and the composer is disabled", async () => {
    const closed = thread("c1", {
      window: windowOf({ open: false, closesAt: new Date(Date.now() - 8 * 86_400_000).toISOString() }),
    });
    renderInbox(basics([SARA], [oneMock(closed)]), "/inbox?view=messages&conversation=c1");
    expect(await screen.findByTestId("window-sign")).toHaveTextContent("Nothing can be sent now");
    expect(screen.getByTestId("composer-text")).toBeDisabled();
    expect(screen.getByTestId("send-message")).toBeDisabled();
  });
});

describe("sending", () => {
  test("a retry after an error sends the same key; a new draft gets a new one", async () => {
    let n = 0;
    const send = recordedMock(ConversationSendDocument, (v) => {
      n += 1;
      if (n === 1)
        return { errors: [{ message: "x", extensions: { code: "BAD_USER_INPUT", reason: "CHANNEL_NOT_CONNECTED" } }] };
      const input = v.input as { text: string };
      return {
        data: {
          sendConversationMessage: message(`sent-${n}`, { direction: "out", text: input.text, state: "sent" }),
        },
      };
    });
    renderInbox(basics([SARA], [oneMock(thread("c1")), send.mock]), "/inbox?view=messages&conversation=c1");
    const text = await screen.findByTestId("composer-text");
    fireEvent.change(text, { target: { value: "Yes, we deliver to Salmiya" } });
    fireEvent.click(screen.getByTestId("send-message"));
    expect(await screen.findByTestId("send-failure")).toHaveTextContent(errorText("CHANNEL_NOT_CONNECTED", "en"));
    expect(text).toHaveValue("Yes, we deliver to Salmiya");
    fireEvent.click(screen.getByTestId("send-message"));
    await waitFor(() => expect(text).toHaveValue(""));
    expect(send.calls).toHaveLength(2);
    const keys = send.calls.map((c) => (c.input as { key: string }).key);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]!.length).toBeGreaterThanOrEqual(8);
    expect(send.calls[0]).toEqual({
      conversationId: "c1",
      input: { key: keys[0], text: "Yes, we deliver to Salmiya" },
    });

    fireEvent.change(text, { target: { value: "See you soon" } });
    fireEvent.click(screen.getByTestId("send-message"));
    await waitFor(() => expect(send.calls).toHaveLength(3));
    expect((send.calls[2]!.input as { key: string }).key).not.toBe(keys[0]);
  });

  test("the key rule: the same draft keeps its key, a changed draft takes a new one", () => {
    let i = 0;
    const fresh = () => `key-${++i}-0000`;
    const a = keyForDraft(null, "hello", fresh);
    expect(keyForDraft(a, "hello", fresh)).toBe(a);
    expect(keyForDraft(a, "hello!", fresh).key).toBe("key-2-0000");
  });

  test("after WhatsApp's 24 hours: an approved template, its values and preview, then sent", async () => {
    const wa = thread("c4", {
      channel: "WHATSAPP",
      language: "en",
      window: windowOf({ open: false, closesAt: new Date(Date.now() - 3_600_000).toISOString(), templateOnly: true }),
    });
    const template = (id: string, status: string, name: string) => ({
      __typename: "WhatsappTemplate",
      id,
      name,
      language: "en",
      category: "UTILITY",
      body: "Hello {{1}}, your order {{2}} is ready",
      examples: ["Sara", "12"],
      status,
      reason: null,
    });
    const send = recordedMock(ConversationSendDocument, () => ({
      data: {
        sendConversationMessage: message("t1", { direction: "out", kind: "template", state: "sent" }),
      },
    }));
    renderInbox(
      basics(
        [SARA],
        [
          oneMock(wa),
          send.mock,
          templatesMock([template("t-ok", "approved", "order_ready"), template("t-wait", "pending", "order_late")]),
        ],
      ),
      "/inbox?view=messages&conversation=c4",
    );
    const picker = await screen.findByTestId("template-picker");
    const select = within(picker).getByRole("combobox");
    fireEvent.mouseDown(select);
    expect(await screen.findByText("order_ready")).toBeInTheDocument();
    expect(screen.queryByText("order_late")).toBeNull();
    fireEvent.click(screen.getByText("order_ready"));
    fireEvent.change(await screen.findByTestId("template-param-1"), { target: { value: "Sara" } });
    expect(screen.getByTestId("template-preview")).toHaveTextContent("Hello Sara, your order {{2}} is ready");
    expect(screen.getByTestId("send-template")).toBeDisabled();
    fireEvent.change(screen.getByTestId("template-param-2"), { target: { value: "12" } });
    fireEvent.click(screen.getByTestId("send-template"));
    await waitFor(() => expect(send.calls).toHaveLength(1));
    expect(send.calls[0]).toMatchObject({
      conversationId: "c4",
      input: { templateId: "t-ok", params: ["Sara", "12"] },
    });
  });
});

describe("a suggested answer", () => {
  test("fills the composer, names the gaps with the profile's link, and gives the order slot what the guest orders", async () => {
    const suggest = recordedMock(ConversationSuggestDocument, () => ({
      data: {
        suggestConversationAnswer: {
          __typename: "ConversationSuggestion",
          text: "Hello Sara! Two karak come to 1.500 KWD. We'll confirm our delivery areas shortly.",
          language: "en",
          voice: "en",
          gaps: ["address", "hours"],
          items: [
            {
              __typename: "ConversationOrderLine",
              menuItemId: "k1",
              name: "Karak",
              nameAr: "كرك",
              quantity: 2,
              unitFils: 750,
            },
          ],
          totalFils: 1500,
          area: "salmiya",
        },
      },
    }));
    renderView(basics([SARA], [oneMock(thread("c1")), suggest.mock]), "/inbox?conversation=c1");
    expect(await screen.findByTestId("order-slot-probe")).toHaveTextContent("c1:nothing yet");
    fireEvent.click(screen.getByTestId("suggest-answer"));
    await waitFor(() =>
      expect(screen.getByTestId("composer-text")).toHaveValue(
        "Hello Sara! Two karak come to 1.500 KWD. We'll confirm our delivery areas shortly.",
      ),
    );
    const gaps = screen.getByTestId("suggestion-gaps");
    expect(gaps).toHaveTextContent("The guest asked for something your business profile does not say yet");
    expect(within(gaps).getByText("Address")).toBeInTheDocument();
    expect(within(gaps).getByText("Opening hours")).toBeInTheDocument();
    expect(within(gaps).getByRole("link", { name: "Open the business profile" })).toHaveAttribute(
      "href",
      "/settings#business-profile",
    );
    expect(screen.getByTestId("order-slot-probe")).toHaveTextContent("c1:1 items, 1500 fils");
    expect(suggest.calls).toEqual([{ conversationId: "c1" }]);
  });

  test("in Arabic, the gaps' names", async () => {
    await inLanguage("ar");
    const suggest = recordedMock(ConversationSuggestDocument, () => ({
      data: {
        suggestConversationAnswer: {
          __typename: "ConversationSuggestion",
          text: "هلا والله! بنرد عليك بالعنوان بعد شوي.",
          language: "ar",
          voice: "gulf",
          gaps: ["address"],
          items: [],
          totalFils: null,
          area: null,
        },
      },
    }));
    renderView(basics([SARA], [oneMock(thread("c1", { language: "ar" })), suggest.mock]), "/inbox?conversation=c1");
    fireEvent.click(await screen.findByTestId("suggest-answer"));
    const gaps = await screen.findByTestId("suggestion-gaps");
    expect(gaps).toHaveTextContent("سأل الضيف عن شيء لا يذكره ملف نشاطك التجاري بعد");
    expect(within(gaps).getByText("العنوان")).toBeInTheDocument();
    expect(screen.getByTestId("composer-text")).toHaveValue("هلا والله! بنرد عليك بالعنوان بعد شوي.");
  });
});

describe("on a phone and beside the thread", () => {
  test("below 768 px the thread opens in a full-width drawer over the list", async () => {
    setScreenWidth(390);
    renderInbox(basics([SARA], [oneMock(thread("c1"))]), "/inbox?view=messages&conversation=c1");
    const drawer = await screen.findByTestId("conversation-drawer");
    expect(await within(drawer).findByTestId("conversation-thread")).toBeInTheDocument();
    expect(screen.getAllByTestId("conversation-row")).toHaveLength(1);
  });

  test("a manager deletes the guest's data after confirming: the thread closes", async () => {
    const remove = recordedMock(GuestDataDeleteDocument, () => ({ data: { deleteGuestData: true } }));
    renderInbox(basics([SARA], [oneMock(thread("c1")), remove.mock]), "/inbox?view=messages&conversation=c1");
    const data = await screen.findByTestId("guest-data");
    fireEvent.click(within(data).getByTestId("guest-delete"));
    // the confirmation's own button
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete guest data" })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole("button", { name: "Delete guest data" })[1]!);
    await waitFor(() => expect(remove.calls).toEqual([{ conversationId: "c1" }]));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/inbox\?view=messages$/));
  });

  test("someone who does not manage the café sees no guest data actions", async () => {
    renderInbox(basics([SARA], [teamMock(false), oneMock(thread("c1"))]), "/inbox?view=messages&conversation=c1");
    await screen.findByTestId("conversation-side");
    expect(screen.queryByTestId("guest-data")).toBeNull();
  });
});

describe("settings for messages", () => {
  test("a saved reply needs a title and one text, said in Arabic from the shared rules; then it is saved", async () => {
    await inLanguage("ar");
    const save = recordedMock(SavedReplySaveDocument, (v) => ({
      data: { saveSavedReply: { __typename: "SavedReply", id: "s1", ...(v.input as object) } },
    }));
    renderInbox(basics([SARA], [save.mock]), "/inbox?view=messages&settings=1");
    const card = await screen.findByTestId("saved-replies-card");
    fireEvent.click(within(card).getByTestId("saved-reply-add"));
    const form = await screen.findByTestId("saved-reply-form");
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    expect(await within(form).findByText("الاسم مطلوب")).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText("العنوان"), { target: { value: "العنوان" } });
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    expect(await within(form).findByText("اكتب رسالة أولًا")).toBeInTheDocument();
    expect(save.calls).toEqual([]);
    fireEvent.change(within(form).getByLabelText("النص بالعربية"), {
      target: { value: "نحن في السالمية، شارع سالم المبارك" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    await waitFor(() =>
      expect(save.calls).toEqual([
        { id: null, input: { title: "العنوان", textEn: "", textAr: "نحن في السالمية، شارع سالم المبارك" } },
      ]),
    );
  });

  test("templates show their review state and WhatsApp's reason for a rejection; no number connected yet", async () => {
    renderInbox(
      basics(
        [SARA],
        [
          templatesMock([
            {
              __typename: "WhatsappTemplate",
              id: "t1",
              name: "weekend_offer",
              language: "ar",
              category: "MARKETING",
              body: "عرض نهاية الأسبوع {{1}}",
              examples: ["٢٠٪"],
              status: "rejected",
              reason: "INVALID_FORMAT",
            },
          ]),
        ],
      ),
      "/inbox?view=messages&settings=1",
    );
    const card = await screen.findByTestId("templates-card");
    const item = await within(card).findByTestId("whatsapp-template");
    expect(within(item).getByTestId("template-status")).toHaveTextContent("Rejected");
    expect(within(item).getByTestId("template-reason")).toHaveTextContent("WhatsApp's reason: INVALID_FORMAT");
    expect(within(item).getByTestId("template-submit")).toBeEnabled();
  });
});

describe("the rules", () => {
  test("the window sign read at a time; durations", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    const later = (ms: number) => new Date(now + ms).toISOString();
    const w = { open: true, closesAt: later(3_600_000), humanAgentUntil: later(6 * 86_400_000), templateOnly: false };
    expect(windowSign(w, "instagram", now)).toEqual({ kind: "open", closesAt: w.closesAt, leftMs: 3_600_000 });
    // the window closed while the thread stayed open: Instagram's grace, WhatsApp's templates
    expect(windowSign(w, "instagram", now + 2 * 3_600_000)).toEqual({ kind: "humanAgent", until: w.humanAgentUntil });
    expect(windowSign({ ...w, humanAgentUntil: null }, "whatsapp", now + 2 * 3_600_000)).toEqual({ kind: "template" });
    expect(windowSign(w, "facebook", now + 7 * 86_400_000)).toEqual({ kind: "closed" });
    expect(durationParts(5 * 3_600_000 + 12 * 60_000 + 59_000)).toEqual({ days: 0, hours: 5, minutes: 12 });
    expect(durationParts(26 * 3_600_000)).toEqual({ days: 1, hours: 2, minutes: 0 });
  });
});
