// X's part of the composer (docs/architecture.md#in-the-client): X lets accounts it reports verified post
// 4,000 characters (the server checks the same); the preview warns of a link's price, and once the link is
// moved to a reply the caption still has it.
import type { ComposerPart } from "../pack.ts";
import { xCarriesLink } from "./link.ts";
import { XSection } from "./XSection.tsx";

export const xComposer: ComposerPart = {
  name: "twitter",
  useFacts: ({ connection }) => ({ preview: { xLongPosts: !!connection?.account?.longPosts } }),
  Section: ({ draft, dispatch, context }) => (
    <XSection
      value={draft.network.twitter}
      onChange={(value) => dispatch({ type: "network", key: "twitter", value })}
      hasLink={xCarriesLink(context.preview, draft.network.twitter)}
    />
  ),
};
