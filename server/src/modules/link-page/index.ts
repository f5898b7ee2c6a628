// The link page's face (docs/architecture.md#link-page): the café's public page /l/<slug>, its settings, publishing
// and the Settings preview. services.ts builds the service and http/app.ts mounts its doors; the seed publishes the
// demo café's page through this face.
export { ensureDemoLinkPage } from "./demo.ts";
