// Whether X's post carries a link: the preview warns of a link's price (X charges an app more for such a
// post), or, once the link is moved to a reply, the caption still has it.
import { containsUrl, type PlatformPreview } from "@sufra/schema";
import type { XDraft } from "./draft.ts";

export const xCarriesLink = (preview: PlatformPreview | undefined, d: XDraft): boolean =>
  !!preview && (preview.warnings.some((w) => w.key === "xLinkCosts") || (d.linkInReply && containsUrl(preview.text)));
