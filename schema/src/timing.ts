// Milliseconds (docs/product.md#constants), apart from the error catalogue (errors.ts re-exports them):
// the web client's first download needs the request timeout, not every error text.
export const REQUEST_TIMEOUT_MS = 30_000;
export const AUTH_CHECK_TIMEOUT_MS = 10_000;
export const ADMIN_STATS_REFRESH_MS = 30_000;
/** How long every message and notification stays up. */
export const NOTIFICATION_DURATION_MS = 5_000;
