// Agencies' pure rules for the screens (docs/architecture.md#client-rooms: model.ts), tested in model.test.ts:
// which pages a person acting through an agency may open (the café's grants), whether they may schedule or
// publish, the café's approval choice as the three options the screen offers, and what a link offers.
import type { AgencyGrant } from "@sufra/schema";
import type { AgencyLinkFieldsFragment } from "../../graphql/graphql.ts";

/** What a café lets the agency a person acts through do (`me.agencyAccess`); null: not acting through an agency. */
export interface AgencyAccessFacts {
  mayPublish: boolean;
  grants: readonly string[];
}

/** The pages a grant opens: the café's billing, its team, its API keys and webhooks. */
const GRANT_OF_PAGE: Readonly<Record<string, AgencyGrant>> = {
  "/billing": "billing",
  "/team": "team",
  "/api-keys": "api_keys",
  "/webhooks": "api_keys",
};

/** The grant a page needs from a person acting through an agency; undefined for a page every such person opens. */
function grantFor(pathname: string): AgencyGrant | undefined {
  const path = pathname.split(/[?#]/)[0]!.toLowerCase();
  const page = Object.keys(GRANT_OF_PAGE).find((p) => path === p || path.startsWith(`${p}/`));
  return page ? GRANT_OF_PAGE[page] : undefined;
}

/** Whether the person may open a page (a menu entry, a route): always, unless an agency acts without the grant. */
export function agencyMayOpen(access: AgencyAccessFacts | null | undefined, pathname: string): boolean {
  const grant = grantFor(pathname);
  return !access || !grant || access.grants.includes(grant);
}

/** Publish now: the café's own people, or an agency the café lets publish. */
export const mayPublishNow = (access: AgencyAccessFacts | null | undefined) => !access || access.mayPublish;

/**
 * Scheduling: as publishing, except that in a café that approves posts a time is only the plan until the
 * owners approve, which any agency may set (docs/product.md#agencies-and-approvals).
 */
export const maySchedule = (access: AgencyAccessFacts | null | undefined, approvalRequired: boolean) =>
  mayPublishNow(access) || approvalRequired;

/** The café's approval rule as the screen offers it: default (on while an agency serves it), always, never. */
export type ApprovalChoice = "default" | "always" | "never";
export const approvalChoiceOf = (requireApproval: boolean | null | undefined): ApprovalChoice =>
  requireApproval == null ? "default" : requireApproval ? "always" : "never";
export const requireApprovalOf = (choice: ApprovalChoice): boolean | null =>
  choice === "default" ? null : choice === "always";

type Link = Pick<AgencyLinkFieldsFragment, "status" | "side" | "canAccept" | "agency" | "cafe">;

/** The business on the other side of a link, as the caller's business sees it. */
export const otherSide = (link: Link) => (link.side === "CAFE" ? link.agency : link.cafe);

/** What a manager may do to a link: accept (the side that did not ask), decline, end, or set the agency's access. */
export function linkActions(link: Link, canManage: boolean) {
  const pending = link.status === "PENDING";
  const active = link.status === "ACTIVE";
  return {
    accept: canManage && pending && link.canAccept,
    decline: canManage && pending && link.canAccept,
    withdraw: canManage && pending && !link.canAccept,
    end: canManage && active,
    // the café's managers say what its agency may do
    access: canManage && link.side === "CAFE" && (pending || active),
  };
}
