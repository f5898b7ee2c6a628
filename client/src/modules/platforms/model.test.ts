// The connected accounts' rules without rendering: a network's return read once from the address, a
// card's state, the permissions each network asks for, and the plans that include a network.
import { PLAN_IDS, PLAN_PLATFORMS } from "@sufra/schema";
import { needsPageChoice } from "../../networks/facebook/FacebookPages.tsx";
import { cardStateOf, permissionsOf, plansWith, readOutcome } from "./model.ts";

test("a network's return reads as connected, connected with a Page to choose, refused, or nothing", () => {
  expect(readOutcome(new URLSearchParams("connected=1&platform=instagram"))).toEqual({
    ok: true,
    platform: "instagram",
    choosePage: false,
  });
  expect(readOutcome(new URLSearchParams("connected=1&platform=facebook&choose_page=1"))).toMatchObject({
    choosePage: true,
  });
  expect(readOutcome(new URLSearchParams("connect_error=OAUTH_DENIED&platform=google"))).toEqual({
    ok: false,
    platform: "google",
    code: "OAUTH_DENIED",
  });
  expect(readOutcome(new URLSearchParams("tab=accounts"))).toBeNull();
});

test("a card is empty, waiting for a Page, to reconnect, or connected", () => {
  expect(cardStateOf(null, false)).toBe("none");
  expect(cardStateOf({ status: "RECONNECT_NEEDED" }, true)).toBe("choose");
  expect(cardStateOf({ status: "RECONNECT_NEEDED" }, false)).toBe("reconnect");
  expect(cardStateOf({ status: "CONNECTED" }, false)).toBe("connected");
});

test("Facebook waits for a choice only when Pages were read, some exist, and none is chosen", () => {
  expect(needsPageChoice(null)).toBe(false);
  expect(needsPageChoice([])).toBe(false);
  expect(needsPageChoice([{ chosen: false }, { chosen: false }])).toBe(true);
  expect(needsPageChoice([{ chosen: false }, { chosen: true }])).toBe(false);
});

test("the permissions listed are the network's, narrowed to the server's scopes when it names them", () => {
  const all = permissionsOf({ platform: "TIKTOK", scopes: null }, "en");
  expect(all.length).toBeGreaterThan(1);
  expect(all.every((p) => p.purpose.length > 0)).toBe(true);
  const first = all[0]!.scope;
  expect(permissionsOf({ platform: "TIKTOK", scopes: [first] }, "ar").map((p) => p.scope)).toEqual([first]);
  expect(permissionsOf({ platform: "SNAPCHAT", scopes: null }, "en")).toEqual([]);
});

test("the plans that include a network are those whose list names it, in the price list's order", () => {
  const expected = PLAN_IDS.filter((id) => PLAN_PLATFORMS[id].includes("google"));
  expect(plansWith("GOOGLE").map((p) => p.id)).toEqual(expected);
});
