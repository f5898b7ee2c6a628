// TikTok's creator settings for the composer, read fresh each time the composer opens with TikTok
// chosen (TikTok's content sharing guidelines: the latest creator_info when the post is written).
import { useQuery } from "@apollo/client/react";
import { useMemo } from "react";
import { PostsTikTokCreatorDocument } from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import type { CreatorState } from "./TikTokSection.tsx";

/** The creator of the business's TikTok account `accountId`; nothing is read while `accountId` is null. */
export function useTikTokCreator(accountId: string | null): CreatorState {
  const q = useQuery(PostsTikTokCreatorDocument, {
    variables: { accountId: accountId ?? "" },
    skip: !accountId,
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const c = q.data?.tiktokCreatorInfo;
  // one object per answer: the composer's options and checks are memoised on it
  const creator = useMemo(
    () =>
      c
        ? {
            nickname: c.creatorNickname,
            username: c.creatorUsername,
            avatarUrl: c.creatorAvatarUrl,
            privacyLevelOptions: c.privacyLevelOptions,
            commentDisabled: c.commentDisabled,
            duetDisabled: c.duetDisabled,
            stitchDisabled: c.stitchDisabled,
            maxVideoPostDurationSec: c.maxVideoPostDurationSec,
            directPost: c.directPost,
            simulated: c.simulated,
          }
        : null,
    [c],
  );
  return {
    creator,
    loading: !!accountId && q.loading,
    error: q.error ? errorMessage(q.error) : null,
    retry: () => void q.refetch().catch(() => {}),
  };
}
