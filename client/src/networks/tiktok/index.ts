// TikTok's pack (docs/architecture.md#in-the-client): meta, draft piece, composer section with the creator's
// settings read fresh from TikTok, preview, texts.
import type { NetworkPack } from "../pack.ts";
import { tiktokMeta } from "./meta.tsx";
import { tiktokPreview } from "./preview.tsx";

export const tiktokPack: NetworkPack = { ...tiktokMeta, previewBody: tiktokPreview };
export { creatorPrivacyLevels, TikTokSection, type CreatorState, type TikTokCreator } from "./TikTokSection.tsx";
export { useTikTokCreator } from "./useTikTokCreator.ts";
export { tiktokDisclosureIncomplete, type TikTokDraft, type TikTokLocks } from "./draft.ts";
export { tiktokProblems } from "./problems.ts";
