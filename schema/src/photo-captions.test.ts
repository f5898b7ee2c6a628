// Captions from the photo, as both doors validate it: a photo's menu item (a uuid, or null to clear),
// and the photos a generation is given (at most a post's, each once a uuid).
import { describe, expect, test } from "@jest/globals";
import { generateInputSchema, MAX_POST_MEDIA, mediaMenuItemSchema } from "./index.ts";

const ID = "0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f";
const keys = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe("a photo's menu item", () => {
  test("a uuid sets it; null or an empty string clears it; anything else is 'choose a dish from your menu'", () => {
    expect(mediaMenuItemSchema.parse({ menuItemId: ID })).toEqual({ menuItemId: ID });
    expect(mediaMenuItemSchema.parse({ menuItemId: null })).toEqual({ menuItemId: null });
    expect(mediaMenuItemSchema.parse({ menuItemId: "" })).toEqual({ menuItemId: null });
    expect(keys(mediaMenuItemSchema.safeParse({ menuItemId: "kunafa" }))).toEqual(["menuItemInvalid"]);
    expect(keys(mediaMenuItemSchema.safeParse({}))).toEqual(["menuItemInvalid"]);
  });
});

describe("the photos of a generation", () => {
  const base = { prompt: "today", platform: "instagram" };
  test("optional; uuids, at most a post's media", () => {
    expect(generateInputSchema.parse(base).mediaIds).toBeUndefined();
    expect(generateInputSchema.parse({ ...base, mediaIds: null }).mediaIds).toBeUndefined();
    expect(generateInputSchema.parse({ ...base, mediaIds: [ID] }).mediaIds).toEqual([ID]);
    expect(keys(generateInputSchema.safeParse({ ...base, mediaIds: ["x"] }))).toEqual(["postMediaInvalid"]);
    expect(
      keys(generateInputSchema.safeParse({ ...base, mediaIds: Array.from({ length: MAX_POST_MEDIA + 1 }, () => ID) })),
    ).toEqual(["postTooManyMedia"]);
  });
});
