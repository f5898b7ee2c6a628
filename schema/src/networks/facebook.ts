// Facebook's pack (docs/architecture.md#network-packs): a Page post's options (a shared link) and their rule,
// its media rules and limits.
import { z } from "zod";
import { singleLine } from "../text.ts";
import { MB, type NetworkPack, nullish, optionKey } from "./common.ts";

export interface FacebookOptions {
  /** a link shared with the post (a link post when it has no photo or video) */
  link?: string | null;
}

const httpsUrl = singleLine(optionKey("linkInvalid")).refine((s) => {
  try {
    const u = new URL(s);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}, optionKey("linkInvalid"));

export const facebookOptionsSchema = z.object({ link: nullish(httpsUrl) });

/** Facebook in the registry (networks/index.ts). */
export const facebookNetwork: NetworkPack<"facebook"> = {
  id: "facebook",
  label: { en: "Facebook", ar: "فيسبوك" },
  // a Page's photo (4 MB, Meta's photo reference) or video (Pages' video API: up to 10 GB and 240 minutes); a
  // post of several photos attaches up to 10 (attached_media); a video goes alone
  media: { image: { maxBytes: 4 * MB }, video: { maxSeconds: 240 * 60, maxBytes: 10240 * MB }, maxItems: 10 },
  // a Page post's message holds 63,206 characters; a comment can follow it
  limits: {
    maxLength: 63206,
    maxHashtags: null,
    hashtagWarnAbove: null,
    requiresMedia: false,
    firstComment: true,
    manual: false,
  },
  suggestedHashtags: 3,
  audience: true,
  everyPlan: false,
  writing: {
    layout: "story",
    guide: "Facebook Page post: two to four friendly sentences; at most 3 hashtags; a link may follow.",
  },
  reference: {
    platform: "A Facebook Page: text, photo, link and video posts with the Page's token.",
    where: "the business's Facebook Page",
  },
};
