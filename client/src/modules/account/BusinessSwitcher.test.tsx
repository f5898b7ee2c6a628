// The business switcher (docs/architecture.md#memberships): hidden for a person of one business, lists
// every business of a person of several, and choosing one moves the session (its business and role, so
// the next requests name it) and the screen (a role that may not open it goes home), in both languages.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { BUSINESS_HEADER } from "@sufra/schema";
import { MyBusinessesDocument } from "../../graphql/graphql.ts";
import { api } from "../../lib/api.ts";
import { session } from "../../lib/session.ts";
import { fakeFetch, inLanguage } from "../../../test/render.tsx";
import { freshStart, renderWithMocks, signIn } from "../../../test/screens.tsx";
import { BusinessSwitcher } from "./index.ts";

const membership = (businessId: string, companyName: string, role: "OWNER" | "CLIENT", current: boolean) => ({
  __typename: "Membership",
  businessId,
  companyName,
  role,
  status: "ACTIVE",
  current,
});
const mine = (list: ReturnType<typeof membership>[]) => ({
  request: { query: MyBusinessesDocument },
  result: { data: { myBusinesses: list } },
  maxUsageCount: 5,
});

const routes = [
  { path: "/posts", element: <BusinessSwitcher /> },
  { path: "/owner", element: <p>owner home</p> },
];

beforeEach(() => freshStart());

test("a person of one business sees no switcher", async () => {
  signIn("client");
  renderWithMocks(routes, "/posts", [mine([membership("b1", "Dar Al Qahwa", "CLIENT", true)])]);
  await waitFor(() => expect(screen.queryByTestId("business-switcher")).toBeNull());
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByTestId("business-switcher")).toBeNull();
});

test.each(["en", "ar"] as const)(
  "(%s) choosing another business moves the session and the requests to it; a screen its role may not open gives way",
  async (lang) => {
    await inLanguage(lang);
    signIn("client");
    const { calls } = fakeFetch({
      "POST /api/auth/businesses/b2/use": [
        200,
        { id: "u-client", email: "noura@daralqahwa.kw", name: "Noura Al-Sabah", role: "owner", business_id: "b2" },
      ],
      "GET /api/auth/me": [200, { id: "u-client", role: "owner", business_id: "b2" }],
    });
    renderWithMocks(routes, "/posts", [
      mine([membership("b1", "Dar Al Qahwa", "CLIENT", true), membership("b2", "Karak House", "OWNER", false)]),
    ]);
    const switcher = await screen.findByRole("combobox", {
      name: lang === "ar" ? "النشاط التجاري الذي تعمل فيه" : "Business you are working in",
    });
    fireEvent.mouseDown(switcher);
    fireEvent.click(await screen.findByTitle(lang === "ar" ? "Karak House، مالك" : "Karak House · Owner"));
    await waitFor(() => expect(session.get().user).toMatchObject({ business_id: "b2", role: "owner" }));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain("POST /api/auth/businesses/b2/use");
    // the posts are the team's screen, not an owner's: the owner's home opens
    expect(await screen.findByText("owner home")).toBeTruthy();
    // the name keeps its own direction inside the sentence (isolated), whichever the language
    const said = (await screen.findByText(lang === "ar" ? /أنت الآن تعمل في/ : /You are now working in/)).textContent!;
    expect(said.replace(/[\u2066-\u2069]/g, "")).toBe(
      lang === "ar" ? "أنت الآن تعمل في Karak House" : "You are now working in Karak House",
    );
    // the next request names the new business
    await api.get("/auth/me");
    expect(calls.at(-1)!.headers[BUSINESS_HEADER]).toBe("b2");
  },
);
