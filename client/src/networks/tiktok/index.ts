// TikTok's pack (docs/architecture.md#in-the-client): meta, draft piece, composer section with the creator's
// settings read fresh from TikTok, preview, texts.
import type { NetworkPack } from "../pack.ts";
import { tiktokMeta } from "./meta.tsx";
import { tiktokPreview } from "./preview.tsx";

export const tiktokPack: NetworkPack = { ...tiktokMeta, previewBody: tiktokPreview };
