// The posts screens' conversation with the server: the list's page, kept fresh, and the steps on listed
// posts; what the composer reads to start (the business's connections and plan, the post being edited)
// and the steps that keep, schedule or publish a post, with the draft (model.ts) turned into GraphQL's
// PostInput: the networks and occasion in GraphQL's enums, Google's and each network's part from its pack
// (client/src/networks/).
import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import type { NetworkOptions } from "@sufra/schema";
import { useCallback } from "react";
import { useSocketConnected } from "../../app/apollo.ts";
import {
  PostsChangedDocument,
  PostsComposerSetupDocument,
  PostsCreateDocument,
  PostsDeleteDocument,
  PostsDeleteManyDocument,
  PostsListDocument,
  PostsPostDocument,
  PostsPublishDocument,
  PostsRescheduleDocument,
  PostsScheduleDocument,
  PostsUnscheduleDocument,
  PostsUpdateDocument,
  type PostInput,
  type PostsListQueryVariables,
  type PostsComposerSetupQuery,
  type PostsPostFieldsFragment,
} from "../../graphql/graphql.ts";
import { googleInputOf, NETWORK_META, networkInputOf } from "../../networks/index.ts";
import { gqlPlatform } from "../../shared/postBits.tsx";
import { useSerialRefetch } from "../../shared/useSerialRefetch.ts";
import { gqlOccasion } from "../campaigns/index.ts";
import type { ComposerState, Step } from "./model.ts";

/** A network as the business has it: in its plan or not, configured, its account and that account's state. */
export type Connection = PostsComposerSetupQuery["platformConnections"][number];

/** What the composer reads before it shows the form: the setup, and the post when one is edited (`id`). */
export function useComposerData(id: string | undefined) {
  const setup = useQuery(PostsComposerSetupDocument, { fetchPolicy: "cache-and-network" });
  const existing = useQuery(PostsPostDocument, { variables: { id: id ?? "" }, skip: !id, fetchPolicy: "network-only" });
  return { setup, existing };
}

/** The draft as GraphQL's PostInput (the time goes with scheduling, not here). */
export function postInputOf(
  d: ComposerState,
  { post, networkOptions }: { post: PostsPostFieldsFragment | undefined; networkOptions: NetworkOptions | null },
): PostInput {
  // the first comment goes with the networks that post one
  const firstComment = d.platforms.some((p) => NETWORK_META[p].firstComment);
  return {
    content: d.content,
    hashtags: d.hashtags,
    firstComment: firstComment ? d.firstComment.trim() || null : null,
    mediaIds: d.items.map((i) => i.media.id),
    platforms: d.platforms.map(gqlPlatform),
    // a new post names them only when chosen; an edit sends them always (null clears)
    ...(post || d.campaignId ? { campaignId: d.campaignId } : {}),
    ...(post || d.occasion ? { occasion: d.occasion ? gqlOccasion(d.occasion) : null } : {}),
    // Google's part only when the post goes there (the server ignores it otherwise)
    ...(d.platforms.includes("google") ? { googleOptions: googleInputOf(d.google) } : {}),
    // each network's own part: a new post names it only when it differs from the defaults; an edit always (null clears)
    ...(post || networkOptions ? { networkOptions: networkOptions ? networkInputOf(networkOptions) : null } : {}),
  };
}

/** Keeps, schedules or publishes the post: a new one is created first, an edited one updated first. */
export function useSavePost() {
  const [create] = useMutation(PostsCreateDocument);
  const [update] = useMutation(PostsUpdateDocument);
  const [schedule] = useMutation(PostsScheduleDocument);
  const [unschedule] = useMutation(PostsUnscheduleDocument);
  const [publish] = useMutation(PostsPublishDocument);
  return useCallback(
    async (step: Step, post: PostsPostFieldsFragment | undefined, fields: PostInput, scheduledFor: string | null) => {
      if (!post) {
        const created: PostInput = step === "schedule" ? { ...fields, scheduledFor } : fields;
        const { data } = await create({ variables: { input: created } });
        if (step === "publish" && data) await publish({ variables: { id: data.createPost.id } });
        return;
      }
      await update({ variables: { id: post.id, input: { ...fields, firstComment: fields.firstComment ?? "" } } });
      if (step === "draft" && post.status === "SCHEDULED") await unschedule({ variables: { id: post.id } });
      if (step === "schedule" && scheduledFor) await schedule({ variables: { id: post.id, scheduledFor } });
      if (step === "publish") await publish({ variables: { id: post.id } });
    },
    [create, update, schedule, unschedule, publish],
  );
}

// the list asks again this often while the live connection is down
const POLL_MS = 30_000;

/**
 * The list's page for `variables`, polled while the live connection is down. A change from any server
 * process updates its post in place (normalised by id); a deleted post, or any change while
 * `filteredByStatus` (the post may have left the list), makes the page ask again.
 */
export function usePostsList(variables: PostsListQueryVariables, filteredByStatus: boolean) {
  const socketUp = useSocketConnected();
  const { data, previousData, loading, error, refetch } = useQuery(PostsListDocument, {
    variables,
    fetchPolicy: "cache-and-network",
    pollInterval: socketUp ? 0 : POLL_MS,
  });
  const reload = useSerialRefetch(refetch);
  useSubscription(PostsChangedDocument, {
    onData: ({ data: event }) => {
      const change = event.data?.postChanged;
      if (!change) return;
      if (!change.post || filteredByStatus) reload();
    },
  });
  return { data, previousData, loading, error, reload };
}

/** The steps on listed posts: delete one or many, reschedule, publish now, back to draft. */
export function usePostSteps() {
  const [deleteOne] = useMutation(PostsDeleteDocument);
  const [deleteMany, deletingMany] = useMutation(PostsDeleteManyDocument);
  const [reschedule, rescheduling] = useMutation(PostsRescheduleDocument);
  const [publish] = useMutation(PostsPublishDocument);
  const [unschedule] = useMutation(PostsUnscheduleDocument);
  return { deleteOne, deleteMany, deletingMany, reschedule, rescheduling, publish, unschedule };
}
