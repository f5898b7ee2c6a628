// Agencies' conversation with the server (docs/architecture.md#client-rooms): what the café lets the person's
// agency do (read once per business: the switcher's reset reads it again), the business's agency settings and
// approval rule, and the steps on them. Each step answers the settings as they stand, so the cache follows.
import { useMutation, useQuery } from "@apollo/client/react";
import {
  AcceptAgencyLinkDocument,
  AgenciesDocument,
  AgencyAccessDocument,
  EndAgencyLinkDocument,
  RequestAgencyLinkDocument,
  SetAgencyAccessDocument,
  SetAgencyDocument,
  SetApprovalRuleDocument,
  type AgencyGrant,
} from "../../graphql/graphql.ts";
import type { AgencyAccessFacts } from "./model.ts";

/**
 * What the café lets the agency the person acts through do; null for the café's own people. Null as well
 * while it loads or when it fails: the server checks every step itself (AGENCY_NOT_ALLOWED), so the screens
 * only spare the person a page that would refuse them.
 */
export function useAgencyAccess(): AgencyAccessFacts | null {
  const { data } = useQuery(AgencyAccessDocument, { fetchPolicy: "cache-first" });
  return data?.me.agencyAccess ?? null;
}

/** The business's agency settings, approval rule and links. */
export function useAgencies() {
  const { data, error, refetch } = useQuery(AgenciesDocument, { fetchPolicy: "cache-and-network" });
  return { agencies: data?.agencies, error, reload: () => void refetch().catch(() => {}) };
}

/** Whether the café's posts need approval now, and whether the person may decide on them (a café's manager). */
export function useApprovalRule() {
  const { data } = useQuery(AgenciesDocument, { fetchPolicy: "cache-first" });
  const a = data?.agencies;
  return {
    approvalRequired: !!a?.approvalRequired,
    /**
     * Who gives their word on a post in the app: the agency's lead while the agency checks it (lead_review), the
     * café's managers once it waits for them (the server decides the same)
     */
    mayDecide: (approval: string) =>
      approval === "LEAD_REVIEW" ? !!a?.agencyLead : approval === "IN_REVIEW" && !!a?.canManage,
  };
}

/** The steps on the settings and the links. */
export function useAgencySteps() {
  const [setAgency] = useMutation(SetAgencyDocument);
  const [setRule] = useMutation(SetApprovalRuleDocument);
  const [request, requesting] = useMutation(RequestAgencyLinkDocument, { refetchQueries: [AgenciesDocument] });
  const [accept] = useMutation(AcceptAgencyLinkDocument);
  const [end] = useMutation(EndAgencyLinkDocument);
  const [access] = useMutation(SetAgencyAccessDocument);
  return {
    setAgency: (isAgency: boolean) => setAgency({ variables: { isAgency } }),
    setApprovalRule: (requireApproval: boolean | null, leadFirst?: boolean) =>
      setRule({ variables: { requireApproval, leadFirst } }),
    request: (email: string) => request({ variables: { email } }),
    requesting: requesting.loading,
    accept: (id: string) => accept({ variables: { id } }),
    end: (id: string) => end({ variables: { id } }),
    setAccess: (id: string, mayPublish: boolean, grants: AgencyGrant[]) =>
      access({ variables: { id, mayPublish, grants } }),
  };
}
