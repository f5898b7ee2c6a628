// For tests only: the agency facts every posts screen reads (me.agencyAccess and the café's approval rule),
// answering every call, for a café's own person (no agency) unless told otherwise.
import { AgenciesDocument, AgencyAccessDocument } from "../../graphql/graphql.ts";

export function agencyMocks({
  access = null,
  approvalRequired = false,
  canManage = true,
}: {
  access?: { mayPublish: boolean; grants: string[] } | null;
  approvalRequired?: boolean;
  canManage?: boolean;
} = {}) {
  const always = { maxUsageCount: Number.POSITIVE_INFINITY };
  return [
    {
      request: { query: AgencyAccessDocument },
      result: {
        data: {
          me: {
            __typename: "User",
            id: "u-client",
            agencyAccess: access && { __typename: "AgencyAccess", agencyId: "ag1", ...access },
          },
        },
      },
      ...always,
    },
    {
      request: { query: AgenciesDocument },
      result: {
        data: {
          agencies: {
            __typename: "Agencies",
            isAgency: false,
            requireApproval: null,
            approvalLeadFirst: false,
            agencyLead: false,
            approvalRequired,
            canManage,
            links: [],
          },
        },
      },
      ...always,
    },
  ];
}
