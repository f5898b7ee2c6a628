// Google's pack (docs/architecture.md#in-the-client): meta, draft piece (sent as the post's googleOptions),
// composer section, the preview's head and foot, texts.
import type { NetworkPack } from "../pack.ts";
import { googleMeta } from "./meta.tsx";
import { GooglePreviewFoot, GooglePreviewHead } from "./preview.tsx";

export const googlePack: NetworkPack = {
  ...googleMeta,
  PreviewHead: GooglePreviewHead,
  PreviewFoot: GooglePreviewFoot,
};
export { type TimeFieldProps } from "./GoogleSection.tsx";
export { googleDraftOf, googleInputOf, googleOptionsOf, type GoogleDraft } from "./draft.ts";
