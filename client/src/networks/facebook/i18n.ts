// Facebook's texts (namespace "networks", under facebook and preview): the shared link and the Page's post preview.
// The keys are those the texts are stored and edited under (schema/translations.json), so moving them here
// changed no key (docs/architecture.md#in-the-client).
import { registerTranslations } from "../../i18n/index.ts";
import { ACCOUNTS_NS, NETWORKS_NS } from "../i18n.ts";

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

// the Pages on the Facebook account's card in Settings (namespace "platforms", under facebook)
registerTranslations(ACCOUNTS_NS, {
  en: {
    facebook: {
      title: "Pages",
      intro: "Your Facebook posts go to the Page marked below. You can choose another of your Pages at any time.",
      choose: "Choose the Page Sufra publishes to",
      chooseHint: "You manage several Facebook Pages. Until you choose one, your Facebook posts wait.",
      none: "Facebook shows no Page you manage. Create your café's Page on Facebook or ask its admin for access, then connect Facebook again.",
      pick: "Publish to {{name}}",
      pickShort: "Publish here",
      publishesHere: "Posts go here",
      chosen: "Your Facebook posts now go to {{name}}.",
      roleMissing: "Your role on this Page does not allow creating posts. Ask a Page admin for content access.",
      loadFailed: "We could not load your Facebook Pages",
    },
  },
  ar: {
    facebook: {
      title: "الصفحات",
      intro: "تُنشر منشوراتك على فيسبوك في الصفحة المعلَّمة أدناه. يمكنك اختيار صفحة أخرى من صفحاتك في أي وقت.",
      choose: "اختر الصفحة التي ينشر عليها سفرة",
      chooseHint: "تدير أكثر من صفحة على فيسبوك. حتى تختار إحداها تنتظر منشوراتك على فيسبوك.",
      none: "لا يعرض فيسبوك أي صفحة تديرها. أنشئ صفحة مقهاك على فيسبوك أو اطلب صلاحية من مديرها، ثم اربط فيسبوك مجددًا.",
      pick: "انشر على {{name}}",
      pickShort: "انشر هنا",
      publishesHere: "تُنشر المنشورات هنا",
      chosen: "تُنشر منشوراتك على فيسبوك الآن في {{name}}.",
      roleMissing: "دورك في هذه الصفحة لا يسمح بإنشاء المنشورات. اطلب من مدير الصفحة صلاحية المحتوى.",
      loadFailed: "تعذر تحميل صفحاتك على فيسبوك",
    },
  },
});
