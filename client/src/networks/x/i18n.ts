// X's texts (namespace "networks", under x and preview): its thread and link-in-reply choices and its thread preview.
// The keys are those the texts are stored and edited under (schema/translations.json), so moving them here
// changed no key (docs/architecture.md#in-the-client).
import { registerTranslations } from "../../i18n/index.ts";
import { NETWORKS_NS } from "../i18n.ts";

registerTranslations(NETWORKS_NS, {
  en: {
    x: {
      title: "On X",
      thread: "Post as a thread",
      threadHint: "A caption longer than X allows goes out as numbered posts, each replying to the one before",
      linkCost: "X charges more for a post that carries a link",
      linkCostHint: "Put the link in a reply under the post instead: the post costs less and the link is one tap away.",
      moveLink: "Move the link to a reply",
      linkMoved: "The link goes in a reply under the post",
      keepLink: "Keep the link in the post",
    },
    preview: {
      thread: "Thread on X",
    },
  },
  ar: {
    x: {
      title: "على إكس",
      thread: "انشره كسلسلة",
      threadHint: "النص الأطول مما يسمح به إكس يُنشر منشورات مرقّمة، كل منها ردٌّ على ما قبله",
      linkCost: "يتقاضى إكس أكثر عن المنشور الذي فيه رابط",
      linkCostHint: "ضع الرابط في رد تحت المنشور: تقل تكلفة المنشور ويبقى الرابط على بعد نقرة.",
      moveLink: "انقل الرابط إلى رد",
      linkMoved: "يذهب الرابط في رد تحت المنشور",
      keepLink: "أبقِ الرابط في المنشور",
    },
    preview: {
      thread: "سلسلة على إكس",
    },
  },
});
