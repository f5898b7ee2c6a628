// The simulated network's side of the inbox: the demo café's Google reviews and Instagram comments are
// seeded rows (seed/demo-inbox.ts), never read from anywhere; answering them "sends" here, at once, and
// nothing leaves the server (docs/product.md#inbox).
import { randomBytes } from "node:crypto";
import type { GoogleGuests, InstagramGuests } from "./guests.ts";

export function createDemoGuests(): { google: GoogleGuests; instagram: InstagramGuests } {
  const id = () => `demo-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  return {
    google: {
      places: async () => [],
      reviews: async () => ({ items: [], nextPageToken: null, averageRating: null, totalReviewCount: null }),
      reply: async (_account, _name, text) => ({ text, at: new Date() }),
      deleteReply: async () => {},
    },
    instagram: {
      comments: async () => [],
      reply: async () => ({ id: id() }),
      hide: async () => {},
      privateReply: async () => ({ messageId: id() }),
      // the simulated network has no webhook
      subscribeComments: async () => {},
      readWebhook: () => null,
      verifySubscription: () => null,
    },
  };
}
