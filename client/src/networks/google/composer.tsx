// Google's part of the composer (docs/architecture.md#in-the-client): its section on the draft's Google slice,
// sent as the post's googleOptions.
import type { ComposerPart } from "../pack.ts";
import { GoogleSection } from "./GoogleSection.tsx";

export const googleComposer: ComposerPart = {
  name: "google",
  Section: ({ draft, dispatch, context }) => (
    <GoogleSection
      value={draft.google}
      onChange={(value) => dispatch({ type: "google", value })}
      errors={draft.googleErrors}
      TimeField={context.TimeField}
    />
  ),
};
