// The OpenAPI entries of /api/notifications (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { markNotificationsReadSchema, notificationsQuerySchema } from "@sufra/schema";
import { anyJson, isoDateTime, named, pageInfo, type RestOperation } from "../../http/openapi/operation.ts";

export const restNotificationSchema = named(
  "Notification",
  z.object({
    id: z.string(),
    type: z.string(),
    data: anyJson,
    read: z.boolean(),
    read_at: isoDateTime.nullable(),
    created_at: isoDateTime,
  }),
);
const tag = "Notifications";

export const notificationsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/notifications",
    tag,
    access: "signedIn",
    summary: "The caller's notifications, newest first",
    query: notificationsQuerySchema,
    responses: {
      200: {
        description: "A page of notifications.",
        schema: z.object({
          notifications: z.array(restNotificationSchema),
          total: z.number().int(),
          unread_count: z.number().int(),
          page_info: pageInfo,
        }),
      },
    },
  },
  {
    method: "post",
    path: "/notifications/read",
    tag,
    access: "signedIn",
    summary: "Mark notifications read",
    description: "The caller's among `ids`, or all of them when `ids` is left out.",
    body: markNotificationsReadSchema,
    responses: {
      200: {
        description: "How many were marked.",
        schema: z.object({ marked: z.number().int(), unread_count: z.number().int() }),
      },
    },
  },
];
