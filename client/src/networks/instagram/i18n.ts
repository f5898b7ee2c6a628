// Instagram's texts (namespace "networks", under instagram and preview): its composer section (format, reel,
// collaborators, location and tags) and its story and reel previews.
// The keys are those the texts are stored and edited under (schema/translations.json), so moving them here
// changed no key (docs/architecture.md#in-the-client).
import { registerTranslations } from "../../i18n/index.ts";
import { COMPOSER_NS, NETWORKS_NS } from "../i18n.ts";

registerTranslations(NETWORKS_NS, {
  en: {
    instagram: {
      title: "On Instagram",
      format: "Post as",
      formats: { feed: "Feed post", story: "Story", reel: "Reel" },
      storyHint: "A story shows one photo or video for 24 hours. Instagram shows no caption on it.",
      reelHint: "A reel is one vertical video.",
      cover: "Reel cover",
      coverFrame: "A frame of the video",
      coverPhoto: "Photo: {{name}}",
      frameAt: "Frame at (seconds from the start)",
      shareToFeed: "Also show the reel in your feed",
      audioName: "Name of the reel's sound",
      audioNameHint: "Optional: what Instagram calls your reel's original audio",
      collaborators: "Collaborators",
      collaboratorsHint: "Up to {{n}} Instagram usernames, invited to share the post with you. Not for stories.",
      collaboratorsFull: "At most {{n}} collaborators",
      more: "More Instagram options",
      location: "Location ID",
      locationHint: "Optional: the ID of a Facebook Page with an address, such as your café's page",
      userTags: "Tag people",
      userTagsHint: "Optional: Instagram usernames, tagged in the middle of the first photo",
      usernameDropped: "“{{name}}” is not an Instagram username",
    },
    preview: {
      story: "Story on Instagram: the caption is not shown",
      reel: "Reel on Instagram",
      audio: "Original audio",
    },
  },
  ar: {
    instagram: {
      title: "على إنستغرام",
      format: "انشره كـ",
      formats: { feed: "منشور في الصفحة", story: "قصة", reel: "ريلز" },
      storyHint: "القصة تعرض صورة أو فيديو واحدًا ليوم كامل، ولا يظهر عليها النص في إنستغرام.",
      reelHint: "الريلز فيديو عمودي واحد.",
      cover: "غلاف الريلز",
      coverFrame: "لقطة من الفيديو",
      coverPhoto: "صورة: {{name}}",
      frameAt: "اللقطة عند (بالثواني من البداية)",
      shareToFeed: "اعرض الريلز في صفحتك أيضًا",
      audioName: "اسم صوت الريلز",
      audioNameHint: "اختياري: الاسم الذي يسمي به إنستغرام الصوت الأصلي للريلز",
      collaborators: "المتعاونون",
      collaboratorsHint: "حتى {{n}} أسماء مستخدمين في إنستغرام، يُدعون لمشاركة المنشور معك. لا يصلح للقصص.",
      collaboratorsFull: "{{n}} متعاونين على الأكثر",
      more: "خيارات أخرى لإنستغرام",
      location: "معرّف الموقع",
      locationHint: "اختياري: معرّف صفحة فيسبوك لها عنوان، مثل صفحة مقهاك",
      userTags: "الإشارة إلى أشخاص",
      userTagsHint: "اختياري: أسماء مستخدمين في إنستغرام يُشار إليهم في وسط الصورة الأولى",
      usernameDropped: "«{{name}}» ليس اسم مستخدم في إنستغرام",
    },
    preview: {
      story: "قصة على إنستغرام: لا يظهر النص",
      reel: "ريلز على إنستغرام",
      audio: "الصوت الأصلي",
    },
  },
});

// the post's first comment, under the composer's caption (namespace "posts", under composer)
registerTranslations(COMPOSER_NS, {
  en: {
    composer: {
      firstComment: "First comment (Instagram)",
      firstCommentHint: "Posted right after the post; a good place for more hashtags.",
    },
  },
  ar: {
    composer: {
      firstComment: "التعليق الأول (إنستغرام)",
      firstCommentHint: "يُنشر بعد المنشور مباشرة، وهو مكان مناسب لمزيد من الوسوم.",
    },
  },
});
