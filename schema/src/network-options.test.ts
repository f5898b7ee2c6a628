import { describe, expect, test } from "@jest/globals";
import {
  altTextOf,
  DEFAULT_TIKTOK_OPTIONS,
  networkOptionsProblems,
  networkOptionsSchema,
  postNetworkFieldsSchema,
  tiktokOptionsSchema,
  previewPost,
} from "./index.ts";

const PHOTO = "7b0c4b8e-3c1a-4a57-9d5e-0f6f1c2a9b11";
const OTHER = "2d9f7e61-8a43-4c0b-b1f2-6e5d4c3b2a10";
const photo = { kind: "image" as const, bytes: 200_000, width: 1080, height: 1350, durationMs: null };

describe("network options", () => {
  test("left out or null: every network's defaults", () => {
    expect(postNetworkFieldsSchema.parse({}).networkOptions).toBeUndefined();
    expect(postNetworkFieldsSchema.parse({ networkOptions: null }).networkOptions).toBeUndefined();
    expect(networkOptionsProblems(null)).toEqual([]);
  });

  test("TikTok's interactions default to turned off and its privacy to none chosen (its content sharing guidelines)", () => {
    const o = networkOptionsSchema.parse({ tiktok: {} });
    expect(o.tiktok).toEqual({
      privacyLevel: null,
      disableComment: true,
      disableDuet: true,
      disableStitch: true,
      brandOrganic: false,
      brandContent: false,
      autoAddMusic: false,
    });
  });

  test("a TikTok option left out or null is stored as the one default the adapter, both doors and the composer read", () => {
    expect(tiktokOptionsSchema.parse({})).toEqual(DEFAULT_TIKTOK_OPTIONS);
    expect(tiktokOptionsSchema.parse({ autoAddMusic: null }).autoAddMusic).toBe(DEFAULT_TIKTOK_OPTIONS.autoAddMusic);
    expect(tiktokOptionsSchema.parse({ autoAddMusic: true }).autoAddMusic).toBe(true);
  });

  test("each problem is a message key under its network's path", () => {
    const problems = networkOptionsProblems({
      instagram: {
        format: "story",
        collaborators: ["a", "b", "c", "d"],
        userTags: [{ username: "ok_name", x: 1.5, y: 0 }],
      },
      tiktok: { privacyLevel: "EVERYONE" },
      facebook: { link: "javascript:alert(1)" },
      altText: [{ mediaId: PHOTO, text: "x".repeat(1001) }],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        { key: "instagramTooManyCollaborators", path: "instagram.collaborators" },
        { key: "invalidValue", path: "instagram.userTags.0.x" },
        { key: "invalidValue", path: "tiktok.privacyLevel" },
        { key: "linkInvalid", path: "facebook.link" },
        { key: "altTextTooLong", path: "altText.0.text" },
      ]),
    );
  });

  test("usernames lose their @ and must be Instagram's shape", () => {
    expect(
      networkOptionsSchema.parse({ instagram: { format: "feed", collaborators: ["@dar.qahwa_kw"] } }).instagram
        ?.collaborators,
    ).toEqual(["dar.qahwa_kw"]);
    expect(networkOptionsProblems({ instagram: { format: "feed", collaborators: ["دار قهوة"] } })).toEqual([
      { key: "instagramUsernameInvalid", path: "instagram.collaborators.0" },
    ]);
  });

  test("alt texts: one per photo (the last given), empty ones dropped; read back by media id in any case", () => {
    const o = networkOptionsSchema.parse({
      altText: [
        { mediaId: PHOTO, text: "old" },
        { mediaId: OTHER, text: "  " },
        { mediaId: PHOTO.toUpperCase(), text: " صحن مچبوس دجاج " },
      ],
    });
    expect(o.altText).toEqual([{ mediaId: PHOTO.toUpperCase(), text: "صحن مچبوس دجاج" }]);
    expect(altTextOf(o, PHOTO)).toBe("صحن مچبوس دجاج");
    expect(altTextOf(o, OTHER)).toBeNull();
  });

  test("the preview: TikTok needs who can watch; a network's problems stop that network only", () => {
    const [ig, tt] = previewPost({
      content: "Karak time",
      platforms: ["instagram", "tiktok"],
      media: [photo],
      network: { tiktok: {} },
    });
    expect(ig.errors).toEqual([]);
    expect(tt.errors).toEqual([{ key: "tiktokPrivacyRequired" }]);
    const [reel, chosen] = previewPost({
      content: "Karak time",
      platforms: ["instagram", "tiktok"],
      media: [photo],
      network: {
        tiktok: { privacyLevel: "SELF_ONLY" },
        instagram: { format: "reel", reel: { audioName: "x".repeat(91) } },
      },
    });
    expect(chosen.errors).toEqual([]);
    // sent to the creator's TikTok inbox, the person chooses who can watch in TikTok
    expect(
      previewPost({
        content: "Karak time",
        platforms: ["tiktok"],
        media: [photo],
        network: { tiktok: {} },
        tiktokInbox: true,
      })[0].errors,
    ).toEqual([]);
    expect(reel.errors).toEqual([{ key: "tooLong" }]);
  });

  test("Facebook: photos or one video, never both; a link with media is not sent, and the preview says so", () => {
    const video = { kind: "video" as const, bytes: 2_000_000, width: 1080, height: 1920, durationMs: 20_000 };
    expect(previewPost({ content: "Iftar", platforms: ["facebook"], media: [photo, video] })[0].errors).toEqual([
      { key: "facebookVideoAlone" },
    ]);
    const [fb] = previewPost({
      content: "Iftar",
      platforms: ["facebook"],
      media: [photo, photo],
      network: { facebook: { link: "https://darqahwa.example/menu" } },
    });
    expect(fb.errors).toEqual([]);
    expect(fb.warnings).toEqual([{ key: "facebookLinkWithMedia" }]);
    expect(
      previewPost({
        content: "Iftar",
        platforms: ["facebook"],
        network: { facebook: { link: "https://darqahwa.example/menu" } },
      })[0].warnings,
    ).toEqual([]);
  });
});
