// Facebook's pack (docs/architecture.md#in-the-client): meta, draft piece, composer section, Page preview,
// texts.
import type { NetworkPack } from "../pack.ts";
import { facebookMeta } from "./meta.tsx";
import { facebookPreview } from "./preview.tsx";

export const facebookPack: NetworkPack = { ...facebookMeta, previewBody: facebookPreview };
