// The composer's network options leave the form as the shared rule and GraphQL read them: only the
// chosen networks, defaults left out, GraphQL's upper-case enums, what a TikTok creator turned off kept
// off, Duet and Stitch off on photo posts, alt text only for the post's photos; a stored post reads back.
import { networkOptionsProblems } from "@sufra/schema";
import { networkDraftOf, networkInputOf, networkOptionsOf } from "./draft.ts";

const PHOTO = { id: "0b6a5a3e-2b1a-4c1e-9d6f-1a2b3c4d5e6f", kind: "IMAGE" };
const VIDEO = { id: "1c7b6b4f-3c2b-4d2f-8e7a-2b3c4d5e6f70", kind: "VIDEO" };

test("a new post with every network chosen sends nothing but TikTok's part until something is chosen", () => {
  const d = networkDraftOf(null);
  const o = networkOptionsOf(d, ["instagram", "twitter", "snapchat", "facebook", "tiktok"], [VIDEO]);
  // TikTok: no privacy until chosen, every interaction off until turned on (TikTok's guidelines)
  expect(o).toEqual({
    tiktok: {
      privacyLevel: null,
      disableComment: true,
      disableDuet: true,
      disableStitch: true,
      brandOrganic: false,
      brandContent: false,
    },
  });
  expect(networkOptionsOf(d, ["instagram", "twitter"], [VIDEO])).toBeNull();
});

test("a creator's locked interactions stay off even when the draft turned them on; photo posts carry no Duet or Stitch", () => {
  const d = networkDraftOf(null);
  d.tiktok = {
    ...d.tiktok,
    privacyLevel: "PUBLIC_TO_EVERYONE",
    allowComment: true,
    allowDuet: true,
    allowStitch: true,
    title: " Karak ",
    autoAddMusic: true,
  };
  expect(
    networkOptionsOf(d, ["tiktok"], [VIDEO], { commentDisabled: true, duetDisabled: false, stitchDisabled: false })!
      .tiktok,
  ).toMatchObject({ disableComment: true, disableDuet: false, disableStitch: false });
  expect(networkOptionsOf(d, ["tiktok"], [PHOTO], null)!.tiktok).toEqual({
    privacyLevel: "PUBLIC_TO_EVERYONE",
    disableComment: false,
    disableDuet: true,
    disableStitch: true,
    brandOrganic: false,
    brandContent: false,
    title: "Karak",
    autoAddMusic: true,
  });
});

test("a reel with a cover photo, collaborators, X's link in a reply, a Spotlight, a Facebook link and alt text go out in GraphQL's shape, accepted by the shared rule", () => {
  const d = networkDraftOf(null);
  d.instagram = {
    ...d.instagram,
    format: "reel",
    coverMediaId: PHOTO.id,
    thumbOffsetSeconds: 2,
    shareToFeed: false,
    audioName: "Morning karak",
    collaborators: ["noura.kw"],
  };
  d.twitter = { thread: false, linkInReply: true };
  d.snapchat = { kind: "spotlight" };
  d.facebook = { link: " https://darqahwa.example " };
  d.altText = { [PHOTO.id]: "A cup of karak", [VIDEO.id]: "not a photo", gone: "a photo no longer in the post" };
  const o = networkOptionsOf(d, ["instagram", "twitter", "snapchat", "facebook"], [PHOTO, VIDEO])!;
  expect(networkOptionsProblems(o)).toEqual([]);
  expect(networkInputOf(o)).toEqual({
    // a cover photo wins over a frame time
    instagram: {
      format: "REEL",
      reel: { coverMediaId: PHOTO.id, thumbOffsetMs: null, shareToFeed: false, audioName: "Morning karak" },
      collaborators: ["noura.kw"],
    },
    twitter: { thread: false, linkInReply: true },
    snapchat: { kind: "SPOTLIGHT" },
    facebook: { link: "https://darqahwa.example" },
    altText: [{ mediaId: PHOTO.id, text: "A cup of karak" }],
  });
});

test("a stored post's options read back into the same input", () => {
  const stored = {
    instagram: {
      format: "FEED",
      reel: null,
      collaborators: ["noura.kw"],
      locationId: "1234567",
      userTags: [{ username: "khalid_kw", x: 0.5, y: 0.5 }],
    },
    tiktok: {
      privacyLevel: "FOLLOWER_OF_CREATOR",
      disableComment: false,
      disableDuet: true,
      disableStitch: false,
      brandOrganic: true,
      brandContent: false,
      title: null,
      autoAddMusic: false,
    },
    twitter: { thread: true, linkInReply: false },
    snapchat: { kind: "SAVED_STORY" },
    facebook: { link: "https://darqahwa.example" },
    altText: [{ mediaId: PHOTO.id, text: "A cup of karak" }],
  };
  const d = networkDraftOf(stored);
  expect(d.tiktok.disclose).toBe(true);
  const input = networkInputOf(
    networkOptionsOf(d, ["instagram", "tiktok", "twitter", "snapchat", "facebook"], [VIDEO, PHOTO])!,
  );
  expect(input).toEqual({
    instagram: {
      format: "FEED",
      collaborators: ["noura.kw"],
      locationId: "1234567",
      userTags: [{ username: "khalid_kw", x: 0.5, y: 0.5 }],
    },
    tiktok: {
      privacyLevel: "FOLLOWER_OF_CREATOR",
      disableComment: false,
      disableDuet: true,
      disableStitch: false,
      brandOrganic: true,
      brandContent: false,
    },
    twitter: { thread: true, linkInReply: false },
    snapchat: { kind: "SAVED_STORY" },
    facebook: { link: "https://darqahwa.example" },
    altText: [{ mediaId: PHOTO.id, text: "A cup of karak" }],
  });
});
