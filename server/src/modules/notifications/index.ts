// The notifications module's face: the bell and its e-mails. Other modules hand it a Draft (what
// happened, to whom) and it stores, pushes and mails it.
export type { Draft, NotificationsService } from "./notifications.service.ts";
// ... and billing writes its notices in the transaction of the change that causes them
export { markSignUpNoticesRead, notifyIn } from "./notifications.service.ts";
