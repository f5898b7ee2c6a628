export * from "./plans.ts";
export * from "./roles.ts";
export * from "./messages.ts";
export * from "./validation.ts";
export * from "./errors.ts";
export * from "./translations.ts";
export * from "./team.ts";
export * from "./notifications.ts";
