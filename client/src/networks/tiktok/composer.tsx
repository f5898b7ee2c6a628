// TikTok's part of the composer (docs/architecture.md#in-the-client): the creator's settings read fresh from
// TikTok while TikTok is chosen (its content sharing guidelines), whether posts go to the creator's TikTok
// inbox (who can watch is chosen in TikTok; demo accounts publish as a direct post would), and what those
// settings stop, which previewPost cannot know. Nothing is sent before the settings are read.
import { tiktokGoesToInbox } from "@sufra/schema";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../lib/useLocale.ts";
import { problemsUnder, type ComposerPart } from "../pack.ts";
import { NETWORKS_NS } from "../i18n.ts";
import { isPhotoPost } from "../types.ts";
import { tiktokProblems } from "./problems.ts";
import { TikTokSection, type CreatorState } from "./TikTokSection.tsx";
import { useTikTokCreator } from "./useTikTokCreator.ts";

export const tiktokComposer: ComposerPart = {
  name: "tiktok",
  useFacts: ({ chosen, connection, draft, media }) => {
    const { t } = useTranslation(NETWORKS_NS);
    const locale = useLocale();
    const state = useTikTokCreator(chosen ? (connection?.account?.id ?? null) : null);
    const inbox =
      !!state.creator && tiktokGoesToInbox({ directPost: state.creator.directPost, demo: !!connection?.account?.demo });
    const d = draft.network.tiktok;
    const stops = useMemo(
      () => (chosen ? tiktokProblems(d, { creator: state.creator, loading: state.loading }, media, t, locale) : []),
      [chosen, state.creator, state.loading, d, media, t, locale],
    );
    return {
      preview: { tiktokInbox: inbox },
      stops,
      blocked: chosen && !state.creator,
      locks: state.creator,
      state,
    };
  },
  Section: ({ draft, dispatch, context }) => (
    <TikTokSection
      value={draft.network.tiktok}
      onChange={(value) => dispatch({ type: "network", key: "tiktok", value })}
      state={context.facts.state as CreatorState}
      photo={isPhotoPost(context.media)}
      inbox={!!context.facts.preview?.tiktokInbox}
      errors={problemsUnder(draft.networkErrors, "tiktok.")}
    />
  ),
};
