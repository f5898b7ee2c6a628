// The platforms module's face: what other modules may embed. Everything else in the folder is private.
export { ConnectedAccounts } from "./ConnectedAccounts.tsx";
