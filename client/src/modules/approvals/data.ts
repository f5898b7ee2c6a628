// Approvals' conversation with the server (docs/architecture.md#client-rooms): sending posts for approval (the
// signed link answered), mailing and revoking a link, the links sent, a post's history and the owners' word.
// A decision answers the post's new approval, which lands in the cache by its id (the lists follow).
import { useMutation, useQuery } from "@apollo/client/react";
import {
  ApprovalLinksDocument,
  DecidePostDocument,
  MailApprovalLinkDocument,
  PostApprovalHistoryDocument,
  RevokeApprovalLinkDocument,
  SendForApprovalDocument,
  type ApprovalLinkLocale,
} from "../../graphql/graphql.ts";

/** What is sent: named posts, or the café's drafts and scheduled posts of some Kuwait days. */
export type ApprovalRequest = { postIds: string[] } | { from: string; to: string };

export function useSendForApproval() {
  const [send, { loading }] = useMutation(SendForApprovalDocument, {
    refetchQueries: [ApprovalLinksDocument, PostApprovalHistoryDocument],
  });
  return {
    send: async (request: ApprovalRequest, locale: ApprovalLinkLocale) =>
      (await send({ variables: { ...request, locale } })).data?.sendForApproval,
    sending: loading,
  };
}

export function useMailApprovalLink() {
  const [mail, { loading }] = useMutation(MailApprovalLinkDocument);
  return { mail: (id: string, email: string) => mail({ variables: { id, email } }), mailing: loading };
}

export function useApprovalLinks(skip: boolean) {
  const { data, error, refetch } = useQuery(ApprovalLinksDocument, { skip, fetchPolicy: "cache-and-network" });
  const [revoke] = useMutation(RevokeApprovalLinkDocument);
  return {
    links: data?.approvalLinks,
    error,
    reload: () => void refetch().catch(() => {}),
    revoke: (id: string) => revoke({ variables: { id } }),
  };
}

export function useApprovalHistory(postId: string) {
  const { data } = useQuery(PostApprovalHistoryDocument, { variables: { postId }, fetchPolicy: "cache-and-network" });
  return data?.postApprovalHistory ?? [];
}

export function useDecidePost() {
  const [decide, { loading }] = useMutation(DecidePostDocument, { refetchQueries: [PostApprovalHistoryDocument] });
  return {
    approve: (id: string, revision: number) => decide({ variables: { id, revision, decision: "APPROVE" } }),
    requestChanges: (id: string, revision: number, comment: string) =>
      decide({ variables: { id, revision, decision: "CHANGES", comment } }),
    deciding: loading,
  };
}
