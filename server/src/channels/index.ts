// The registry of conversation channels (docs/architecture.md#channel-packs): one entry per channel, each pack
// in channels/<channel>/ (its adapter), its strict stand-in named here (tests stay out of production). The
// conversations module asks this registry for a channel's adapter and for what a refusal means, never
// imports a pack to branch on a channel.
import { CHANNELS, type ChannelName } from "@sufra/schema";
import type { Config } from "../config.ts";
import { createFacebookChannel } from "./facebook/adapter.ts";
import { createInstagramChannel } from "./instagram/adapter.ts";
import { windowRefusal } from "./meta-webhook.ts";
import type { ChannelAdapter } from "./types.ts";
import { createWhatsappChannel, whatsappWindowRefusal } from "./whatsapp/adapter.ts";

type PlatformsConfig = Config["platforms"];

interface ServerChannelPack {
  create(config: PlatformsConfig): ChannelAdapter;
  /** the channel refused a free message because the guest's window is closed */
  windowRefusal(err: unknown): boolean;
  standIn: string;
}

const SERVER_CHANNEL_PACKS: Readonly<Record<ChannelName, ServerChannelPack>> = {
  instagram: {
    create: (c) => createInstagramChannel({ ...c.instagram }),
    windowRefusal,
    standIn: "server/tests/fakes/instagram-messages-server.ts",
  },
  facebook: {
    create: (c) => createFacebookChannel({ ...c.facebook }),
    windowRefusal,
    standIn: "server/tests/fakes/facebook-messages-server.ts",
  },
  whatsapp: {
    create: (c) => createWhatsappChannel({ ...c.whatsapp }),
    windowRefusal: whatsappWindowRefusal,
    standIn: "server/tests/fakes/whatsapp-server.ts",
  },
};

/** Every channel's adapter from this server's configuration. */
export function createChannels(config: Pick<Config, "platforms">): Record<ChannelName, ChannelAdapter> {
  return Object.fromEntries(CHANNELS.map((c) => [c, SERVER_CHANNEL_PACKS[c].create(config.platforms)])) as Record<
    ChannelName,
    ChannelAdapter
  >;
}

/** Whether any channel reads this refusal as its closed 24-hour window. */
export const windowRefusalOf = (err: unknown): boolean =>
  CHANNELS.some((c) => SERVER_CHANNEL_PACKS[c].windowRefusal(err));
