// The notifications module's face: the bell and its e-mails. Other modules hand it a Draft (what
// happened, to whom) and it stores, pushes and mails it.
export type { Draft, NotificationsService } from "./notifications.service.ts";
