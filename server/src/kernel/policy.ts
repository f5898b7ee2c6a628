// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// Who may do what. Pothos scope-auth (GraphQL door) and requireScope (REST door) both read these.
import type { AgencyGrant, Role } from "@sufra/schema";
import { AppError } from "./errors.ts";

export interface Viewer {
  userId: string;
  role: Role;
  email: string;
  name: string;
  businessId: string | null;
  /** refresh-token id of the session the access token belongs to; "apikey:<id>" for an API key */
  sessionId: string;
  /** set when the caller authenticated with an API key (acting for the business with client rights) */
  apiKeyId?: string;
  /**
   * set when the person acts in the business through their agency (docs/architecture.md#agencies): what the
   * café's owner lets the agency do beyond preparing posts and reading figures
   */
  agency?: { agencyId: string; mayPublish: boolean; grants: readonly AgencyGrant[] };
}

/** `person`: signed in as a person (a session), not through an API key. */
export type Scope = "authenticated" | "admin" | "owner" | "client" | "business" | "person";

export const scopesOf = (v: Viewer | null): Record<Scope, boolean> => ({
  authenticated: !!v,
  admin: v?.role === "admin",
  owner: v?.role === "owner",
  client: v?.role === "client",
  business: !!v?.businessId,
  person: !!v && !v.apiKeyId,
});

/** Throws UNAUTHENTICATED without a viewer, FORBIDDEN without the scope; returns the viewer. */
export function requireScope(v: Viewer | null, scope: Scope = "authenticated"): Viewer {
  if (!v) throw new AppError("UNAUTHENTICATED");
  if (!scopesOf(v)[scope]) throw new AppError("FORBIDDEN");
  return v;
}

/**
 * Throws AGENCY_NOT_ALLOWED when the caller acts through an agency the café's owner has not given `right`
 * ("publish": scheduling and publishing; the others: AGENCY_GRANTS). Anyone else passes.
 */
export function requireAgencyRight(v: Viewer, right: AgencyGrant | "publish"): void {
  if (!v.agency) return;
  const allowed = right === "publish" ? v.agency.mayPublish : v.agency.grants.includes(right);
  if (!allowed) throw new AppError("AGENCY_NOT_ALLOWED");
}
