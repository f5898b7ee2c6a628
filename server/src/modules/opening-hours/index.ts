// The opening-hours module's face (docs/architecture.md#menus-and-hours): the café's week, its branches' own weeks,
// special spans from the Kuwait calendar, and sending them to Google. services.ts builds the service from here.
export { createOpeningHoursService } from "./opening-hours.service.ts";
