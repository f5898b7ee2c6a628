// The OpenAPI entries of /api/admin/clients (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import {
  AUDIT_ACTIONS,
  CLIENT_ACTIONS,
  clientsQuerySchema,
  giftTrialDaysSchema,
  rejectClientSchema,
} from "@sufra/schema";
import { anyJson, isoDateTime, named, pageInfo, type RestOperation } from "../../http/openapi/operation.ts";

export const restClientSchema = named(
  "Client",
  z.object({
    id: z.string(),
    company_name: z.string(),
    contact_name: z.string().nullable(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    status: z.string(),
    requested_plan: z.string(),
    rejection_reason: z.string().nullable(),
    created_at: isoDateTime,
    approved_at: isoDateTime.nullable(),
    last_active_at: isoDateTime.nullable(),
    subscription: z
      .object({
        plan: z.string(),
        status: z.string(),
        trial_ends_at: isoDateTime.nullable(),
        renews_at: isoDateTime.nullable(),
      })
      .nullable(),
    allowed_actions: z
      .array(z.enum(CLIENT_ACTIONS))
      .describe("What an admin may do to it now; an action not listed is refused (409 INVALID_STATE)."),
  }),
);

const details = restClientSchema.extend({
  users: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      email_verified: z.boolean(),
      last_login_at: isoDateTime.nullable(),
      created_at: isoDateTime,
    }),
  ),
  audit: z.array(
    z.object({
      id: z.string(),
      action: z.string().describe(`What happened: one of ${AUDIT_ACTIONS.join(", ")}.`),
      actor_id: z.string().nullable(),
      actor: z
        .object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() })
        .nullable()
        .describe("Who did it; null for Sufra itself (its jobs, the payment service's word)."),
      data: anyJson,
      created_at: isoDateTime,
    }),
  ),
});

const tag = "Admin: clients";
const one = { description: "The business, changed.", schema: restClientSchema };

export const clientsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/admin/clients",
    tag,
    access: "admin",
    summary: "Businesses that signed up",
    query: clientsQuerySchema,
    responses: {
      200: {
        description: "A page of businesses.",
        schema: z.object({ clients: z.array(restClientSchema), total: z.number().int(), page_info: pageInfo }),
      },
    },
  },
  {
    method: "get",
    path: "/admin/clients/{id}",
    tag,
    access: "admin",
    summary: "A business with its people and audit trail",
    responses: { 200: { description: "The business.", schema: details } },
  },
  {
    method: "post",
    path: "/admin/clients/{id}/approve",
    tag,
    access: "admin",
    summary: "Approve a pending business",
    responses: { 200: one },
  },
  {
    method: "post",
    path: "/admin/clients/{id}/reject",
    tag,
    access: "admin",
    summary: "Reject a pending business with a reason",
    body: rejectClientSchema,
    responses: { 200: one },
  },
  {
    method: "post",
    path: "/admin/clients/{id}/gift-trial-days",
    tag,
    access: "admin",
    summary: "Add days to a business's trial",
    body: giftTrialDaysSchema,
    responses: { 200: one },
  },
  {
    method: "post",
    path: "/admin/clients/{id}/suspend",
    tag,
    access: "admin",
    summary: "Suspend an active business",
    responses: { 200: one },
  },
  {
    method: "post",
    path: "/admin/clients/{id}/reactivate",
    tag,
    access: "admin",
    summary: "Reactivate a suspended business",
    responses: { 200: one },
  },
];
