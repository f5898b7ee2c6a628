// The mailed-link screens and the frame they share: forgot password (always the same confirmation),
// reset password (strength rule, mismatch, used links), e-mail confirmation (one request even under
// StrictMode, a new link for a refused one), and the layout (brand, language switch, mirrored arrows).
// the icons index (used by the shared LanguageSwitch) requires an ES-only colour helper: its CommonJS twin

import { render, screen, waitFor } from "@testing-library/react";
import { App as AntApp } from "antd";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { CLIENT_ERRORS, ERRORS, messageText } from "@sufra/schema";
import i18n from "../../../i18n/index.ts";
import { fakeFetch, inLanguage, renderRoutes } from "../../../../test/render.tsx";
import { authTexts } from "../i18n.ts";
import { failOnConsole, fieldErrorTexts, fill, freshSession, quickFormItemStyles, routes, setup } from "./helpers.tsx";

failOnConsole();
quickFormItemStyles();
beforeEach(async () => {
  await inLanguage("en");
  freshSession();
});

describe("forgot password", () => {
  test("the shared e-mail rule, then the same confirmation whatever the server knows", async () => {
    const { calls } = fakeFetch({
      "POST /api/auth/forgot-password": [
        200,
        { message: "If that address is registered, we have sent it a link to reset the password" },
      ],
    });
    renderRoutes(routes, "/forgot-password");
    const user = setup();
    await screen.findByTestId("forgot-email");
    await user.click(screen.getByTestId("forgot-submit"));
    expect(fieldErrorTexts()).toEqual({ "forgot-email": "Email is required" });
    await fill(user, "forgot-email", "noura@");
    await user.click(screen.getByTestId("forgot-submit"));
    expect(fieldErrorTexts()).toEqual({ "forgot-email": "Please enter a valid email address" });
    await user.type(screen.getByTestId("forgot-email"), "cafe.kw");
    expect(fieldErrorTexts()).toEqual({});
    await user.click(screen.getByTestId("forgot-submit"));
    expect(await screen.findByText(messageText("resetLinkSent", "en"))).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ email: "noura@cafe.kw" }]);
    expect(screen.getByRole("link", { name: authTexts.en.forgot.back })).toHaveAttribute("href", "/login");
  });

  test("in Arabic, and a failure of the connection says so", async () => {
    await inLanguage("ar");
    fakeFetch({});
    renderRoutes(routes, "/forgot-password");
    const user = setup();
    await screen.findByTestId("forgot-email");
    await user.click(screen.getByTestId("forgot-submit"));
    expect(fieldErrorTexts()).toEqual({ "forgot-email": messageText("emailRequired", "ar") });
    await fill(user, "forgot-email", "noura@cafe.kw");
    await user.click(screen.getByTestId("forgot-submit"));
    expect(await screen.findByTestId("forgot-error")).toHaveTextContent(CLIENT_ERRORS.FETCH_ERROR.ar);
  });
});

