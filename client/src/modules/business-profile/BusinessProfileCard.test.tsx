// The business profile card in Settings: it reads right to left in Arabic with the lists' Arabic
// names and Arabic-Indic prices; the profile is saved (a listed cuisine, an area found by search, a
// cuisine in the person's own words); a menu item priced 2.750 is added; a price with four decimals
// is refused before anything is sent; items move and are deleted; a pasted menu names its bad line;
// only people of a business see the card.
import type { MockLink } from "@apollo/client/testing";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  AddMenuItemDocument,
  BusinessProfileDocument,
  BusinessVoiceDocument,
  ImportMenuDocument,
  PlatformsConnectionsDocument,
  RemoveMenuItemDocument,
  ReorderMenuDocument,
  SettingsMeDocument,
  UpdateBusinessProfileDocument,
} from "../../graphql/graphql.ts";
import { formatMoney, isolate } from "../../lib/format.ts";
import { inLanguage, type } from "../../../test/render.tsx";
import {
  freshStart,
  people,
  renderWithMocks,
  resetScreenWidth,
  setScreenWidth,
  signIn,
} from "../../../test/screens.tsx";
import SettingsPage from "../account/SettingsPage.tsx";
import { BusinessProfileCard } from "./BusinessProfileCard.tsx";

const item = (id: string, name: string, nameAr: string | null, priceKwd: number | null, position: number) => ({
  __typename: "MenuItem" as const,
  id,
  name,
  nameAr,
  priceKwd,
  section: null as string | null,
  sectionAr: null as string | null,
  position,
});

/** What guests ask, none of it given. */
const NO_FACTS = {
  address: null,
  addressAr: null,
  mapUrl: null,
  ramadanHours: null,
  ramadanHoursAr: null,
  eidHours: null,
  eidHoursAr: null,
  deliveryApps: [] as { __typename: "DeliveryApp"; app: string; name: string | null; url: string }[],
  reservationMode: null as string | null,
  reservationPhone: null,
  reservationUrl: null,
  publicPhone: null,
};
/** The same as the form sends them. */
const NO_FACTS_SENT = {
  address: null,
  addressAr: null,
  mapUrl: null,
  ramadanHours: null,
  ramadanHoursAr: null,
  eidHours: null,
  eidHoursAr: null,
  publicPhone: null,
  reservationPhone: null,
  reservationUrl: null,
  reservationMode: null,
  deliveryApps: [],
};

const PROFILE = {
  __typename: "BusinessProfile" as const,
  id: "b1",
  companyName: "Dar Al Qahwa",
  nameAr: "دار القهوة",
  cuisine: "cafe",
  area: "salmiya",
  hours: "Daily 7 AM – 1 AM",
  hoursAr: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
  ...NO_FACTS,
  menu: [item("m1", "Karak", "كرك", 0.35, 0), item("m2", "Pistachio kunafa", "كنافة بالفستق", 2.5, 1)],
};

const profileMock = (profile: Record<string, unknown> = PROFILE): MockLink.MockedResponse => ({
  request: { query: BusinessProfileDocument },
  result: { data: { businessProfile: profile } },
  maxUsageCount: 2,
});

/** A mutation mock that records the variables it was sent. */
function recorded(
  query: MockLink.MockedResponse["request"]["query"],
  data: Record<string, unknown>,
  sent: Record<string, unknown>[],
): MockLink.MockedResponse {
  return { request: { query, variables: (v: Record<string, unknown>) => (sent.push(v), true) }, result: { data } };
}

const render = (mocks: MockLink.MockedResponse[]) =>
  renderWithMocks([{ path: "/settings", element: <BusinessProfileCard /> }], "/settings", mocks);

async function pick(label: string, optionText: string, search?: string) {
  const box = screen.getByLabelText(label);
  fireEvent.mouseDown(box);
  if (search !== undefined) type(box, search);
  const option = await waitFor(() => {
    const el = Array.from(
      document.querySelectorAll<HTMLElement>(
        ".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option",
      ),
    ).find((o) => o.textContent === optionText);
    if (!el) throw new Error(`no option ${optionText}`);
    return el;
  });
  fireEvent.click(option);
}

