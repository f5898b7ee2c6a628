// One interface for whoever writes: the offline local copywriter (default) or an OpenAI-compatible
// chat-completions model. The studio and the reviews call a writer and never know which one it is;
// a writer backed by a model falls back to the local one by itself, and says so (fellBack).
import type {
  AiProviderName,
  HoursSeason,
  ReplyGap,
  ReviewLanguage,
  ReviewSentiment,
  ReviewTopic,
} from "@sufra/schema";
import type { AskedFact } from "./reader/index.ts";
import type { BusinessProfile, GenerateRequest, GenerateResult } from "./types.ts";

export interface ReviewReplyRequest {
  /** source: where it was posted (a delivery app's review is about a delivery). */
  review: { author: string; rating: number; text: string; language?: ReviewLanguage; source?: string };
  business: BusinessProfile;
  seed?: number;
  /** Ramadan or Eid in Kuwait today: an hours question gets those hours. */
  season?: HoursSeason | null;
}

export interface ReviewReplyResult {
  reply: string;
  /** The review's own language, which the reply is written in. */
  language: ReviewLanguage;
  sentiment: ReviewSentiment;
  topics: ReviewTopic[];
  /** The facts the message asks for. */
  asks: AskedFact[];
  /** Facts asked that the profile lacks (docs/product.md#replies-to-guests). */
  gaps: ReplyGap[];
  provider: AiProviderName;
  /** The model failed and the local writer answered. */
  fellBack?: boolean;
  /** The model's draft stated these facts the profile does not hold, so the built-in draft is used (fellBack too). */
  rejected?: string[];
}

export interface AiWriter {
  readonly provider: AiProviderName;
  /** Whether the post's photos are sent with the next request (a model that sees); none: never. */
  seesPhotos?(): boolean;
  generate(req: GenerateRequest): Promise<GenerateResult & { fellBack?: boolean }>;
  replyToReview(req: ReviewReplyRequest): Promise<ReviewReplyResult>;
}
