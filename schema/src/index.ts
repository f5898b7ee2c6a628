export * from "./plans.ts";
export * from "./roles.ts";
export * from "./messages.ts";
export * from "./validation.ts";
export * from "./errors.ts";
