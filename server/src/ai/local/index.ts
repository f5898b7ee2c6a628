// The offline local copywriter: captions and hashtags with no network and no model.
export { generateLocal, sentenceCount, captionLimit } from "./writer.ts";
export { suggestHashtags } from "./hashtags.ts";
export { formatKwd, inferOccasion, readPrompt } from "./facts.ts";
