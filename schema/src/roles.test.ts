// Which role may open which screen: the links a screen offers ask this, so none bounces a person home.
import { expect, test } from "@jest/globals";
import { accessFor, homeFor, mayOpen, ROLES } from "./roles.ts";

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

test("the router's guard reads the same table: public screens have no roles, paths match in any case", () => {
  expect(accessFor("/terms")).toBeUndefined();
  expect(accessFor("/Campaigns/7?tab=posts")).toEqual(["client"]);
  expect(mayOpen("owner", "/TEAM")).toBe(true);
  expect(mayOpen("admin", "/Team")).toBe(false);
});

test("every role may open its own home (the guard sends it there)", () => {
  for (const role of ROLES) expect(mayOpen(role, homeFor(role))).toBe(true);
});
