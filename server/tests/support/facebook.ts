// Facebook Pages tests' common ground: a business connecting Facebook through the whole round trip
// against the Facebook stand-in (tests/fakes/facebook-server.ts), signed in at the dialog as a person,
// with Facebook Login (scopes) or, when the stand-in is a Business app, Login for Business (config_id).
import { expect } from "@jest/globals";
import type { FbUser, startFacebookFake } from "../fakes/facebook-server.ts";
import { call, registeredClient, type TestApp } from "./app.ts";

export type Fb = Awaited<ReturnType<typeof startFacebookFake>>;

/** The business's Facebook account as REST lists it (null before one is connected). */
export const facebookAccount = async (app: TestApp, token: string) =>
  (await call<any>(app.base, "GET", "/api/platforms", { token })).body.platforms.find(
    (x: any) => x.platform === "facebook",
  ).account;

/**
 * A new business (or `again`'s, connecting once more) whose person connects Facebook as `person`:
 * where the callback sent them, and the account's id (null when none).
 */
export async function connectFacebook(
  app: TestApp,
  fb: Fb,
  person: FbUser,
  again?: Awaited<ReturnType<typeof registeredClient>> & { token: string },
) {
  const c = again ?? (await registeredClient(app.base));
  const token =
    again?.token ??
    ((await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })).body
      .access_token as string);
  const start = await call(app.base, "POST", "/api/platforms/facebook/connect", {
    token,
    body: { return_to: "/settings" },
  });
  expect(start.status).toBe(200);
  const dialog = new URL(start.body.authorize_url);
  if (fb.state.loginConfig) {
    // Login for Business: the configuration carries the permissions, no scope is sent
    expect({ config: dialog.searchParams.get("config_id"), scope: dialog.searchParams.get("scope") }).toEqual({
      config: fb.state.loginConfig.id,
      scope: null,
    });
  } else {
    expect(dialog.searchParams.get("scope")!.split(",")).toEqual(
      expect.arrayContaining([
        "pages_show_list",
        "pages_manage_posts",
        "pages_read_engagement",
        "pages_manage_engagement",
        "read_insights",
      ]),
    );
  }
  fb.state.signInAs(person.id);
  const atFacebook = await fetch(dialog, { redirect: "manual" });
  expect(atFacebook.status).toBe(302);
  const back = new URL(atFacebook.headers.get("location")!);
  const done = await fetch(`${app.base}${back.pathname}${back.search}`, { redirect: "manual" });
  expect(done.status).toBe(302);
  const account = await facebookAccount(app, token);
  return { ...c, token, location: done.headers.get("location"), accountId: (account?.id ?? null) as string };
}
