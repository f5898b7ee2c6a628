// The publishing module's face: what other modules may use (posts hands it targets to send or cancel).
export type { PublishingService } from "./publishing.service.ts";