/** antd forms and dialogs are slow in jsdom on a busy machine (2 shared cores) */
const SLOW = 60_000;

const dialog = () =>
  within(document.querySelector<HTMLElement>(".ant-modal-wrap:not([style*='display: none']) .ant-modal")!);

// a desktop window unless a test says otherwise (the menu is a table there, cards on a phone)
beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

test(
  "in Arabic: right to left, the lists' Arabic names, hours and prices with Arabic-Indic digits",
  async () => {
    await inLanguage("ar");
    render([profileMock()]);
    const card = await screen.findByTestId("business-profile");
    expect(card).toHaveClass("ant-card-rtl");
    expect(within(card).getByText("ملف النشاط التجاري")).toBeInTheDocument();
    expect(within(card).getByText(/يستخدم الكاتب الذكي هذه التفاصيل في نصوص منشوراتك/)).toBeInTheDocument();
    expect(await screen.findByLabelText("الاسم بالعربية")).toHaveValue("دار القهوة");
    expect(within(card).getByText("مقهى")).toBeInTheDocument(); // cafe
    expect(within(card).getByText("السالمية")).toBeInTheDocument(); // salmiya
    expect(screen.getByLabelText("ساعات العمل (بالعربية)")).toHaveValue("يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل");
    const table = screen.getByTestId("menu-table");
    expect(table).toHaveClass("ant-table-rtl");
    expect(within(table).getByText("كنافة بالفستق")).toBeInTheDocument();
    // compared as lib/format.ts writes it
    expect(Array.from(table.querySelectorAll(".sufra-menu-price")).map((x) => x.textContent)).toEqual([
      formatMoney(0.35, "ar"),
      formatMoney(2.5, "ar"),
    ]);
    expect(formatMoney(2.5, "ar")).toContain("٢٫٥٠٠");
    expect(within(card).getByText("عدد الأصناف: ٢ من ٢٠٠")).toBeInTheDocument();
  },
  SLOW,
);

test(
  "saves the profile: a listed cuisine, an area found by its Arabic name, opening hours",
  async () => {
    const sent: Record<string, unknown>[] = [];
    const saved = {
      ...PROFILE,
      nameAr: "دار القهوة المختصة",
      cuisine: "bakery",
      area: "jahra",
      hours: "Daily 6 AM – 11 PM",
    };
    render([profileMock(), recorded(UpdateBusinessProfileDocument, { updateBusinessProfile: saved }, sent)]);
    type(await screen.findByLabelText("Name in Arabic"), "دار القهوة المختصة");
    await pick("Cuisine", "Bakery");
    await pick("Area of Kuwait", "Jahra", "الجهراء");
    type(screen.getByLabelText("Opening hours (English)"), "Daily 6 AM – 11 PM");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Your business profile is saved")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        input: {
          nameAr: "دار القهوة المختصة",
          cuisine: "bakery",
          area: "jahra",
          hours: "Daily 6 AM – 11 PM",
          hoursAr: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
          ...NO_FACTS_SENT,
        },
      },
    ]);
  },
  SLOW,
);

test(
  "what guests ask: the map link, booking by phone and a delivery app are saved; a link that is not a map's is refused first",
  async () => {
    const sent: Record<string, unknown>[] = [];
    const saved = {
      ...PROFILE,
      mapUrl: "https://maps.app.goo.gl/Sufra10",
      reservationMode: "PHONE",
      reservationPhone: "+96522223333",
      deliveryApps: [
        { __typename: "DeliveryApp" as const, app: "TALABAT", name: null, url: "https://www.talabat.com/kuwait/sufra" },
      ],
    };
    render([profileMock(), recorded(UpdateBusinessProfileDocument, { updateBusinessProfile: saved }, sent)]);
    const map = await screen.findByLabelText("Map link");
    type(map, "https://evil.example/place");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(
      await screen.findByText("Paste a Google Maps or Apple Maps link starting with https://"),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    type(map, "https://maps.app.goo.gl/Sufra10");
    await pick("Table bookings", "By phone");
    type(await screen.findByLabelText("Booking phone"), "+96522223333");
    fireEvent.click(screen.getByTestId("add-delivery-app"));
    await pick("App", "Talabat");
    type(screen.getByLabelText("Link to your store"), "https://www.talabat.com/kuwait/sufra");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Your business profile is saved")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        input: expect.objectContaining({
          mapUrl: "https://maps.app.goo.gl/Sufra10",
          reservationMode: "PHONE",
          reservationPhone: "+96522223333",
          deliveryApps: [{ app: "TALABAT", name: null, url: "https://www.talabat.com/kuwait/sufra" }],
        }),
      },
    ]);
  },
  SLOW,
);

