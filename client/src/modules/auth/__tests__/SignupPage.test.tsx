// Sign-up (docs/product.md#routes, #validation-rules, #errors-and-messages): each rule in its order, in English and Arabic, one at a time;
// phone pre-fill and placeholder; the plan from the query; errors clearing as the person types; on
// success one next-steps page (the success text once, what happens next, sign in); the server's errors.
// the icons index (used by the shared LanguageSwitch) requires an ES-only colour helper: its CommonJS twin

import { screen, waitFor, within } from "@testing-library/react";
import { messageText, PHONE_PLACEHOLDER, PLANS, type MessageKey } from "@sufra/schema";
import { common } from "../../../i18n/common.ts";
import { fakeFetch, inLanguage, renderRoutes } from "../../../../test/render.tsx";
import { authTexts } from "../i18n.ts";
import {
  failOnConsole,
  fieldErrorTexts,
  fill,
  freshSession,
  quickFormItemStyles,
  routes,
  setup,
  type User,
} from "./helpers.tsx";

failOnConsole();
quickFormItemStyles();
beforeEach(async () => {
  await inLanguage("en");
  freshSession();
});

const VALID = {
  "signup-company": "Bait Al Qahwa",
  "signup-contact": "Noura Al-Sabah",
  "signup-email": "noura@baitalqahwa.kw",
  "signup-phone": "+965 9876 5432",
  "signup-password": "Saffron#2025",
  "signup-confirm": "Saffron#2025",
};
type Values = Partial<Record<keyof typeof VALID, string>>;

async function fillForm(user: User, values: Values) {
  for (const [id, v] of Object.entries(values)) await fill(user, id, v);
}
const submit = (user: User) => user.click(screen.getByTestId("signup-submit"));

async function open(path = "/signup") {
  const utils = renderRoutes(routes, path);
  await screen.findByTestId("signup-email");
  return utils;
}

describe.each(["en", "ar"] as const)("the rules, in order, one at a time (%s)", (lng) => {
  const text = (k: MessageKey) => messageText(k, lng);
  beforeEach(() => inLanguage(lng));

  test("each rule's message on exactly the fields it concerns; fixing it reveals the next", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/register": [201, { message: "ok" }] });
    await open();
    const user = setup();

    // 1. all fields required: the phone's "+965 " alone counts as empty; confirmation is not among them
    // (antd's validation is asynchronous and may settle after the click returns: each check waits for it)
    await submit(user);
    const required = text("allFieldsRequired");
    await waitFor(() =>
      expect(fieldErrorTexts()).toEqual({
        "signup-companyName": required,
        "signup-contactName": required,
        "signup-email": required,
        "signup-phone": required,
        "signup-password": required,
      }),
    );

    // a form breaking rules 2 to 6 at once shows rule 2 only
    await fillForm(user, {
      ...VALID,
      "signup-email": "noura@",
      "signup-phone": "+965 12",
      "signup-password": "short",
      "signup-confirm": "other",
    });
    await submit(user);
    await waitFor(() => expect(fieldErrorTexts()).toEqual({ "signup-email": text("invalidEmail") }));

    // then each rule in turn, fixing the one before
    const steps: [Values, string, MessageKey][] = [
      [{ "signup-email": VALID["signup-email"] }, "signup-password", "weakPassword"],
      [{ "signup-password": "saffron#2025" }, "signup-password", "passwordUppercase"],
      [{ "signup-password": "SAFFRON#2025" }, "signup-password", "passwordLowercase"],
      [{ "signup-password": "Saffron#cafe" }, "signup-password", "passwordNumber"],
      [{ "signup-password": "Saffron2025" }, "signup-password", "passwordSpecial"],
      [{ "signup-password": VALID["signup-password"] }, "signup-confirmPassword", "passwordMismatch"],
      [{ "signup-confirm": VALID["signup-confirm"] }, "signup-phone", "invalidPhone"],
    ];
    for (const [fix, field, rule] of steps) {
      await fillForm(user, fix);
      await submit(user);
      await waitFor(() => expect(fieldErrorTexts()).toEqual({ [field]: text(rule) }));
    }
    expect(calls).toHaveLength(0);

    await fillForm(user, { "signup-phone": VALID["signup-phone"] });
    await submit(user);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(fieldErrorTexts()).toEqual({});
  });
});

