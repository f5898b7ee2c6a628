// Shared rules and constants of the translations module (issue 4).
export {};