test(
  "in Arabic, the guest facts' fields read right to left and their choices in Arabic",
  async () => {
    await inLanguage("ar");
    render([profileMock({ ...PROFILE, addressAr: "شارع سالم المبارك", reservationMode: "WALK_IN" })]);
    expect(await screen.findByText("ما يسأل عنه الضيوف")).toBeInTheDocument();
    const address = screen.getByLabelText("العنوان (بالعربية)");
    expect(address).toHaveValue("شارع سالم المبارك");
    expect(address).toHaveAttribute("dir", "rtl");
    expect(screen.getByLabelText("رابط الخريطة")).toHaveAttribute("dir", "ltr");
    expect(screen.getByText("بدون حجز، الحضور مباشرة")).toBeInTheDocument();
  },
  SLOW,
);

test(
  "a cuisine in the person's own words is offered as “Use …” and sent as written",
  async () => {
    const sent: Record<string, unknown>[] = [];
    render([
      profileMock(),
      recorded(UpdateBusinessProfileDocument, { updateBusinessProfile: { ...PROFILE, cuisine: "Yemeni mandi" } }, sent),
    ]);
    await screen.findByLabelText("Name in Arabic");
    await pick("Cuisine", "Use “Yemeni mandi”", "Yemeni mandi");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Your business profile is saved")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ input: { cuisine: "Yemeni mandi" } });
  },
  SLOW,
);

