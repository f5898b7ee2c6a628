// Profile and settings: the name is saved and the session follows; the password rules and the server's
// "Current password is incorrect" in the person's language; business details loaded with GraphQL and
// saved over REST; language, theme and digits.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BusinessProfileDocument, PlatformsConnectionsDocument, SettingsMeDocument } from "../../graphql/graphql.ts";
import { latinDigits } from "../../lib/format.ts";
import { session } from "../../lib/session.ts";
import { fakeFetch, inLanguage, type } from "../../../test/render.tsx";
import { freshStart, people, renderWithMocks, signIn } from "../../../test/screens.tsx";
import ProfilePage from "./ProfilePage.tsx";
import SettingsPage from "./SettingsPage.tsx";

/** the connected-accounts card on the settings page asks for these */
const noAccounts = { request: { query: PlatformsConnectionsDocument }, result: { data: { platformConnections: [] } } };
/** and the business profile card asks for this one */
const emptyProfile = {
  request: { query: BusinessProfileDocument },
  result: {
    data: {
      businessProfile: {
        __typename: "BusinessProfile",
        id: "b1",
        companyName: "Dar Al Qahwa",
        nameAr: null,
        cuisine: null,
        area: null,
        hours: null,
        hoursAr: null,
        address: null,
        addressAr: null,
        mapUrl: null,
        ramadanHours: null,
        ramadanHoursAr: null,
        eidHours: null,
        eidHoursAr: null,
        deliveryApps: [],
        reservationMode: null,
        reservationPhone: null,
        reservationUrl: null,
        publicPhone: null,
        menu: [],
      },
    },
  },
};

const settingsMe = (business: Record<string, unknown> | null) => ({
  request: { query: SettingsMeDocument },
  result: {
    data: {
      me: {
        __typename: "User",
        id: people.client.id,
        role: "CLIENT",
        business: business && { __typename: "Client", id: "b1", ...business },
      },
    },
  },
});

beforeEach(() => freshStart());

