// The link page's face (docs/architecture.md#link-page): the café's public page /l/<slug>, its settings, publishing
// and the Settings preview. services.ts builds the service; http/app.ts mounts its doors; the seed publishes the demo
// café's page through it.
export type { LinkPageService, LinkPageSettings } from "./link-page.service.ts";
export { ensureDemoLinkPage } from "./demo.ts";
