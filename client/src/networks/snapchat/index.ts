// Snapchat's pack (docs/architecture.md#in-the-client): meta, draft piece, composer section, what to do to
// post by hand, texts. Its preview is the card's usual one.
import type { NetworkPack } from "../pack.ts";
import { SnapchatByHand } from "./ByHand.tsx";
import { snapchatMeta } from "./meta.tsx";
import "./preview.css";

export const snapchatPack: NetworkPack = { ...snapchatMeta, ByHand: SnapchatByHand };
