// The offline writer behind the AiWriter interface: the local copywriter and review replies.
import type { AiWriter } from "../provider.ts";
import { generateLocal } from "./writer.ts";
import { suggestReviewReply } from "./review-reply.ts";

export function createLocalWriter(): AiWriter {
  return {
    provider: "local",
    generate: async (req) => generateLocal(req),
    replyToReview: async (req) => {
      const { seed: _seed, ...reply } = suggestReviewReply(req);
      return { ...reply, provider: "local" };
    },
  };
}
