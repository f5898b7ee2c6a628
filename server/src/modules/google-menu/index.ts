// The google-menu module's face (docs/product.md#one-menu-and-one-link): a Google location's menu beside the
// business profile's, and the send on the person's confirmation. services.ts builds its service with the Google
// connection's tokens (platform-accounts), the food-menus adapter (networks/google/menus.ts) and the photos' URLs.
export { createGoogleMenuService } from "./google-menu.service.ts";
