// Snapchat's pack (docs/architecture.md#in-the-client): meta, draft piece, composer section, texts. Its
// preview is the card's usual one.
import type { NetworkPack } from "../pack.ts";
import { snapchatMeta } from "./meta.tsx";

export const snapchatPack: NetworkPack = { ...snapchatMeta };
export { SnapchatSection } from "./SnapchatSection.tsx";
export type { SnapchatDraft } from "./draft.ts";
