// What TikTok's creator settings stop, read fresh from TikTok (previewPost cannot know them): a privacy
// level the creator does not offer, private branded content, a disclosure with no kind chosen, a video
// longer than the creator may post, or settings that could not be read.
import type { Locale } from "@sufra/schema";
import type { TFunction } from "i18next";
import { formatNumber } from "../../lib/format.ts";
import type { MediaFact } from "../types.ts";
import { tiktokDisclosureIncomplete, type TikTokDraft } from "./draft.ts";
import { creatorPrivacyLevels, type CreatorState } from "./TikTokSection.tsx";

/** The problems, in the person's language (`t` reads the networks namespace); none when TikTok is not chosen. */
export function tiktokProblems(
  d: TikTokDraft,
  state: Pick<CreatorState, "creator" | "loading">,
  media: readonly (MediaFact & { durationMs?: number | null })[],
  t: TFunction,
  locale: Locale,
): string[] {
  const out: string[] = [];
  const c = state.creator;
  if (c && d.privacyLevel && !creatorPrivacyLevels(c).includes(d.privacyLevel)) out.push(t("tiktok.privacyRequired"));
  if (d.privacyLevel === "SELF_ONLY" && d.disclose && d.brandContent) out.push(t("tiktok.privateBranded"));
  if (tiktokDisclosureIncomplete(d)) out.push(t("tiktok.chooseDisclosure"));
  const longest = Math.max(0, ...media.filter((m) => m.kind === "VIDEO").map((m) => m.durationMs ?? 0));
  if (c?.maxVideoPostDurationSec && longest > c.maxVideoPostDurationSec * 1000)
    out.push(
      t("tiktok.videoTooLong", {
        max: formatNumber(c.maxVideoPostDurationSec, locale),
        length: formatNumber(Math.ceil(longest / 1000), locale),
      }),
    );
  if (!c && !state.loading) out.push(t("tiktok.loadFailed"));
  return out;
}
