// Login (docs/product.md#routes, #validation-rules, #errors-and-messages): the two variants, each rule in English and Arabic, errors clearing as the
// person types, the server's errors mapped to the person's language, and where login leads. Also: the
// login and password pages, with their root, reach no antd, Apollo or icon package (a light first download).

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { act, screen, waitFor, within } from "@testing-library/react";
import { ERRORS, messageText, type MessageKey } from "@sufra/schema";
import { common } from "../../../i18n/common.ts";
import { session, STORAGE } from "../../../lib/session.ts";
import { fakeFetch, inLanguage, renderRoutes } from "../../../../test/render.tsx";
import { authTexts } from "../i18n.ts";
import { failOnConsole, fieldErrorTexts, fill, freshSession, routes, setup } from "./helpers.tsx";

const client = { id: "u1", email: "cafe@example.kw", name: "Noura", role: "client" as const, business_id: "b1" };
const admin = { ...client, id: "u2", role: "admin" as const, business_id: null };
const ok = (user: typeof client | typeof admin) =>
  [200, { user, access_token: "acc", refresh_token: "ref" }] as [number, unknown];

failOnConsole();
beforeEach(async () => {
  await inLanguage("en");
  freshSession();
});

async function submitWith(email: string, password: string) {
  const user = setup();
  await fill(user, "login-email", email);
  await fill(user, "login-password", password);
  await user.click(screen.getByTestId("login-submit"));
  return user;
}

describe("variants", () => {
  test("client login: subtitle and links to forgot-password, sign-up and the admin login", async () => {
    renderRoutes(routes, "/login");
    expect(await screen.findByTestId("auth-subtitle")).toHaveTextContent(authTexts.en.login.subtitle);
    expect(screen.getByRole("link", { name: authTexts.en.login.forgot })).toHaveAttribute("href", "/forgot-password");
    expect(screen.getByRole("link", { name: authTexts.en.login.signup })).toHaveAttribute("href", "/signup");
    expect(screen.getByTestId("login-variant-link")).toHaveAttribute("href", "/admin/login");
    expect(screen.getByTestId("login-variant-link")).toHaveTextContent(authTexts.en.login.adminLink);
    expect(screen.getByRole("link", { name: /Sufra/ })).toHaveAttribute("href", "/");
  });

  test.each(["/admin/login", "/login?type=admin"])(
    "%s is the admin variant: its subtitle and a link to the client login",
    async (path) => {
      renderRoutes(routes, path);
      expect(await screen.findByTestId("auth-subtitle")).toHaveTextContent(authTexts.en.login.adminSubtitle);
      expect(screen.getByTestId("login-variant-link")).toHaveAttribute("href", "/login");
      expect(screen.getByTestId("login-variant-link")).toHaveTextContent(authTexts.en.login.clientLink);
      // otherwise the same screen
      expect(screen.getByRole("link", { name: authTexts.en.login.forgot })).toHaveAttribute("href", "/forgot-password");
      expect(screen.getByRole("link", { name: authTexts.en.login.signup })).toHaveAttribute("href", "/signup");
    },
  );

  test("in Arabic: the admin subtitle and the switch to English", async () => {
    await inLanguage("ar");
    renderRoutes(routes, "/admin/login");
    expect(await screen.findByTestId("auth-subtitle")).toHaveTextContent(authTexts.ar.login.adminSubtitle);
    expect(screen.getByTestId("login-variant-link")).toHaveTextContent(authTexts.ar.login.clientLink);
    expect(screen.getByTestId("lang-switch")).toHaveTextContent("English");
  });
});

