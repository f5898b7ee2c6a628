// The menu on Google in the business profile: each picked location opens Google's menu beside Sufra's with every
// difference marked; "Send to Google" goes only after the confirmation, and the answer shows the menu in step; in
// Arabic the view reads right to left with Arabic-Indic prices; a refusal of Google's is shown in the person's words.
import type { MockLink } from "@apollo/client/testing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  GoogleMenuDiffDocument,
  GoogleMenuLocationsDocument,
  SendMenuToGoogleDocument,
} from "../../graphql/graphql.ts";
import { formatFilsMoney } from "../../lib/format.ts";
import { inLanguage } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, resetScreenWidth } from "../../../test/screens.tsx";
import { GoogleMenu } from "./GoogleMenu.tsx";

const LOC = "11111111-1111-4111-8111-111111111111";
const locations: MockLink.MockedResponse = {
  request: { query: GoogleMenuLocationsDocument },
  result: {
    data: {
      googleLocations: [
        {
          __typename: "GoogleLocation",
          id: LOC,
          title: "Dar Qahwa Salmiya",
          address: "Salmiya",
          verified: true,
          picked: true,
          goneAt: null,
        },
        {
          __typename: "GoogleLocation",
          id: "22222222-2222-4222-8222-222222222222",
          title: "Not picked",
          address: "",
          verified: true,
          picked: false,
          goneAt: null,
        },
      ],
    },
  },
};

const it = (name: string, nameAr: string | null, priceFils: number | null, photo = false) => ({
  __typename: "GoogleMenuSideItem" as const,
  name,
  nameAr,
  priceFils,
  section: "Hot drinks",
  sectionAr: "مشروبات ساخنة",
  photo,
});
const section = (items: ReturnType<typeof it>[]) => ({
  __typename: "GoogleMenuSideSection" as const,
  name: "Hot drinks",
  nameAr: "مشروبات ساخنة",
  items,
});
const row = (key: string, status: string, google: unknown, sufra: unknown, changes: string[] = []) => ({
  __typename: "GoogleMenuDiffRow" as const,
  key,
  status,
  changes,
  google,
  sufra,
});
const menu = (inSync: boolean) => ({
  __typename: "GoogleMenu" as const,
  location: {
    __typename: "GoogleMenuLocation" as const,
    id: LOC,
    title: "Dar Qahwa Salmiya",
    verified: true,
    menuSentAt: inSync ? "2026-12-07T20:00:00.000Z" : null,
    sendError: null,
  },
  google: inSync
    ? [section([it("Karak", "كرك", 350), it("Spanish latte", "سبانش لاتيه", 1750)])]
    : [section([it("Karak", "كرك", 350), it("Spanish latte", "لاتيه", 1500), it("Date shake", null, 1250)])],
  sufra: [section([it("Karak", "كرك", 350), it("Spanish latte", "سبانش لاتيه", 1750), it("Water", null, null)])],
  rows: inSync
    ? [
        row("karak", "SAME", it("Karak", "كرك", 350), it("Karak", "كرك", 350)),
        row(
          "spanish latte",
          "SAME",
          it("Spanish latte", "سبانش لاتيه", 1750),
          it("Spanish latte", "سبانش لاتيه", 1750),
        ),
        row("water", "SKIPPED", null, it("Water", null, null)),
      ]
    : [
        row("karak", "SAME", it("Karak", "كرك", 350), it("Karak", "كرك", 350)),
        row("spanish latte", "CHANGED", it("Spanish latte", "لاتيه", 1500), it("Spanish latte", "سبانش لاتيه", 1750), [
          "PRICE",
          "NAME_AR",
        ]),
        row("water", "SKIPPED", null, it("Water", null, null)),
        row("date shake", "REMOVED", it("Date shake", null, 1250), null),
      ],
  counts: {
    __typename: "GoogleMenuDiffCounts" as const,
    same: inSync ? 2 : 1,
    added: 0,
    removed: inSync ? 0 : 1,
    changed: inSync ? 0 : 1,
    skipped: 1,
  },
  inSync,
});
const diff: MockLink.MockedResponse = {
  request: { query: GoogleMenuDiffDocument, variables: { locationId: LOC } },
  result: { data: { googleMenuDiff: menu(false) } },
};

beforeEach(() => freshStart({ as: "client", width: 1280 }));
afterEach(() => resetScreenWidth());

