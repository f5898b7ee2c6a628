// Facebook's part of the composer (docs/architecture.md#in-the-client).
import type { ComposerPart } from "../pack.ts";
import { FacebookSection } from "./FacebookSection.tsx";

export const facebookComposer: ComposerPart = {
  name: "facebook",
  Section: ({ draft, dispatch }) => (
    <FacebookSection
      value={draft.network.facebook}
      onChange={(value) => dispatch({ type: "network", key: "facebook", value })}
      error={draft.networkErrors["facebook.link"]}
    />
  ),
};
