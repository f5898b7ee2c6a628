// Snapchat's part of the composer (docs/architecture.md#in-the-client): an assisted account is posted by hand,
// so previewPost hears so and the section (where the post goes) is not shown.
import type { ComposerPart } from "../pack.ts";
import { SnapchatSection } from "./SnapchatSection.tsx";

export const snapchatComposer: ComposerPart = {
  name: "snapchat",
  useFacts: ({ connection }) => {
    const assisted = !!connection?.manual;
    return { hidden: assisted, preview: { assisted } };
  },
  Section: ({ draft, dispatch }) => (
    <SnapchatSection
      value={draft.network.snapchat}
      onChange={(value) => dispatch({ type: "network", key: "snapchat", value })}
    />
  ),
};