describe("the form", () => {
  test("phone starts with +965, shows the +965 XXXX XXXX placeholder and reads left to right", async () => {
    await open();
    const phone = screen.getByTestId("signup-phone");
    expect(phone).toHaveValue("+965 ");
    expect(phone).toHaveAttribute("placeholder", PHONE_PLACEHOLDER);
    expect(phone).toHaveAttribute("dir", "ltr");
  });

  test("the password hint is under the password, tied to it for screen readers", async () => {
    await open();
    const hint = screen.getByText(messageText("passwordHint", "en"));
    expect(screen.getByTestId("signup-password").getAttribute("aria-describedby")).toContain(hint.id);
  });

  test("plan: professional by default, with each plan's name and KWD price", async () => {
    await open();
    expect(screen.getByTestId("signup-plan-professional")).toBeChecked();
    for (const plan of Object.values(PLANS)) {
      const radio = screen.getByTestId(`signup-plan-${plan.id}`);
      expect(radio).toHaveAttribute("type", "radio");
      expect(radio.closest("label")).toHaveTextContent(plan.name.en);
      expect(radio.closest("label")).toHaveTextContent(`${plan.priceKwd}.000 KWD`);
    }
    expect(screen.getByTestId("signup-plan-professional").closest("label")).toHaveTextContent(
      authTexts.en.signup.popular,
    );
  });

  test.each([
    ["?plan=premium", "premium"],
    ["?plan=basic", "basic"],
    ["?plan=gold", "professional"],
  ])("%s selects %s", async (query, plan) => {
    await open(`/signup${query}`);
    expect(screen.getByTestId(`signup-plan-${plan}`)).toBeChecked();
  });

  test("in Arabic: plan names and prices in Arabic, prices isolated in <bdi>", async () => {
    await inLanguage("ar");
    await open();
    const label = screen.getByTestId("signup-plan-premium").closest("label")!;
    expect(label).toHaveTextContent(PLANS.premium.name.ar);
    expect(label.querySelector("bdi")?.textContent).toMatch(/٤٩/);
    expect(screen.getByText(messageText("passwordHint", "ar"))).toBeInTheDocument();
  });

  test("a field's error clears as the person types in it; the others stay", async () => {
    await open();
    const user = setup();
    await submit(user);
    await waitFor(() => expect(Object.keys(fieldErrorTexts())).toHaveLength(5));
    await user.type(screen.getByTestId("signup-company"), "B");
    await waitFor(() =>
      expect(Object.keys(fieldErrorTexts()).sort()).toEqual([
        "signup-contactName",
        "signup-email",
        "signup-password",
        "signup-phone",
      ]),
    );
    expect(screen.getByTestId("signup-company")).not.toHaveAttribute("aria-invalid");
    await user.type(screen.getByTestId("signup-phone"), "9");
    await waitFor(() =>
      expect(Object.keys(fieldErrorTexts()).sort()).toEqual(["signup-contactName", "signup-email", "signup-password"]),
    );
  });
});

