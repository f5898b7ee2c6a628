// The offline local copywriter: captions and hashtags with no network and no model.
export { generateLocal, fillPhrase, sentenceCount, captionLimit, type LocalWriterOptions } from "./writer.ts";
export { suggestHashtags } from "./hashtags.ts";
export {
  formatKwd,
  inferOccasion,
  mulberry32,
  readPrompt,
  readProfile,
  toArabicDigits,
  toLatinDigits,
  type PromptFacts,
} from "./facts.ts";
export { findDishAr, findDishEn, FOOD_WORDS } from "./lexicon.ts";