const SLOW = 60_000;
const render = (mocks: MockLink.MockedResponse[]) =>
  renderWithMocks([{ path: "/settings", element: <GoogleMenu /> }], "/settings", mocks);

test(
  "a picked location's menu on Google beside Sufra's, differences marked; sent only after the confirmation",
  async () => {
    const sent: unknown[] = [];
    render([
      locations,
      diff,
      {
        request: {
          query: SendMenuToGoogleDocument,
          variables: (v: Record<string, unknown>) => (sent.push(v), true),
        },
        result: { data: { sendMenuToGoogle: menu(true) } },
      },
    ]);
    const list = await screen.findByTestId(`google-menu-location-${LOC}`);
    // only the picked location is offered
    expect(screen.queryByText("Not picked")).not.toBeInTheDocument();
    fireEvent.click(within(list).getByTestId("google-menu-open"));
    const drawer = await screen.findByTestId("google-menu-drawer");
    await within(drawer).findByTestId("google-menu-summary");
    expect(within(drawer).getByTestId("google-menu-summary")).toHaveTextContent(
      "0 to add, 1 to change, 1 to remove, 1 without a price (not sent)",
    );
    const google = within(drawer).getByTestId("google-menu-google");
    const sufra = within(drawer).getByTestId("google-menu-sufra");
    expect(within(google).getByText("Date shake").closest("li")).toHaveAttribute("data-status", "removed");
    expect(within(sufra).getByText("Spanish latte").closest("li")).toHaveAttribute("data-status", "changed");
    expect(within(sufra).getByText("Differs: price · Arabic name")).toBeInTheDocument();
    expect(within(sufra).getByText("Not sent: no price")).toBeInTheDocument();
    expect(within(google).getByText(formatFilsMoney(1500, "en"))).toBeInTheDocument();
    expect(within(drawer).getByTestId("google-menu-sent-at")).toHaveTextContent("Never sent from Sufra");

    fireEvent.click(within(drawer).getByTestId("google-menu-send"));
    // nothing is sent before the confirmation
    const confirm = await screen.findByText("Replace the menu on Google?");
    expect(sent).toEqual([]);
    expect(
      screen.getByText(
        "Google's menu at Dar Qahwa Salmiya will become this menu: 2 items with a price. Items only on Google are removed.",
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(confirm.closest(".ant-popover")! as HTMLElement).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(sent).toEqual([{ locationId: LOC }]));
    expect(await within(drawer).findByTestId("google-menu-in-sync")).toHaveTextContent("Google shows this menu.");
    expect(await screen.findByText("The menu is on Google at Dar Qahwa Salmiya")).toBeInTheDocument();
  },
  SLOW,
);

test(
  "in Arabic: right to left, Arabic names and Arabic-Indic prices; Google's refusal in Arabic",
  async () => {
    await inLanguage("ar");
    render([
      locations,
      diff,
      {
        request: { query: SendMenuToGoogleDocument, variables: { locationId: LOC } },
        result: {
          errors: [
            {
              message: "تقبل جوجل القائمة فقط في موقع موثق يسمح بقائمة طعام",
              extensions: { code: "BAD_USER_INPUT", reason: "GOOGLE_MENU_NOT_VERIFIED" },
            } as never,
          ],
        },
      },
      diff,
    ]);
    fireEvent.click(await screen.findByTestId("google-menu-open"));
    const drawer = await screen.findByTestId("google-menu-drawer");
    await within(drawer).findByTestId("google-menu-summary");
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(within(drawer).getAllByText("سبانش لاتيه")[0]).toHaveAttribute("dir", "rtl");
    expect(within(drawer).getAllByText(formatFilsMoney(1750, "ar")).length).toBeGreaterThan(0);
    expect(formatFilsMoney(1750, "ar")).toMatch(/[٠-٩]/);
    expect(within(drawer).getByText("سيُحذف من جوجل")).toBeInTheDocument();
    fireEvent.click(within(drawer).getByTestId("google-menu-send"));
    const confirm = await screen.findByText("استبدال القائمة على جوجل؟");
    fireEvent.click(within(confirm.closest(".ant-popover")! as HTMLElement).getByRole("button", { name: "إرسال" }));
    const failure = await within(drawer).findByTestId("google-menu-failure");
    expect(failure).toHaveTextContent(/موثق/);
  },
  SLOW,
);
