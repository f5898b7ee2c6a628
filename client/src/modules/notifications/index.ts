// The notifications module's face: the list, its data hook and the links, which the shell's bell embeds.
import "./i18n.ts";
export { NotificationList } from "./components/NotificationList.tsx";
export { useNotifications, type NotificationItem } from "./data.ts";
export { notificationLink } from "./model.ts";