describe.each(["en", "ar"] as const)("rules in %s", (lng) => {
  const text = (k: MessageKey) => messageText(k, lng);
  beforeEach(() => inLanguage(lng));

  test("required, then format and minimum length; one message a field; no request", async () => {
    const { calls } = fakeFetch({});
    renderRoutes(routes, "/login");
    await screen.findByTestId("login-email");
    await submitWith("", "");
    expect(fieldErrorTexts()).toEqual({
      "login-email": text("emailRequired"),
      "login-password": text("passwordRequired"),
    });

    await submitWith("cafe@", "short");
    expect(fieldErrorTexts()).toEqual({ "login-email": text("emailInvalid"), "login-password": text("passwordMin") });

    await submitWith("cafe@example.kw", "short");
    expect(fieldErrorTexts()).toEqual({ "login-password": text("passwordMin") });
    expect(screen.getByTestId("login-password")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });
});

describe.each(["en", "ar"] as const)("the password shown and hidden in %s", (lng) => {
  beforeEach(() => inLanguage(lng));

  test("the button beside the password shows it as text, says so, and hides it again; the value stays", async () => {
    renderRoutes(routes, "/login");
    const password = await screen.findByTestId("login-password");
    const user = setup();
    await fill(user, "login-password", "Saffron#2026");
    expect(password).toHaveAttribute("type", "password");
    const show = screen.getByRole("button", { name: authTexts[lng].fields.showPassword });
    expect(show).toHaveAttribute("aria-pressed", "false");
    await user.click(show);
    expect(password).toHaveAttribute("type", "text");
    const hide = screen.getByRole("button", { name: authTexts[lng].fields.hidePassword });
    expect(hide).toHaveAttribute("aria-pressed", "true");
    await user.click(hide);
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveValue("Saffron#2026");
  });
});

test("a field's error clears as the person types in it; the other field's stays", async () => {
  renderRoutes(routes, "/login");
  await screen.findByTestId("login-email");
  const user = await submitWith("", "");
  expect(Object.keys(fieldErrorTexts())).toEqual(["login-email", "login-password"]);
  await user.type(screen.getByTestId("login-email"), "c");
  expect(fieldErrorTexts()).toEqual({ "login-password": "Password is required" });
  await user.type(screen.getByTestId("login-password"), "x");
  expect(fieldErrorTexts()).toEqual({});
});

test("errors follow a language switch (they are kept as keys, not texts)", async () => {
  renderRoutes(routes, "/login");
  await screen.findByTestId("login-email");
  const user = await submitWith("", "");
  await user.click(screen.getByTestId("lang-switch"));
  await waitFor(() =>
    expect(fieldErrorTexts()).toEqual({
      "login-email": messageText("emailRequired", "ar"),
      "login-password": messageText("passwordRequired", "ar"),
    }),
  );
});

describe("server errors", () => {
  const E = common.en.errors;
  test.each<[string, [number, unknown] | "network", string]>([
    ["INVALID_CREDENTIALS", [401, { message: "Unauthorized", code: "INVALID_CREDENTIALS" }], E.invalidCredentials],
    ["a message saying incorrect", [401, { message: "Incorrect password" }], E.invalidCredentials],
    ["ACCOUNT_SUSPENDED", [403, { message: "Forbidden", code: "ACCOUNT_SUSPENDED" }], E.suspended],
    ["a message saying blocked", [403, { message: "Account blocked by the administrator" }], E.suspended],
    [
      "ACCOUNT_PENDING",
      [403, { message: "Forbidden (status: pending)", code: "ACCOUNT_PENDING" }],
      ERRORS.ACCOUNT_PENDING.en,
    ],
    ["ACCOUNT_REJECTED", [403, { message: "Forbidden", code: "ACCOUNT_REJECTED" }], ERRORS.ACCOUNT_REJECTED.en],
    ["429", [429, { message: "Slow down", code: "RATE_LIMITED" }], ERRORS.RATE_LIMITED.en],
    ["500", [500, { message: "Internal failure", code: "INTERNAL" }], "Server error. Please try again later"],
    ["502 without a body", [502, undefined], "Server error. Please try again later"],
    ["no connection", "network", "Network error. Please check your connection"],
    ["anything else", [400, { message: "Nope" }], "Login failed"],
  ])("%s", async (_name, answer, expected) => {
    fakeFetch(answer === "network" ? {} : { "POST /api/auth/login": answer });
    renderRoutes(routes, "/login");
    await screen.findByTestId("login-email");
    await submitWith("cafe@example.kw", "Secret#123");
    const alert = await screen.findByTestId("login-error");
    expect(alert).toHaveAttribute("role", "alert");
    expect(alert).toHaveTextContent(expected);
    expect(session.get().isAuthenticated).toBe(false);
    expect(screen.getByTestId("login-submit")).not.toHaveAttribute("aria-busy");
  });

  test("in Arabic, by code (whatever the server's words): pending approval and invalid credentials", async () => {
    await inLanguage("ar");
    fakeFetch({
      "POST /api/auth/login": [
        [403, { message: "Forbidden", code: "ACCOUNT_PENDING" }],
        [401, { message: "Unauthorized", code: "INVALID_CREDENTIALS" }],
      ],
    });
    renderRoutes(routes, "/login");
    await screen.findByTestId("login-email");
    const user = await submitWith("cafe@example.kw", "Secret#123");
    expect(await screen.findByTestId("login-error")).toHaveTextContent(ERRORS.ACCOUNT_PENDING.ar);
    await user.click(screen.getByTestId("login-submit"));
    await waitFor(() =>
      expect(screen.getByTestId("login-error")).toHaveTextContent(common.ar.errors.invalidCredentials),
    );
  });

  test("a 400 with details puts them on the fields", async () => {
    fakeFetch({
      "POST /api/auth/login": [
        400,
        {
          message: "Validation failed: email: Please enter a valid email address",
          code: "VALIDATION_ERROR",
          details: { email: ["Please enter a valid email address"] },
        },
      ],
    });
    renderRoutes(routes, "/login");
    await screen.findByTestId("login-email");
    await submitWith("cafe@example.kw", "Secret#123");
    await waitFor(() => expect(fieldErrorTexts()).toEqual({ "login-email": "Please enter a valid email address" }));
  });
});

describe("signing in", () => {
  test("posts the credentials, shows a spinner while waiting, keeps the session and goes to /dashboard", async () => {
    let answer!: () => void;
    const { calls } = fakeFetch({ "POST /api/auth/login": ok(client) });
    const real = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) =>
      new Promise((resolve) => (answer = () => resolve(real(...args))))) as typeof fetch;
    const { router } = renderRoutes(routes, "/login");
    await screen.findByTestId("login-email");
    await submitWith("  Cafe@Example.KW ", "Secret#123");
    await waitFor(() => expect(screen.getByTestId("login-submit")).toHaveAttribute("aria-busy", "true"));
    await act(async () => answer());
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/auth/login",
      body: { email: "cafe@example.kw", password: "Secret#123" },
    });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(session.get()).toMatchObject({
      isAuthenticated: true,
      user: client,
      accessToken: "acc",
      refreshToken: "ref",
    });
    expect(localStorage.getItem(STORAGE.refresh)).toBe("ref");
  });

  test("an admin goes to /admin", async () => {
    fakeFetch({ "POST /api/auth/login": ok(admin) });
    const { router } = renderRoutes(routes, "/admin/login");
    await screen.findByTestId("login-email");
    await submitWith("admin@sufra.kw", "Secret#123");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
  });

  test("back to the remembered page, which the variant link keeps", async () => {
    fakeFetch({ "POST /api/auth/login": ok(client) });
    const { router } = renderRoutes(routes, "/login", {
      from: { pathname: "/posts", search: "?tab=drafts", hash: "" },
    });
    await screen.findByTestId("login-email");
    const user = setup();
    await user.click(screen.getByTestId("login-variant-link"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/login"));
    await submitWith("cafe@example.kw", "Secret#123");
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/posts?tab=drafts"),
    );
  });
});

