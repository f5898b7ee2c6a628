// The stand-in for Instagram messages (Instagram API with Instagram Login, graph.instagram.com) that the
// channel registry names (docs/architecture.md#channel-packs): the Meta messaging stand-in playing Instagram,
// its limits, permissions, error subcodes and webhook fields (meta-messages-server.ts holds what both share).
import { startMetaMessagesFake } from "./meta-messages-server.ts";

export const startInstagramMessagesFake = () => startMetaMessagesFake("instagram");
