// One interface for whoever writes: the offline local copywriter (default) or an OpenAI-compatible
// chat-completions model. The studio and the reviews call a writer and never know which one it is;
// a writer backed by a model falls back to the local one by itself, and says so (fellBack).
import type { AiProviderName, ReviewLanguage, ReviewSentiment, ReviewTopic } from "@sufra/schema";
import type { BusinessProfile, GenerateRequest, GenerateResult } from "./types.ts";

export interface ReviewReplyRequest {
  /** source: where it was posted (a delivery app's review is about a delivery). */
  review: { author: string; rating: number; text: string; language?: ReviewLanguage; source?: string };
  business: BusinessProfile;
  seed?: number;
}

export interface ReviewReplyResult {
  reply: string;
  /** The review's own language, which the reply is written in. */
  language: ReviewLanguage;
  sentiment: ReviewSentiment;
  topics: ReviewTopic[];
  provider: AiProviderName;
  /** The model failed and the local writer answered. */
  fellBack?: boolean;
}

export interface AiWriter {
  readonly provider: AiProviderName;
  /** Whether the post's photos are sent with the next request (a model that sees); none: never. */
  seesPhotos?(): boolean;
  generate(req: GenerateRequest): Promise<GenerateResult & { fellBack?: boolean }>;
  replyToReview(req: ReviewReplyRequest): Promise<ReviewReplyResult>;
}
