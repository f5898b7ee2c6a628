// Instagram's pack (docs/architecture.md#in-the-client): meta, draft piece, composer section, preview, texts.
import type { NetworkPack } from "../pack.ts";
import { instagramMeta } from "./meta.tsx";
import { instagramPreview } from "./preview.tsx";

export const instagramPack: NetworkPack = { ...instagramMeta, previewBody: instagramPreview };