describe("registering", () => {
  test.each(["en", "ar"] as const)(
    "success (%s): the payload, then one next-steps page: the success text once (no toast), what happens next, a way to sign in",
    async (lng) => {
      await inLanguage(lng);
      const { calls } = fakeFetch({
        "POST /api/auth/register": [201, { message: "Registration successful!", user: {}, business: {} }],
      });
      const { router } = await open("/signup?plan=premium");
      const user = setup();
      await fillForm(user, { ...VALID, "signup-email": " Noura@BaitAlQahwa.kw" });
      await submit(user);
      await waitFor(() =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/signup/next?plan=premium"),
      );
      expect(calls[0]).toMatchObject({
        method: "POST",
        url: "/api/auth/register",
        body: {
          email: "noura@baitalqahwa.kw",
          password: "Saffron#2025",
          company_name: "Bait Al Qahwa",
          contact_name: "Noura Al-Sabah",
          phone: "+96598765432",
          requested_plan: "premium",
          address: "",
        },
      });
      const texts = authTexts[lng].signupNext;
      expect(await screen.findByRole("heading", { level: 1, name: texts.title })).toBeInTheDocument();
      const expected = messageText("registrationSuccess", lng, { plan: PLANS.premium.name[lng] });
      expect(expected).toContain(lng === "en" ? "Premium" : "المميزة");
      // shown once: on the page, with no toast beside it (give a toast the time to appear)
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.getAllByText(expected)).toHaveLength(1);
      expect(within(screen.getByTestId("signup-next-success")).getByText(expected)).toBeInTheDocument();
      expect(document.querySelector(".ant-message")?.textContent ?? "").toBe("");
      // what happens next: the mail to confirm (the address they gave), staff review, approval with the trial, sign in
      const steps = within(screen.getByTestId("signup-next-steps"))
        .getAllByRole("listitem")
        .map((li) => li.textContent);
      expect(steps).toHaveLength(4);
      expect(steps[0]).toContain("noura@baitalqahwa.kw");
      expect(steps[1]).toBe(texts.review);
      expect(steps[2]).toContain(lng === "en" ? "14-day free trial of the Premium plan" : "لمدة ١٤ يومًا");
      expect(screen.getByTestId("signup-next-login")).toHaveAttribute("href", "/login");
      // not the login page's "Welcome back"
      expect(screen.queryByText(authTexts[lng].login.title)).toBeNull();
    },
  );

  test("the next-steps page opened afresh (a reload) shows the same, with the plan from the address", async () => {
    renderRoutes(routes, "/signup/next?plan=basic");
    expect(await screen.findByRole("heading", { level: 1, name: authTexts.en.signupNext.title })).toBeInTheDocument();
    expect(screen.getByTestId("signup-next-success")).toHaveTextContent(
      messageText("registrationSuccess", "en", { plan: "Basic" }),
    );
    const steps = within(screen.getByTestId("signup-next-steps"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    // the address is not in the URL: the confirm step speaks of "the link we sent you"
    expect(steps[0]).toBe(authTexts.en.signupNext.confirmAnyEmail);
    expect(steps[2]).toBe("Once it is approved, we email you and your 14-day free trial of the Basic plan starts.");
  });

  test.each<[string, [number, unknown]]>([
    ["EMAIL_TAKEN", [409, { message: "This email is already registered", code: "EMAIL_TAKEN" }]],
    ["a message saying it already exists", [400, { message: "User already exists" }]],
  ])("email taken (%s): 'Email already registered' on the email field and above the form", async (_name, answer) => {
    fakeFetch({ "POST /api/auth/register": answer });
    const { router } = await open();
    const user = setup();
    await fillForm(user, VALID);
    await submit(user);
    expect(await screen.findByTestId("signup-error")).toHaveTextContent(common.en.errors.emailExists);
    expect(fieldErrorTexts()).toEqual({ "signup-email": common.en.errors.emailExists });
    expect(router.state.location.pathname).toBe("/signup");
  });

  test("email taken, in Arabic", async () => {
    await inLanguage("ar");
    fakeFetch({
      "POST /api/auth/register": [409, { message: "هذا البريد الإلكتروني مسجل مسبقًا", code: "EMAIL_TAKEN" }],
    });
    await open();
    const user = setup();
    await fillForm(user, VALID);
    await submit(user);
    expect(await screen.findByTestId("signup-error")).toHaveTextContent(common.ar.errors.emailExists);
  });

  test("a 400 with details: the texts on their fields (snake_case names mapped)", async () => {
    fakeFetch({
      "POST /api/auth/register": [
        400,
        {
          message: "Validation failed: company_name: This text is too long",
          code: "VALIDATION_ERROR",
          details: { company_name: ["This text is too long"], contact_name: ["Name is required"] },
        },
      ],
    });
    await open();
    const user = setup();
    await fillForm(user, VALID);
    await submit(user);
    await waitFor(() =>
      expect(fieldErrorTexts()).toEqual({
        "signup-companyName": "This text is too long",
        "signup-contactName": "Name is required",
      }),
    );
    expect(screen.getByTestId("signup-error")).toHaveTextContent(authTexts.en.signup.checkFields);
  });

  test.each<[string, [number, unknown] | "network", string]>([
    [
      "another error's text is shown as given",
      [403, { message: "Sign-ups are paused during Eid" }],
      "Sign-ups are paused during Eid",
    ],
    ["no text at all", [400, {}], "Registration failed. Please try again."],
    ["a server failure with no text", [500, {}], "Registration failed. Please try again."],
    ["a gateway failure without a body", [502, undefined], "Registration failed. Please try again."],
    [
      "server failure",
      [500, { message: "Server error. Please try again later", code: "INTERNAL" }],
      "Server error. Please try again later",
    ],
    ["no connection", "network", "Network error. Please check your connection"],
  ])("%s", async (_name, answer, expected) => {
    fakeFetch(answer === "network" ? {} : { "POST /api/auth/register": answer });
    await open();
    const user = setup();
    await fillForm(user, VALID);
    await submit(user);
    expect(await screen.findByTestId("signup-error")).toHaveTextContent(expected);
    expect(screen.getByTestId("signup-error")).toHaveAttribute("role", "alert");
  });
});