describe("profile", () => {
  test("the name is saved with PUT /api/auth/profile and the session takes the answer; the e-mail is read only", async () => {
    signIn("client");
    const { calls } = fakeFetch({ "PUT /api/auth/profile": [200, { ...people.client, name: "Noura Al-Ali" }] });
    renderWithMocks([{ path: "/profile", element: <ProfilePage /> }], "/profile");
    expect(screen.getByLabelText("E-mail")).toHaveValue("noura@daralqahwa.kw");
    expect(screen.getByLabelText("E-mail")).toHaveAttribute("readonly");
    type(screen.getByLabelText("Name"), "Noura Al-Ali");
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Your name is saved")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: "PUT", url: "/api/auth/profile", body: { name: "Noura Al-Ali" } });
    expect(session.get().user?.name).toBe("Noura Al-Ali");
  });

  test("a new password must follow the shared rule and match its confirmation", async () => {
    signIn("client");
    const { fn } = fakeFetch({});
    renderWithMocks([{ path: "/profile", element: <ProfilePage /> }], "/profile");
    const form = within(screen.getByTestId("password-form"));
    type(form.getByLabelText("Current password"), "Old-pass1!");
    type(form.getByLabelText("New password"), "alllowercase1!");
    type(form.getByLabelText("Confirm new password"), "different");
    fireEvent.click(form.getByRole("button", { name: "Change password" }));
    expect(await form.findByText("Password must contain at least one uppercase letter")).toBeInTheDocument();
    expect(await form.findByText("Passwords do not match")).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  test("a wrong current password shows the server's message on its field, in Arabic for an Arabic reader", async () => {
    await inLanguage("ar");
    signIn("client");
    const { calls } = fakeFetch({
      "POST /api/auth/change-password": [
        400,
        {
          message: "كلمة المرور الحالية غير صحيحة",
          code: "INCORRECT_PASSWORD",
          details: { current_password: ["كلمة المرور الحالية مطلوبة"] },
        },
      ],
    });
    renderWithMocks([{ path: "/profile", element: <ProfilePage /> }], "/profile");
    const form = within(screen.getByTestId("password-form"));
    type(form.getByLabelText("كلمة المرور الحالية"), "Wrong-pass1!");
    type(form.getByLabelText("كلمة المرور الجديدة"), "New-Pass1!");
    type(form.getByLabelText("تأكيد كلمة المرور الجديدة"), "New-Pass1!");
    fireEvent.click(form.getByRole("button", { name: "تغيير كلمة المرور" }));
    expect(await form.findByText("كلمة المرور الحالية غير صحيحة")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: "/api/auth/change-password",
      body: { current_password: "Wrong-pass1!", new_password: "New-Pass1!" },
    });
    expect(calls[0].headers["Accept-Language"]).toBeDefined();
  });

  test("a changed password says so and empties the form", async () => {
    signIn("client");
    fakeFetch({ "POST /api/auth/change-password": [200, { message: "Your password has been changed" }] });
    renderWithMocks([{ path: "/profile", element: <ProfilePage /> }], "/profile");
    const form = within(screen.getByTestId("password-form"));
    type(form.getByLabelText("Current password"), "Old-pass1!");
    type(form.getByLabelText("New password"), "New-Pass1!");
    type(form.getByLabelText("Confirm new password"), "New-Pass1!");
    fireEvent.click(form.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Your password has been changed")).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText("Current password")).toHaveValue(""));
  });
});

describe("settings", () => {
  test("business details load with GraphQL and are saved with PUT /api/auth/profile", async () => {
    signIn("client");
    const { calls } = fakeFetch({ "PUT /api/auth/profile": [200, people.client] });
    renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings", [
      settingsMe({ companyName: "Dar Al Qahwa", phone: "+96512345678", address: "Salmiya" }),
      noAccounts,
      emptyProfile,
    ]);
    const company = await screen.findByLabelText("Company name");
    expect(company).toHaveValue("Dar Al Qahwa");
    type(company, "Dar Al Qahwa Roastery");
    type(screen.getByLabelText("Phone"), "+965 5555 1234");
    type(screen.getByLabelText("Address"), "Block 10, Salmiya");
    fireEvent.click(screen.getByRole("button", { name: "Save business details" }));
    expect(await screen.findByText("Your business details are saved")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: "PUT",
      url: "/api/auth/profile",
      body: { company_name: "Dar Al Qahwa Roastery", phone: "+96555551234", address: "Block 10, Salmiya" },
    });
  });

  test("a phone outside the +965 rule is refused before anything is sent", async () => {
    signIn("owner");
    const { fn } = fakeFetch({});
    renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings", [
      settingsMe({ companyName: "Dar Al Qahwa", phone: "+96512345678", address: "" }),
      noAccounts,
      emptyProfile,
    ]);
    type(await screen.findByLabelText("Phone"), "12345");
    fireEvent.click(screen.getByRole("button", { name: "Save business details" }));
    expect(await screen.findByText("Invalid Kuwait phone number. Format: +965XXXXXXXX")).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  test("an admin has no business details; theme and digits are kept on this device", async () => {
    signIn("admin");
    renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings");
    expect(screen.queryByText("Business details")).toBeNull();
    fireEvent.click(within(screen.getByTestId("theme-choice")).getByText("Dark"));
    expect(localStorage.getItem("sufra.theme")).toBe("dark");
    fireEvent.click(screen.getByLabelText("Latin (123)"));
    expect(latinDigits()).toBe(true);
    expect(await screen.findByText("Digits changed")).toBeInTheDocument();
  });

  test("choosing العربية switches the screens and saves the language to the account", async () => {
    signIn("admin");
    const { calls } = fakeFetch({ "PUT /api/auth/profile": [200, people.admin] });
    renderWithMocks([{ path: "/settings", element: <SettingsPage /> }], "/settings");
    fireEvent.click(screen.getByLabelText("العربية"));
    expect(await screen.findByText("سفرة تتحدث العربية الآن")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "الإعدادات" })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: "PUT", url: "/api/auth/profile", body: { locale: "ar" } });
  });
});
