// The OpenAPI entries of /api/platforms (docs/architecture.md#names: the business's network accounts).
import { z } from "zod";
import { PLATFORMS } from "@sufra/schema";
import { isoDateTime, named, redirect, type RestOperation } from "../../http/openapi/operation.ts";

const platform = z.enum(PLATFORMS);
export const restAccountSchema = named(
  "PlatformAccount",
  z.object({
    id: z.string(),
    platform,
    status: z.string(),
    handle: z.string().nullable(),
    display_name: z.string().nullable(),
    demo: z.boolean(),
    practice: z.boolean(),
    token_expires_at: isoDateTime.nullable(),
    last_error: z.string().nullable(),
    connected_at: isoDateTime,
  }),
);
const connections = z.object({
  platforms: z.array(
    z.object({
      platform,
      available: z.boolean(),
      configured: z.boolean(),
      manual: z.boolean(),
      account: restAccountSchema.nullable(),
      practice_available: z.boolean(),
      setup_problem: z
        .string()
        .nullable()
        .describe(
          "why this server cannot connect it although configured (an error code, e.g. TIKTOK_URL_UNVERIFIED); null when it can",
        ),
      scopes: z
        .array(z.string())
        .nullable()
        .describe("the permissions connecting asks, where the server's setup decides them (TikTok); null otherwise"),
    }),
  ),
});
const connected = z.object({ authorize_url: z.string().nullable(), account: restAccountSchema.nullable() });
const tag = "Networks";

export const platformAccountsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/platforms",
    tag,
    access: "business",
    summary: "Each network: in the plan, configured, the connected account",
    responses: { 200: { description: "The networks.", schema: connections } },
  },
  {
    method: "post",
    path: "/platforms/practice",
    tag,
    access: "business",
    summary: "Add practice accounts (simulated networks) for trying Sufra out",
    responses: { 200: { description: "The networks.", schema: connections } },
  },
  {
    method: "post",
    path: "/platforms/{platform}/connect",
    tag,
    access: "business",
    summary: "Connect a network",
    description:
      "Instagram and X answer the sign-in page to send the person to (authorize_url); Snapchat, posted by hand, is connected at once with its handle (201).",
    pathParams: { platform },
    body: z.object({ returnTo: z.string().optional(), handle: z.string().optional() }),
    responses: {
      200: { description: "Where to send the person to sign in.", schema: connected },
      201: { description: "Connected at once (Snapchat).", schema: connected },
    },
  },
  {
    method: "get",
    path: "/platforms/{platform}/callback",
    tag,
    access: "public",
    summary: "Where the network sends the person back",
    description: "No session: the single-use state names whose connect it was.",
    pathParams: { platform },
    query: z.object({ state: z.string(), code: z.string().optional(), error: z.string().optional() }),
    responses: { 302: redirect("Back to the web client's networks page, with the outcome.") },
  },
  {
    method: "delete",
    path: "/platforms/{platform}",
    tag,
    access: "business",
    summary: "Disconnect a network",
    pathParams: { platform },
    responses: { 200: { description: "The account, disconnected.", schema: restAccountSchema } },
  },
];
