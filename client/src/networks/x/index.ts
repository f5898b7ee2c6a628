// X's pack (docs/architecture.md#in-the-client; the platform value is twitter): meta, draft piece, composer
// section, thread preview, texts.
import type { NetworkPack } from "../pack.ts";
import { xMeta } from "./meta.tsx";
import { xPreview } from "./preview.tsx";

export const xPack: NetworkPack = { ...xMeta, previewBody: xPreview };