describe("arrival notices", () => {
  test("why the person is here (a guard's message) shows as a warning, in the current language", async () => {
    await inLanguage("ar");
    renderRoutes(routes, "/login", { message: "Session expired. Please login again." });
    const notice = await screen.findByTestId("login-notice");
    expect(notice).toHaveTextContent(common.ar.errors.sessionExpired);
    expect(notice).toHaveClass("auth-alert-warning");
  });

  test("a success handed over (an accepted invitation) shows as given", async () => {
    renderRoutes(routes, "/login", { success: "Welcome to Dar Al Qahwa: sign in as noura@daralqahwa.kw" });
    const notice = await screen.findByTestId("login-notice");
    expect(notice).toHaveClass("auth-alert-success");
    expect(within(notice).getByText("Welcome to Dar Al Qahwa: sign in as noura@daralqahwa.kw")).toBeInTheDocument();
  });
});

test("the login and password pages and their root reach neither antd, nor Apollo, nor the icon package", () => {
  const auth = join(__dirname, "..");
  const start = ["LoginPage.tsx", "ForgotPasswordPage.tsx", "ResetPasswordPage.tsx"]
    .map((f) => join(auth, f))
    .concat(join(auth, "../../app/AuthRoot.tsx"));
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = [...readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"|import\s+"([^"]+)"/g)].map(
      (m) => m[1] ?? m[2],
    );
    for (const spec of imports) {
      expect(`${file}: ${spec}`).not.toMatch(/: (antd|@ant-design\/|@apollo\/|graphql)/);
      // the client's own modules, followed to the end
      const local = spec.startsWith(".") ? join(dirname(file), spec) : null;
      if (local && /\.tsx?$/.test(local) && existsSync(local)) walk(local);
    }
  };
  start.forEach(walk);
  expect(seen.size).toBeGreaterThan(10);
});
