// A person on the REST wire (docs/architecture.md#borders "Wire shapes"): the answer's schema and the function that
// writes it, used by auth's and team's REST doors and described once in the OpenAPI document.
import { z } from "zod";
import { BUSINESS_STATUSES, ROLES, type Role } from "@sufra/schema";
import type { MembershipView } from "./auth.service.ts";
import { named } from "../../http/openapi/operation.ts";

/** The REST contract's user (docs/product.md#data-shapes); business_id is null for admins. */
export const restUserSchema = named(
  "User",
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    business_id: z.string().nullable(),
  }),
);

/** A business the person belongs to, on the REST wire (GET /api/auth/businesses). */
export const restMembershipSchema = named(
  "Membership",
  z.object({
    business_id: z.string(),
    company_name: z.string(),
    status: z.enum(BUSINESS_STATUSES),
    role: z.enum(ROLES),
    last_used_at: z.string().nullable(),
    current: z.boolean(),
  }),
);

export const restMembership = (m: MembershipView): z.output<typeof restMembershipSchema> => ({
  business_id: m.businessId,
  company_name: m.companyName,
  status: m.status,
  role: m.role,
  last_used_at: m.lastUsedAt?.toISOString() ?? null,
  current: m.current,
});

/** The REST contract's user shape (docs/product.md#data-shapes); business_id is null for admins. */
export const restUser = (u: {
  id: string;
  email: string;
  name: string;
  role: Role;
  businessId: string | null;
}): z.output<typeof restUserSchema> => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  business_id: u.businessId,
});
