// The composer's draft without rendering: a stored post reads back into it, each step changes what it
// names and clears that field's problem, the networks stay in PLATFORMS order, a pack's slice changes
// alone, the studio's insertion adds to the caption and keeps a chosen occasion, and the server's
// problems land at their fields.
import { DEFAULT_TIKTOK_OPTIONS } from "@sufra/schema";
import type { PostsPostFieldsFragment } from "../../graphql/graphql.ts";
import { googleDraftOf, networkDraftOf, problemsUnder } from "../../networks/index.ts";
import {
  cleanHashtags,
  composerReducer,
  initialComposer,
  serverProblems,
  studioPlatform,
  type ComposerState,
} from "./model.ts";
import { media, post } from "./testMocks.ts";

const fresh = (over: Partial<ComposerState> = {}): ComposerState => ({
  ...initialComposer(undefined, { at: null, campaignId: null, occasion: null, platforms: [] }),
  ...over,
});

test("a new post starts empty, with the calendar's time, the campaign it was started from and TikTok's music default from @sufra/schema", () => {
  const d = initialComposer(undefined, {
    at: "2030-03-01T10:00:00.000Z",
    campaignId: "c1",
    occasion: null,
    platforms: [],
  });
  expect(d).toMatchObject({
    content: "",
    hashtags: [],
    platforms: [],
    items: [],
    scheduledFor: "2030-03-01T10:00:00.000Z",
    campaignId: "c1",
    occasion: null,
    errors: {},
    busy: null,
    studio: "unopened",
  });
  expect(d.google).toEqual(googleDraftOf(null));
  expect(d.network).toEqual(networkDraftOf(null));
  expect(d.network.tiktok.autoAddMusic).toBe(DEFAULT_TIKTOK_OPTIONS.autoAddMusic);
});

test("a stored post reads back: its caption, media and campaign; a campaign in the address is ignored", () => {
  const stored = post("p1", {
    content: "Saffron latte",
    hashtags: ["coffee"],
    campaignId: null,
    media: [media("m1")],
  }) as unknown as PostsPostFieldsFragment;
  const d = initialComposer(stored, { at: null, campaignId: "from-url", occasion: null, platforms: ["instagram"] });
  expect(d.content).toBe("Saffron latte");
  expect(d.hashtags).toEqual(["coffee"]);
  expect(d.items.map((i) => i.media.id)).toEqual([stored.media[0]!.id]);
  expect(d.campaignId).toBeNull();
  expect(d.platforms).toEqual(["instagram"]);
});

test("each step changes its field and clears that field's problem only", () => {
  let d = fresh({ errors: { content: "Too long", hashtags: "Too many", scheduledFor: "Past" } });
  d = composerReducer(d, { type: "content", value: "Hello" });
  expect(d.content).toBe("Hello");
  expect(d.errors).toEqual({ content: undefined, hashtags: "Too many", scheduledFor: "Past" });
  d = composerReducer(d, { type: "hashtags", value: ["a"] });
  expect(d.errors.hashtags).toBeUndefined();
  expect(d.errors.scheduledFor).toBe("Past");
  d = composerReducer(d, { type: "scheduledFor", value: null });
  expect(d.scheduledFor).toBeNull();
  expect(d.errors.scheduledFor).toBeUndefined();
});

test("the networks stay in PLATFORMS order whatever order they are chosen in", () => {
  let d = fresh({ errors: { platforms: "Choose a network" } });
  d = composerReducer(d, { type: "platform", platform: "facebook", on: true });
  d = composerReducer(d, { type: "platform", platform: "instagram", on: true });
  d = composerReducer(d, { type: "platform", platform: "tiktok", on: true });
  expect(d.platforms).toEqual(["instagram", "tiktok", "facebook"]);
  expect(d.errors.platforms).toBeUndefined();
  d = composerReducer(d, { type: "platform", platform: "instagram", on: false });
  expect(d.platforms).toEqual(["tiktok", "facebook"]);
});

test("a pack's slice changes alone and clears the network options' problems; Google's clears Google's", () => {
  const before = fresh({ networkErrors: { "facebook.link": "Not a link" }, googleErrors: { "cta.url": "Missing" } });
  const d = composerReducer(before, { type: "network", key: "facebook", value: { link: "https://sufra.app" } });
  expect(d.network.facebook).toEqual({ link: "https://sufra.app" });
  expect(d.network.instagram).toBe(before.network.instagram);
  expect(d.networkErrors).toEqual({});
  expect(d.googleErrors).toEqual({ "cta.url": "Missing" });
  const g = composerReducer(d, { type: "google", value: { ...d.google, type: "offer" } });
  expect(g.google.type).toBe("offer");
  expect(g.googleErrors).toEqual({});
});

test("media changes through the field's update and clear the media's and the caption's problems", () => {
  const m = media("m1") as unknown as PostsPostFieldsFragment["media"][number];
  const d = composerReducer(fresh({ errors: { mediaIds: "Too many", content: "Empty" } }), {
    type: "media",
    update: (list) => [...list, { media: m }],
  });
  expect(d.items).toEqual([{ media: m }]);
  expect(d.errors).toEqual({ mediaIds: undefined, content: undefined });
});

test("the studio's caption is added below or replaces, its hashtags join the post's, and a chosen occasion stays", () => {
  let d = fresh({ content: "First  ", hashtags: ["coffee"], occasion: "eid_al_fitr", studio: "open" });
  d = composerReducer(d, {
    type: "insert",
    insertion: { content: "Second", hashtags: ["#Latte", "coffee"], mode: "append", occasion: "ramadan_iftar" },
  });
  expect(d.content).toBe("First\n\nSecond");
  expect(d.hashtags).toEqual(["coffee", "Latte"]);
  expect(d.occasion).toBe("eid_al_fitr");
  expect(d.studio).toBe("closed");
  d = composerReducer(fresh({ content: "Old" }), {
    type: "insert",
    insertion: { content: "New", hashtags: [], mode: "replace", occasion: "ramadan_iftar" },
  });
  expect(d.content).toBe("New");
  expect(d.occasion).toBe("ramadan_iftar");
});

test("hashtags are kept as the server stores them, each once whatever its case; those no network takes are named", () => {
  expect(cleanHashtags(["#Coffee", "coffee", "two words", "2026", "#"])).toEqual({
    tags: ["Coffee", "two_words"],
    dropped: ["2026", "#"],
  });
});

test("the server's problems land at the post's fields, Google's section and each network's section", () => {
  const p = serverProblems({
    "input.content": ["Too long"],
    "googleOptions.cta.url": ["Missing link"],
    "networkOptions.instagram.collaborators": ["Too many"],
    "input.somethingElse": ["Ignored"],
  });
  expect(p).toEqual({
    errors: { content: "Too long" },
    googleErrors: { "cta.url": "Missing link" },
    networkErrors: { "instagram.collaborators": "Too many" },
  });
  expect(problemsUnder(p.networkErrors, "instagram.")).toEqual({ collaborators: "Too many" });
  const d = composerReducer(fresh(), { type: "problems", ...p });
  expect(d.networkErrors).toEqual(p.networkErrors);
});

test("the studio writes for the chosen network with the shortest limit", () => {
  expect(studioPlatform([])).toBe("instagram");
  expect(studioPlatform(["instagram", "twitter", "facebook"])).toBe("twitter");
});
