// REST compatibility for /api/notifications: thin, calls the notifications service (the caller's own only).
import { Router } from "express";
import type { Notification } from "../../generated/prisma/client.ts";
import { camelBody, queryBoolean, queryNumber, viewerOf } from "../../http/rest.ts";
import { restPageInfo } from "../../kernel/pagination.ts";
import type { Services } from "../../services.ts";
import type { z } from "zod";
import type { restNotificationSchema } from "./notifications.openapi.ts";

const restNotification = (n: Notification): z.output<typeof restNotificationSchema> => ({
  id: n.id,
  type: n.type,
  data: n.data,
  read: !!n.readAt,
  read_at: n.readAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});

export function notificationsRouter(services: Services) {
  const r = Router();
  const { notifications } = services;

  /** GET /api/notifications?first=&after=&unread_only= */
  r.get("/", async (req, res) => {
    const q = req.query;
    const page = await notifications.list(await viewerOf(services, req), {
      first: queryNumber(q.first),
      after: q.after,
      unreadOnly: queryBoolean(q.unread_only),
    });
    res.json({
      notifications: page.items.map(restNotification),
      total: page.totalCount,
      unread_count: page.unreadCount,
      page_info: restPageInfo(page),
    });
  });

  /** POST /api/notifications/read {ids?}: those of the caller's among ids, or all of them when ids is left out. */
  r.post("/read", async (req, res) => {
    const result = await notifications.markRead(await viewerOf(services, req), camelBody(req));
    res.json({ marked: result.marked, unread_count: result.unreadCount });
  });

  return r;
}
