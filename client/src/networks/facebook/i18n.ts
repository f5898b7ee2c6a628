// Facebook's texts (namespace "networks", under facebook and preview): the shared link and the Page's post preview.
// The keys are those the texts are stored and edited under (schema/translations.json), so moving them here
// changed no key (docs/architecture.md#in-the-client).
import { registerTranslations } from "../../i18n/index.ts";
import { NETWORKS_NS } from "../i18n.ts";

registerTranslations(NETWORKS_NS, {
  en: {
    facebook: {
      title: "On Facebook",
      link: "Link",
      linkHint:
        "Optional: a page to share with the post, starting with https://. Without a photo or video it becomes a link post.",
    },
    preview: {
      facebook: "Post on the Facebook Page",
      now: "Just now",
    },
  },
  ar: {
    facebook: {
      title: "على فيسبوك",
      link: "رابط",
      linkHint: "اختياري: صفحة تُشارك مع المنشور، تبدأ بـ https://. وبلا صورة أو فيديو يصبح منشور رابط.",
    },
    preview: {
      facebook: "منشور على صفحة فيسبوك",
      now: "الآن",
    },
  },
});
