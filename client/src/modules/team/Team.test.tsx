// The team screens: the upgrade card for a business not on Premium vs. the people and invitations on
// Premium; inviting with the shared e-mail rule; removing with a confirmation; read-only for other
// people; and accepting an invitation with the shared password rule, ending on /login with a welcome.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { messageText, PLANS } from "@sufra/schema";
import { InviteTeamMemberDocument, RemoveTeamMemberDocument, TeamPageDocument } from "../../graphql/graphql.ts";
import { fakeFetch, inLanguage, openPopover, renderRoutes, type } from "../../../test/render.tsx";
import { freshStart, people, renderWithMocks, signIn } from "../../../test/screens.tsx";
import LoginPage from "../auth/LoginPage.tsx";
import AcceptInvitationPage from "./AcceptInvitationPage.tsx";
import TeamPage from "./TeamPage.tsx";
import { agencyMocks } from "../agencies/testMocks.ts";

const joined = "2026-03-01T09:00:00.000Z";
const member = (id: string, name: string, role: "CLIENT" | "OWNER", accountHolder = false) => ({
  __typename: "TeamMember",
  id,
  name,
  email: `${id}@daralqahwa.kw`,
  role,
  joinedAt: joined,
  accountHolder,
});
const holder = { ...member(people.client.id, people.client.name, "CLIENT", true), email: people.client.email };
const fatma = member("u-fatma", "Fatma Al-Ali", "CLIENT");
const invitation = {
  __typename: "TeamInvitation",
  id: "i1",
  email: "khalid@daralqahwa.kw",
  role: "OWNER",
  invitedByName: people.client.name,
  createdAt: joined,
  expiresAt: "2026-03-08T09:00:00.000Z",
};

function teamMock(
  team: { premium: boolean; canManage: boolean; members: object[]; invitations?: object[] },
  plan = "PREMIUM",
  status = "TRIAL",
) {
  return {
    request: { query: TeamPageDocument },
    result: {
      data: {
        me: {
          __typename: "User",
          id: people.client.id,
          business: {
            __typename: "Client",
            id: "b1",
            subscription: { __typename: "ClientSubscription", plan, status },
          },
        },
        team: { __typename: "Team", invitations: [], ...team },
      },
    },
  };
}

beforeEach(() => freshStart());

