// Shared rules and constants of the team module (issue 4).
export {};
