// The offline writer behind the AiWriter interface: the local copywriter and review replies.
import type { AiWriter } from "../provider.ts";
import { generateLocal } from "./writer.ts";
import { suggestReviewReply } from "./review-reply.ts";

export function createLocalWriter(): AiWriter {
  return {
    provider: "local",
    // the built-in writer sees no photo: it writes from the photo's menu item (ai/local/alt-text.ts, writer.ts)
    seesPhotos: () => false,
    generate: async (req) => generateLocal(req),
    replyToReview: async (req) => {
      const { seed: _seed, ...reply } = suggestReviewReply(req);
      return { ...reply, provider: "local" };
    },
  };
}
