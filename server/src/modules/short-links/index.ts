// The short links' face (docs/architecture.md#short-links): /r/<code> for link-page buttons, caption links and review
// requests, clicks counted by Kuwait day. services.ts builds the service; other modules ask it for a link's address,
// and analytics and campaigns read the clicks in figures (clickFigures).
export type { ShortLinkSpec, ShortLinksService } from "./short-links.service.ts";
export { clickFigures } from "./clicks.ts";
