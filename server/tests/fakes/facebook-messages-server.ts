// The stand-in for a Facebook Page's Messenger conversations (Graph API) that the channel registry names
// (docs/architecture.md#channel-packs): the Meta messaging stand-in playing Messenger, its limits,
// permissions, error subcodes and webhook fields (meta-messages-server.ts holds what both share).
import { startMetaMessagesFake } from "./meta-messages-server.ts";

export const startFacebookMessagesFake = () => startMetaMessagesFake("facebook");
