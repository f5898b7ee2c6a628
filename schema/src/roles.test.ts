// Which role may open which screen: the links a screen offers ask this, so none bounces a person home.
import { expect, test } from "@jest/globals";
import { mayOpen } from "./roles.ts";

test("a screen with its query, an id or a trailing slash is matched to its route", () => {
  expect(mayOpen("client", "/schedule?date=2026-03-20")).toBe(true);
  expect(mayOpen("owner", "/schedule?date=2026-03-20")).toBe(false);
  expect(mayOpen("owner", "/campaigns/7")).toBe(false);
  expect(mayOpen("client", "/posts/p1/edit")).toBe(true);
  expect(mayOpen("owner", "/posts/new")).toBe(false);
  expect(mayOpen("owner", "/team/")).toBe(true);
  expect(mayOpen("admin", "/admin/clients#pending")).toBe(true);
  expect(mayOpen("client", "/admin/clients")).toBe(false);
});

test("a public screen is open to every role", () => {
  expect(mayOpen("owner", "/terms")).toBe(true);
});
