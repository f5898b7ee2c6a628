// Shared rules and constants of the notifications module (issue 4).
export {};