describe("reset password", () => {
  const open = async (path = "/reset-password?token=tok-1") => {
    const utils = renderRoutes(routes, path);
    await screen.findByTestId("reset-password");
    return { ...utils, user: setup() };
  };

  test("the strength rule (first failing check), then the confirmation, then the request and a way to login", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/reset-password": [200, { message: "ok" }] });
    const { user } = await open();
    await user.click(screen.getByTestId("reset-submit"));
    expect(fieldErrorTexts()).toEqual({ "reset-password": "Password is required" });
    await fill(user, "reset-password", "saffron#2025");
    await user.click(screen.getByTestId("reset-submit"));
    expect(fieldErrorTexts()).toEqual({ "reset-password": messageText("passwordUppercase", "en") });
    await fill(user, "reset-password", "Saffron#2025");
    await fill(user, "reset-confirm", "Saffron#2024");
    await user.click(screen.getByTestId("reset-submit"));
    expect(fieldErrorTexts()).toEqual({ "reset-confirm": "Passwords do not match" });
    await user.type(screen.getByTestId("reset-confirm"), "5");
    expect(fieldErrorTexts()).toEqual({});
    await fill(user, "reset-confirm", "Saffron#2025");
    await user.click(screen.getByTestId("reset-submit"));
    expect(await screen.findByText(messageText("passwordReset", "en"))).toBeInTheDocument();
    expect(calls[0].body).toEqual({ token: "tok-1", new_password: "Saffron#2025" });
    expect(screen.getByTestId("reset-login")).toHaveAttribute("href", "/login");
  });

  test("a used or expired link: the explanation and a link to request a new one (Arabic)", async () => {
    await inLanguage("ar");
    fakeFetch({
      "POST /api/auth/reset-password": [
        400,
        { message: "هذا الرابط غير صالح أو منتهي الصلاحية", code: "INVALID_LINK" },
      ],
    });
    const { user, router } = await open();
    await fill(user, "reset-password", "Saffron#2025");
    await fill(user, "reset-confirm", "Saffron#2025");
    await user.click(screen.getByTestId("reset-submit"));
    const text = await screen.findByTestId("reset-invalid");
    expect(text).toHaveTextContent(ERRORS.INVALID_LINK.ar);
    expect(text).toHaveTextContent(authTexts.ar.reset.invalidText);
    await user.click(screen.getByTestId("reset-request-new"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/forgot-password"));
  });

  test("no token at all: the same explanation, no form", async () => {
    renderRoutes(routes, "/reset-password");
    expect(await screen.findByTestId("reset-invalid")).toHaveTextContent(authTexts.en.reset.invalidText);
    expect(screen.queryByTestId("reset-password")).toBeNull();
  });
});

describe("confirming the e-mail", () => {
  const strict = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <StrictMode>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </StrictMode>,
    );
    return router;
  };

  test("one request even when StrictMode runs the effect twice, then the confirmation and the login", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/verify-email": [200, { message: "ok" }] });
    strict("/verify-email?token=once-1");
    expect(screen.getByText(authTexts.en.verify.verifying)).toBeInTheDocument();
    expect(await screen.findByText(messageText("emailVerified", "en"))).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: "POST", url: "/api/auth/verify-email", body: { token: "once-1" } }),
    ]);
    expect(screen.getByTestId("verify-login")).toHaveAttribute("href", "/login");
  });

  test("a refused link: explanation and a form sending a new link to an address", async () => {
    const { calls } = fakeFetch({
      "POST /api/auth/verify-email": [400, { message: "This link is invalid or has expired", code: "INVALID_LINK" }],
      "POST /api/auth/resend-verification": [200, { message: "ok" }],
    });
    renderRoutes(routes, "/verify-email?token=used-1");
    expect(await screen.findByTestId("verify-invalid")).toHaveTextContent(authTexts.en.verify.invalidText);
    const user = setup();
    await user.click(screen.getByTestId("resend-submit"));
    expect(fieldErrorTexts()).toEqual({ "resend-email": "Email is required" });
    await fill(user, "resend-email", "noura@cafe.kw");
    await user.click(screen.getByTestId("resend-submit"));
    expect(await screen.findByText(messageText("verificationSent", "en"))).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST /api/auth/verify-email",
      "POST /api/auth/resend-verification",
    ]);
    expect(calls[1].body).toEqual({ email: "noura@cafe.kw" });
  });

  test("no connection: says so and offers to try again", async () => {
    const { calls } = fakeFetch({});
    renderRoutes(routes, "/verify-email?token=net-1");
    expect(await screen.findByText(CLIENT_ERRORS.FETCH_ERROR.en)).toBeInTheDocument();
    fakeFetch({ "POST /api/auth/verify-email": [200, { message: "ok" }] });
    await setup().click(screen.getByTestId("verify-retry"));
    expect(await screen.findByText(messageText("emailVerified", "en"))).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});

describe("layout", () => {
  test("the brand leads home; the language switch turns the screen Arabic, right to left", async () => {
    const { router } = renderRoutes(routes, "/login");
    const user = setup();
    await user.click(await screen.findByTestId("lang-switch"));
    expect(await screen.findByText(authTexts.ar.login.title)).toBeInTheDocument();
    expect(document.documentElement.dir).toBe("rtl");
    expect(screen.getByTestId("login-email")).toHaveAttribute("dir", "ltr");
    await user.click(screen.getByRole("link", { name: authTexts.ar.layout.home }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(i18n.resolvedLanguage).toBe("ar");
  });

  test("the back arrow points back in the reading direction", async () => {
    renderRoutes(routes, "/forgot-password");
    const back = await screen.findByRole("link", { name: authTexts.en.forgot.back });
    expect(back.querySelector(".auth-arrow-left")).not.toBeNull();
  });

  test("…and mirrors in Arabic", async () => {
    await inLanguage("ar");
    renderRoutes(routes, "/forgot-password");
    const back = await screen.findByRole("link", { name: authTexts.ar.forgot.back });
    expect(back.querySelector(".auth-arrow-right")).not.toBeNull();
  });
});
