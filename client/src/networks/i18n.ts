// The texts every network pack shares (namespace "networks"): photos' alt text (Instagram, X and Facebook
// read it) and the vertical preview's side icons. Each network's own texts are in its pack
// (networks/<network>/i18n.ts, docs/architecture.md#in-the-client); the translations extractor reads every
// i18n.ts, so it finds them all.
import { registerTranslations } from "../i18n/index.ts";

export const NETWORKS_NS = "networks";
/** The composer's namespace (the posts screens'): Google's texts and the counters live there under their first keys. */
export const COMPOSER_NS = "posts";
/** The connected accounts' namespace (Settings): a network's own part of its account card lives there. */
export const ACCOUNTS_NS = "platforms";

registerTranslations(NETWORKS_NS, {
  en: {
    altText: {
      label: "Alt text for {{name}}",
      hint: "Describe the photo for people who cannot see it: Instagram, X and Facebook read it aloud",
      placeholder: "Describe the photo",
    },
    preview: {
      sideIcons: "Likes, comments, saves and shares",
    },
  },
  ar: {
    altText: {
      label: "النص البديل لـ {{name}}",
      hint: "صف الصورة لمن لا يراها: يقرؤه إنستغرام وإكس وفيسبوك بصوت عالٍ",
      placeholder: "صف الصورة",
    },
    preview: {
      sideIcons: "الإعجابات والتعليقات والحفظ والمشاركة",
    },
  },
});