describe("team page", () => {
  test("a cancelled subscription: inviting waits for a payment, and the form says why (docs/product.md#subscriptions-and-billing)", async () => {
    signIn("client");
    renderWithMocks([{ path: "/team", element: <TeamPage /> }], "/team", [
      ...agencyMocks(),
      teamMock({ premium: true, canManage: true, members: [holder] }, "PREMIUM", "CANCELLED"),
    ]);
    const form = within(await screen.findByTestId("invite-form"));
    expect(form.getByTestId("team-subscription-ended")).toHaveTextContent("Your subscription has ended.");
    expect(form.getByRole("button", { name: "Send invitation" })).toBeDisabled();
  });

  test("not on Premium: the upgrade card with the plans compared and a way to upgrade, no invite form", async () => {
    signIn("client");
    renderWithMocks([{ path: "/team", element: <TeamPage /> }], "/team", [
      ...agencyMocks(),
      teamMock({ premium: false, canManage: true, members: [holder] }, "PROFESSIONAL"),
    ]);
    const card = within(await screen.findByTestId("upgrade-card"));
    expect(card.getByRole("heading", { name: "Team collaboration is part of the Premium plan" })).toBeInTheDocument();
    expect(card.getByTestId("current-plan")).toHaveTextContent("Your plan: Professional");
    for (const id of ["basic", "professional", "premium"] as const)
      expect(card.getByTestId(`plan-${id}`)).toHaveTextContent(PLANS[id].name.en);
    expect(within(card.getByTestId("plan-premium")).getByText("Team collaboration")).toBeInTheDocument();
    expect(within(card.getByTestId("plan-professional")).getByText("Current plan")).toBeInTheDocument();
    expect(card.getByTestId("upgrade-contact")).toHaveAttribute("href", "/billing");
    expect(screen.queryByTestId("invite-form")).toBeNull();
    expect(screen.queryByTestId("team-members")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull(); // an explanation, not an error
  });

  test("in Arabic, the upgrade card speaks Arabic", async () => {
    await inLanguage("ar");
    signIn("client");
    renderWithMocks([{ path: "/team", element: <TeamPage /> }], "/team", [
      ...agencyMocks(),
      teamMock({ premium: false, canManage: true, members: [holder] }, "BASIC"),
    ]);
    expect(await screen.findByRole("heading", { name: "العمل الجماعي جزء من الباقة المميزة" })).toBeInTheDocument();
    expect(screen.getByTestId("current-plan")).toHaveTextContent(PLANS.basic.name.ar);
  });

  test("on Premium: the people (you, the account holder) and the pending invitations", async () => {
    signIn("client");
    renderWithMocks([{ path: "/team", element: <TeamPage /> }], "/team", [
      ...agencyMocks(),
      teamMock({ premium: true, canManage: true, members: [holder, fatma], invitations: [invitation] }),
    ]);
    const list = within(await screen.findByTestId("team-members"));
    expect(screen.queryByTestId("upgrade-card")).toBeNull();
    const cards = list.getAllByTestId("member-card");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText("You")).toBeInTheDocument();
    expect(within(cards[0]).getByText("Account holder")).toBeInTheDocument();
    expect(within(cards[0]).queryByText("Remove")).toBeNull(); // nobody removes themselves or the account holder
    expect(within(cards[1]).getByText("Fatma Al-Ali")).toBeInTheDocument();
    expect(within(cards[1]).getByText("Team member")).toBeInTheDocument();
    expect(within(cards[1]).getByText("Remove")).toBeInTheDocument();
    const pending = within(screen.getByTestId("team-invitations"));
    expect(pending.getByText("khalid@daralqahwa.kw")).toBeInTheDocument();
    expect(pending.getByText("Owner")).toBeInTheDocument();
    expect(pending.getByText(/Link works until/)).toBeInTheDocument();
    expect(screen.getByTestId("invite-form")).toBeInTheDocument();
  });

  test("inviting follows the shared e-mail rule, then sends the role and says so", async () => {
    signIn("client");
    renderWithMocks([{ path: "/team", element: <TeamPage /> }], "/team", [
      ...agencyMocks(),
      teamMock({ premium: true, canManage: true, members: [holder] }),
      {
        request: { query: InviteTeamMemberDocument, variables: { email: "khalid@daralqahwa.kw", role: "OWNER" } },
        result: { data: { inviteTeamMember: invitation } },
      },
      teamMock({ premium: true, canManage: true, members: [holder], invitations: [invitation] }),
    ]);
    const form = within(await screen.findByTestId("invite-form"));
    type(form.getByLabelText("E-mail"), "khalid@");
    fireEvent.click(form.getByRole("button", { name: "Send invitation" }));
    expect(await form.findByText(messageText("emailInvalid", "en"))).toBeInTheDocument();
    type(form.getByLabelText("E-mail"), "  Khalid@DarAlQahwa.kw ");
    fireEvent.click(form.getByLabelText(/^Owner/));
    fireEvent.click(form.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to khalid@daralqahwa.kw")).toBeInTheDocument();
    expect(await within(screen.getByTestId("team-invitations")).findByText("khalid@daralqahwa.kw")).toBeInTheDocument();
  });

  test("an address that already has an account is refused on its field", async () => {
    signIn("owner");
    renderWithMocks([{ path: "/team", element: <TeamPage /> }], "/team", [
      ...agencyMocks(),
      teamMock({ premium: true, canManage: true, members: [holder] }),
      {
        request: { query: InviteTeamMemberDocument, variables: { email: "noura@daralqahwa.kw", role: "CLIENT" } },
        result: {
          errors: [
            {
              message: "This email is already registered",
              extensions: { code: "BAD_USER_INPUT", reason: "EMAIL_TAKEN" },
            },
          ],
        },
      },
    ]);
    const form = within(await screen.findByTestId("invite-form"));
    type(form.getByLabelText("E-mail"), "noura@daralqahwa.kw");
    fireEvent.click(form.getByRole("button", { name: "Send invitation" }));
    expect(await form.findByText("This email is already registered")).toBeInTheDocument();
  });

  test("removing someone asks first, then removes them", async () => {
    signIn("client");
    renderWithMocks([{ path: "/team", element: <TeamPage /> }], "/team", [
      ...agencyMocks(),
      teamMock({ premium: true, canManage: true, members: [holder, fatma] }),
      {
        request: { query: RemoveTeamMemberDocument, variables: { id: "u-fatma" } },
        result: { data: { removeTeamMember: "u-fatma" } },
      },
      teamMock({ premium: true, canManage: true, members: [holder] }),
    ]);
    fireEvent.click(await screen.findByTestId("remove-u-fatma"));
    const confirm = within(await openPopover());
    expect(confirm.getByText("Remove Fatma Al-Ali from the team?")).toBeInTheDocument();
    expect(confirm.getByText(/signed out at once/)).toBeInTheDocument();
    fireEvent.click(confirm.getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Fatma Al-Ali is no longer on the team")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("member-card")).toHaveLength(1));
  });

  test("other people of the business see the team but cannot change it", async () => {
    signIn("client", { id: "u-fatma" });
    renderWithMocks([{ path: "/team", element: <TeamPage /> }], "/team", [
      ...agencyMocks(),
      teamMock({ premium: true, canManage: false, members: [holder, fatma], invitations: [invitation] }),
    ]);
    expect(await screen.findByTestId("team-read-only")).toHaveTextContent(
      "Only owners and the account holder can invite or remove people.",
    );
    expect(screen.queryByTestId("invite-form")).toBeNull();
    expect(screen.queryByText("Remove")).toBeNull();
    expect(screen.queryByText("Revoke")).toBeNull();
  });
});

describe("accepting an invitation", () => {
  const routes = [
    { path: "/invite", element: <AcceptInvitationPage /> },
    { path: "/login", element: <LoginPage /> },
  ];
  const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;
  const preview = (hasAccount: boolean) =>
    [
      200,
      {
        email: "khalid@daralqahwa.kw",
        company_name: "Dar Al Qahwa",
        role: "owner",
        expires_at: "2026-12-14T09:00:00.000Z",
        has_account: hasAccount,
      },
    ] as [number, unknown];

  test("the shared rules: a name, the sign-up password rule with its hint, and a matching confirmation", async () => {
    const { calls } = fakeFetch({ "POST /api/team/invitations/lookup": preview(false) });
    renderRoutes(routes, "/invite?token=tok-1");
    await screen.findByTestId("invite-name");
    expect(screen.getByText(messageText("passwordHint", "en"))).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("invite-submit"));
    await waitFor(() => expect(fieldError("invite-name")).toBe("Name is required"));
    expect(fieldError("invite-password")).toBe("Password is required");

    type(screen.getByTestId("invite-name"), "Khalid Al-Mutairi");
    type(screen.getByTestId("invite-password"), "saffron#2026");
    fireEvent.click(screen.getByTestId("invite-submit"));
    await waitFor(() =>
      expect(fieldError("invite-password")).toBe("Password must contain at least one uppercase letter"),
    );
    expect(fieldError("invite-name")).toBeNull();

    type(screen.getByTestId("invite-password"), "Saffron#2026");
    type(screen.getByTestId("invite-confirm"), "Saffron#2027");
    fireEvent.click(screen.getByTestId("invite-submit"));
    await waitFor(() => expect(fieldError("invite-confirm")).toBe("Passwords do not match"));
    expect(calls.map((c) => c.url)).toEqual(["/api/team/invitations/lookup"]);
  });

  test("accepted: the account is created and the login page welcomes the person", async () => {
    const { calls } = fakeFetch({
      "POST /api/team/invitations/lookup": preview(false),
      "POST /api/team/invitations/accept": [
        201,
        {
          user: { id: "u9", email: "khalid@daralqahwa.kw", name: "Khalid", role: "owner", business_id: "b1" },
          business: { id: "b1", company_name: "Dar Al Qahwa" },
        },
      ],
    });
    const { router } = renderRoutes(routes, "/invite?token=tok-1");
    type(await screen.findByTestId("invite-name"), " Khalid ");
    type(screen.getByTestId("invite-password"), "Saffron#2026");
    type(screen.getByTestId("invite-confirm"), "Saffron#2026");
    fireEvent.click(screen.getByTestId("invite-submit"));
    expect(await screen.findByTestId("login-notice")).toHaveTextContent(
      "Welcome to Dar Al Qahwa! Login with khalid@daralqahwa.kw and your new password.",
    );
    expect(router.state.location.pathname).toBe("/login");
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/team/invitations/lookup", body: { token: "tok-1" } });
    expect(calls[1]).toMatchObject({
      method: "POST",
      url: "/api/team/invitations/accept",
      body: { token: "tok-1", name: "Khalid", password: "Saffron#2026", confirm_password: "Saffron#2026" },
    });
    expect(calls[1].headers.Authorization).toBeUndefined();
  });

  test("an address with an account: only its password, in Arabic; a wrong one is said at the field, the right one joins", async () => {
    await inLanguage("ar");
    const { calls } = fakeFetch({
      "POST /api/team/invitations/lookup": preview(true),
      "POST /api/team/invitations/accept": [
        [
          400,
          {
            message: "كلمة المرور الحالية غير صحيحة",
            code: "INCORRECT_PASSWORD",
            details: { password: ["هذه ليست كلمة مرور حسابك في سفرة"] },
          },
        ],
        [
          201,
          {
            user: { id: "u9", email: "khalid@daralqahwa.kw", name: "Khalid", role: "owner", business_id: "b1" },
            business: { id: "b1", company_name: "Dar Al Qahwa" },
          },
        ],
      ],
    });
    renderRoutes(routes, "/invite?token=tok-2");
    // the address and the café keep their own direction inside the Arabic sentence (isolated)
    expect((await screen.findByTestId("auth-subtitle")).textContent).toBe(
      "للبريد \u2068khalid@daralqahwa.kw\u2069 حساب في سفرة بالفعل. أدخل كلمة مروره لإضافة \u2068Dar Al Qahwa\u2069 إلى أنشطتك التجارية؛ يبقى اسمك وكلمة مرورك كما هما.",
    );
    expect(screen.queryByTestId("invite-name")).toBeNull();
    expect(screen.queryByTestId("invite-confirm")).toBeNull();
    type(screen.getByTestId("invite-password"), "Not#Mine2026");
    fireEvent.click(screen.getByTestId("invite-submit"));
    await waitFor(() => expect(fieldError("invite-password")).toBe("هذه ليست كلمة مرور حسابك في سفرة"));
    type(screen.getByTestId("invite-password"), "Saffron#2026");
    fireEvent.click(screen.getByTestId("invite-submit"));
    expect(await screen.findByTestId("login-notice")).toHaveTextContent("أُضيف");
    expect(calls.filter((c) => c.url === "/api/team/invitations/accept").map((c) => c.body)).toEqual([
      { token: "tok-2", password: "Not#Mine2026" },
      { token: "tok-2", password: "Saffron#2026" },
    ]);
  });

  test("a used or expired link, or none at all, says so in the person's language", async () => {
    await inLanguage("ar");
    fakeFetch({
      // read as pending, used by someone else before the form was sent
      "POST /api/team/invitations/lookup": preview(false),
      "POST /api/team/invitations/accept": [
        400,
        { message: "هذا الرابط غير صالح أو منتهي الصلاحية", code: "INVALID_LINK" },
      ],
    });
    renderRoutes(routes, "/invite?token=used");
    type(await screen.findByTestId("invite-name"), "خالد");
    type(screen.getByTestId("invite-password"), "Saffron#2026");
    type(screen.getByTestId("invite-confirm"), "Saffron#2026");
    fireEvent.click(screen.getByTestId("invite-submit"));
    expect(await screen.findByTestId("invite-invalid")).toHaveTextContent("هذا الرابط غير صالح أو منتهي الصلاحية");
  });

  test("a link the server no longer knows: the invalid-link screen before any form", async () => {
    fakeFetch({
      "POST /api/team/invitations/lookup": [
        400,
        { message: "This link is invalid or has expired", code: "INVALID_LINK" },
      ],
    });
    renderRoutes(routes, "/invite?token=gone");
    expect(await screen.findByTestId("invite-invalid")).toBeInTheDocument();
    expect(screen.queryByTestId("invite-password")).toBeNull();
  });

  test("no token: the invalid-link screen at once", async () => {
    renderRoutes(routes, "/invite");
    expect(await screen.findByTestId("invite-invalid")).toHaveTextContent("Invitations work once and for 7 days");
  });
});
