// The platform-accounts module's face: a business's connected Instagram, X and Snapchat accounts and
// their tokens. Publishing and analytics act through the service; an approved business gets its
// practice accounts; a network's sign-in returns only to one of the app's own paths.
export { ensurePracticeAccounts, ownPath, type PlatformAccountsService } from "./platform-accounts.service.ts";