test(
  "adds a menu item priced 2.750: the price is sent as dinars and the new row shows 2.750 KWD",
  async () => {
    const sent: Record<string, unknown>[] = [];
    render([
      profileMock(),
      recorded(AddMenuItemDocument, { addMenuItem: item("m3", "Spanish latte", "سبانش لاتيه", 2.75, 2) }, sent),
    ]);
    await screen.findByTestId("menu-table");
    fireEvent.click(screen.getByRole("button", { name: /Add item/ }));
    await waitFor(() => expect(dialog().getByText("Add a menu item")).toBeInTheDocument());
    type(dialog().getByLabelText("Name"), "Spanish latte");
    type(dialog().getByLabelText("Name in Arabic"), "سبانش لاتيه");
    const price = dialog().getByLabelText("Price");
    type(price, "2.750");
    fireEvent.blur(price);
    expect(price).toHaveValue("2.750");
    expect(dialog().getByText("KWD")).toBeInTheDocument();
    fireEvent.click(dialog().getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Spanish latte is on the menu")).toBeInTheDocument();
    expect(sent).toEqual([
      { input: { name: "Spanish latte", nameAr: "سبانش لاتيه", priceKwd: 2.75, section: null, sectionAr: null } },
    ]);
    const table = screen.getByTestId("menu-table");
    expect(await within(table).findByText("Spanish latte")).toBeInTheDocument();
    expect(within(table).getByText("2.750 KWD")).toBeInTheDocument();
    expect(screen.getByText("3 of 200 items")).toBeInTheDocument();
  },
  SLOW,
);

test(
  "a price with four decimals (3.1234) is refused with the shared rule's message, and nothing is sent",
  async () => {
    const sent: Record<string, unknown>[] = [];
    render([profileMock(), recorded(AddMenuItemDocument, { addMenuItem: item("m3", "Cake", null, 3.123, 2) }, sent)]);
    await screen.findByTestId("menu-table");
    fireEvent.click(screen.getByRole("button", { name: /Add item/ }));
    await waitFor(() => expect(dialog().getByLabelText("Name")).toBeInTheDocument());
    type(dialog().getByLabelText("Name"), "Saffron cake");
    const price = dialog().getByLabelText("Price");
    type(price, "3.1234");
    fireEvent.blur(price);
    // no silent rounding to 3.123: the person is told why
    expect(price).toHaveValue("3.1234");
    fireEvent.click(dialog().getByRole("button", { name: "Save" }));
    expect(
      await dialog().findByText("Enter a price in KWD from 0 to 9999.999, with at most 3 decimals (fils)"),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  },
  SLOW,
);

test(
  "the Arabic message for the same price, in an Arabic dialog with the د.ك suffix",
  async () => {
    await inLanguage("ar");
    render([profileMock()]);
    await screen.findByTestId("menu-table");
    fireEvent.click(screen.getByRole("button", { name: /إضافة صنف/ }));
    await waitFor(() => expect(dialog().getByLabelText("السعر")).toBeInTheDocument());
    expect(dialog().getByText("د.ك")).toBeInTheDocument();
    type(dialog().getByLabelText("الاسم"), "كيكة الزعفران");
    type(dialog().getByLabelText("السعر"), "3.1234");
    fireEvent.click(dialog().getByRole("button", { name: "حفظ" }));
    expect(
      await dialog().findByText("أدخل سعرًا بالدينار الكويتي من ٠ إلى ٩٩٩٩٫٩٩٩، بثلاث خانات عشرية (فلوس) على الأكثر"),
    ).toBeInTheDocument();
  },
  SLOW,
);

const rows = () =>
  Array.from(screen.getByTestId("menu-table").querySelectorAll("tbody tr.ant-table-row")).map(
    (r) => r.querySelector("td")?.textContent,
  );

test(
  "move an item down: the new order is sent and shown",
  async () => {
    const order: Record<string, unknown>[] = [];
    const reordered = {
      ...PROFILE,
      menu: [item("m2", "Pistachio kunafa", "كنافة بالفستق", 2.5, 0), item("m1", "Karak", "كرك", 0.35, 1)],
    };
    render([profileMock(), recorded(ReorderMenuDocument, { reorderMenu: reordered }, order)]);
    await screen.findByTestId("menu-table");
    expect(screen.getByRole("button", { name: "Move Karak up" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Move Karak down" }));
    await waitFor(() => expect(rows()).toEqual(["Pistachio kunafa", "Karak"]));
    expect(order).toEqual([{ ids: ["m2", "m1"] }]);
    expect(screen.getByRole("button", { name: "Move Karak down" })).toBeDisabled();
  },
  SLOW,
);

test(
  "delete an item, confirmed: it leaves the table",
  async () => {
    const removed: Record<string, unknown>[] = [];
    render([profileMock(), recorded(RemoveMenuItemDocument, { removeMenuItem: "m1" }, removed)]);
    await screen.findByTestId("menu-table");
    fireEvent.click(screen.getByRole("button", { name: "Delete Karak" }));
    const confirm = await waitFor(() => {
      const el = document.querySelector<HTMLElement>(".ant-popover:not(.ant-popover-hidden)");
      if (!el) throw new Error("no confirmation open");
      return el;
    });
    expect(confirm).toHaveTextContent("Delete Karak from the menu?");
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Karak is deleted")).toBeInTheDocument();
    expect(removed).toEqual([{ id: "m1" }]);
    await waitFor(() => expect(rows()).toEqual(["Pistachio kunafa"]));
  },
  SLOW,
);

test(
  "a pasted menu: a bad line is named before sending; good lines are added",
  async () => {
    const sent: Record<string, unknown>[] = [];
    const after = { ...PROFILE, menu: [...PROFILE.menu, item("m3", "Saffron cake", null, 1.95, 2)] };
    render([profileMock(), recorded(ImportMenuDocument, { importMenu: after }, sent)]);
    await screen.findByTestId("menu-table");
    fireEvent.click(screen.getByRole("button", { name: /Paste a menu/ }));
    const text = await waitFor(() => screen.getByTestId("menu-import-text"));
    type(text, "Saffron cake, 1.950\nCake, 3.1234");
    expect(screen.getByTestId("menu-import-problems")).toHaveTextContent(
      "Line 2: Enter a price in KWD from 0 to 9999.999, with at most 3 decimals (fils)",
    );
    expect(dialog().getByRole("button", { name: "Add items" })).toBeDisabled();
    type(text, "Saffron cake, 1.950");
    expect(dialog().getByText("1 items ready to add")).toBeInTheDocument();
    fireEvent.click(dialog().getByRole("button", { name: "Add items" }));
    expect(await screen.findByText("The menu now has 3 items")).toBeInTheDocument();
    expect(sent).toEqual([{ text: "Saffron cake, 1.950", replace: false }]);
    expect(await within(screen.getByTestId("menu-table")).findByText("Saffron cake")).toBeInTheDocument();
  },
  SLOW,
);

test(
  "on a phone the menu is a list of cards, each with its price and its actions in view (no table to scroll sideways)",
  async () => {
    setScreenWidth(390);
    await inLanguage("ar");
    render([profileMock()]);
    const list = await screen.findByTestId("menu-list");
    expect(screen.queryByTestId("menu-table")).toBeNull();
    const cards = within(list).getAllByTestId("menu-card");
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent("Pistachio kunafa");
    expect(cards[1]).toHaveTextContent("كنافة بالفستق");
    expect(cards[1]!.querySelector(".sufra-menu-price")!.textContent).toBe(formatMoney(2.5, "ar"));
    expect(within(cards[1]!).getByRole("button", { name: `تعديل ${isolate("Pistachio kunafa")}` })).toBeInTheDocument();
    // move up, move down, edit, delete
    expect(within(cards[0]!).getAllByRole("button", { name: /Karak/ })).toHaveLength(4);
  },
  SLOW,
);

test("an empty menu teaches what to add", async () => {
  render([profileMock({ ...PROFILE, menu: [] })]);
  expect(
    await screen.findByText("No items yet. Add your best sellers so captions can name them with their prices."),
  ).toBeInTheDocument();
});

describe("in Settings", () => {
  const me = {
    request: { query: SettingsMeDocument },
    result: {
      data: {
        me: {
          __typename: "User",
          id: people.owner.id,
          role: "OWNER",
          business: { __typename: "Client", id: "b1", companyName: "Dar Al Qahwa", phone: "+96512345678", address: "" },
        },
      },
    },
  };
  const noAccounts = {
    request: { query: PlatformsConnectionsDocument },
    result: { data: { platformConnections: [] } },
  };
  test("an owner sees the business profile", async () => {
    signIn("owner");
    renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings", [me, noAccounts, profileMock()]);
    expect(await screen.findByTestId("business-profile")).toHaveTextContent("Business profile");
    expect(await screen.findByLabelText("Name in Arabic")).toHaveValue("دار القهوة");
  });
  test("a link to a section (the dashboard's getting-started checklist) scrolls to it", async () => {
    const scrolled: string[] = [];
    const scrollIntoView = jest.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    Object.defineProperty(HTMLElement.prototype, "scrollIntoView", {
      value: scrollIntoView,
      configurable: true,
      writable: true,
    });
    try {
      signIn("owner");
      const { router } = renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings", [
        me,
        noAccounts,
        profileMock(),
      ]);
      expect(await screen.findByTestId("business-profile")).toBeInTheDocument();
      expect(scrolled).toEqual([]);
      await act(() => router.navigate("/settings#connected-accounts"));
      expect(scrolled).toEqual(["connected-accounts"]);
      expect(document.getElementById("connected-accounts")).toContainElement(screen.getByTestId("connected-accounts"));
      expect(document.getElementById("business-profile")).toContainElement(screen.getByTestId("business-profile"));
    } finally {
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });
  test("an admin does not", async () => {
    signIn("admin");
    renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings");
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId("business-profile")).toBeNull();
  });
});

test(
  "“Your voice” opens under the menu and loads the café's voice only then",
  async () => {
    const none = {
      arabicVariety: null,
      languageOrder: null,
      tone: null,
      length: null,
      emoji: null,
      hashtagCount: null,
      hashtagScript: null,
    };
    const voice = {
      __typename: "BusinessVoice",
      voice: {
        __typename: "VoiceInForce",
        arabicVariety: "GULF",
        languageOrder: "AR_FIRST",
        tone: "FRIENDLY",
        length: "MEDIUM",
        emoji: "FEW",
        hashtagCount: 5,
        hashtagScript: "BOTH",
      },
      sources: {
        __typename: "VoiceSources",
        arabicVariety: "DEFAULT",
        languageOrder: "DEFAULT",
        tone: "DEFAULT",
        length: "DEFAULT",
        emoji: "DEFAULT",
        hashtagCount: "DEFAULT",
        hashtagScript: "DEFAULT",
      },
      chosen: { __typename: "VoiceHabits", ...none },
      learned: { __typename: "VoiceHabits", ...none },
      evidence: {
        __typename: "VoiceEvidence",
        posts: 0,
        arabicPosts: 0,
        gulfPosts: 0,
        msaPosts: 0,
        edits: 0,
        editsTowardGulf: 0,
        editsTowardMsa: 0,
        gulfShare: null,
        averageLength: null,
        emojiPerPost: null,
        hashtagsPerPost: null,
        arabicHashtagShare: null,
        arabicFirstShare: null,
      },
    };
    let asked = 0;
    render([
      profileMock(),
      { request: { query: BusinessVoiceDocument }, result: () => (asked++, { data: { businessVoice: voice } }) },
    ]);
    await screen.findByTestId("menu-table");
    expect(screen.queryByTestId("business-voice")).toBeNull();
    expect(asked).toBe(0);
    fireEvent.click(screen.getByText("Your voice"));
    expect(await screen.findByTestId("voice-evidence")).toHaveTextContent("Published posts so far: 0.");
    expect(asked).toBe(1);
  },
  SLOW,
);

test(
  "items are grouped under their sections in the menu's order; an item is added with its section in both languages",
  async () => {
    const sent: Record<string, unknown>[] = [];
    const inSection = (i: ReturnType<typeof item>, section: string | null, sectionAr: string | null) => ({
      ...i,
      section,
      sectionAr,
    });
    render([
      profileMock({
        ...PROFILE,
        menu: [
          inSection(item("m1", "Karak", "كرك", 0.35, 0), "Hot drinks", "مشروبات ساخنة"),
          inSection(item("m2", "Pistachio kunafa", "كنافة بالفستق", 2.5, 1), "Desserts", null),
          inSection(item("m3", "Water", null, null, 2), null, null),
        ],
      }),
      recorded(
        AddMenuItemDocument,
        { addMenuItem: inSection(item("m4", "Tea", null, 0.2, 3), "Hot drinks", "مشروبات ساخنة") },
        sent,
      ),
    ]);
    await screen.findAllByTestId("menu-table");
    const headings = screen.getAllByTestId("menu-section");
    expect(headings.map((h) => h.textContent)).toEqual(["Hot drinks · مشروبات ساخنة", "Desserts", "Without a section"]);
    expect(within(headings[0]!).getByText("مشروبات ساخنة")).toHaveAttribute("dir", "rtl");
    const tables = screen.getAllByTestId("menu-table");
    expect(within(tables[1]!).getByText("Pistachio kunafa")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /Add item/ }));
    await waitFor(() => expect(dialog().getByText("Add a menu item")).toBeInTheDocument());
    type(dialog().getByLabelText("Name"), "Tea");
    type(dialog().getByLabelText("Price"), "0.200");
    type(dialog().getByLabelText("Section"), "Hot drinks");
    type(dialog().getByLabelText("Section in Arabic"), "مشروبات ساخنة");
    fireEvent.click(dialog().getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Tea is on the menu")).toBeInTheDocument();
    expect(sent).toEqual([
      { input: { name: "Tea", nameAr: null, priceKwd: 0.2, section: "Hot drinks", sectionAr: "مشروبات ساخنة" } },
    ]);
  },
  SLOW,
);
