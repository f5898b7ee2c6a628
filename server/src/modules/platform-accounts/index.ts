// The platform-accounts module's face: a business's connected Instagram, X, Snapchat and Google accounts and
// their tokens, and the Google locations picked. Publishing and analytics act through the service; an approved business gets its
// practice accounts.
export { ensurePracticeAccounts, type PlatformAccountsService } from "./platform-accounts.service.ts";
