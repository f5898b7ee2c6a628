// TikTok's texts (namespace "networks", under tiktok and preview): its composer section in the words TikTok's
// content sharing guidelines ask for (privacy, switches, disclosure, declaration) and its preview.
// The keys are those the texts are stored and edited under (schema/translations.json), so moving them here
// changed no key (docs/architecture.md#in-the-client).
import { registerTranslations } from "../../i18n/index.ts";
import { ACCOUNTS_NS, NETWORKS_NS } from "../i18n.ts";

registerTranslations(NETWORKS_NS, {
  en: {
    tiktok: {
      title: "On TikTok",
      postingAs: "Posting to TikTok as",
      loading: "Reading your TikTok account…",
      loadFailed: "We could not read your TikTok account. TikTok needs it before each post.",
      retry: "Try again",
      videoTooLong: "TikTok takes videos up to {{max}} seconds from this account; this one is {{length}} seconds.",
      privacy: "Who can watch this post",
      privacyPlaceholder: "Choose who can watch",
      privacyRequired: "Choose who can watch this post on TikTok",
      levels: {
        PUBLIC_TO_EVERYONE: "Everyone",
        MUTUAL_FOLLOW_FRIENDS: "Friends",
        FOLLOWER_OF_CREATOR: "Followers",
        SELF_ONLY: "Only me",
      },
      privateBranded: "Branded content visibility cannot be set to private.",
      allowComment: "Allow comments",
      allowDuet: "Allow Duet",
      allowStitch: "Allow Stitch",
      offInApp: "Turned off in your TikTok settings",
      disclose: "Disclose post content",
      discloseHint:
        "Turn on to disclose that this post promotes goods or services in exchange for something of value. Your post could promote yourself, a third party, or both.",
      yourBrand: "Your brand",
      yourBrandHint:
        "You are promoting yourself or your own business. This post will be labeled “Promotional content”.",
      brandedContent: "Branded content",
      brandedContentHint:
        "You are promoting another brand or a third party. This post will be labeled “Paid partnership”.",
      chooseDisclosure: "You need to indicate if your content promotes yourself, a third party, or both.",
      photoTitle: "Title",
      photoTitleHint: "Photo posts: the caption becomes the description",
      autoAddMusic: "Let TikTok add recommended music",
      declaration: "By posting, you agree to TikTok's Music Usage Confirmation.",
      declarationBranded: "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation.",
      musicLink: "Music Usage Confirmation",
      brandedLink: "Branded Content Policy",
      newTab: "(opens in a new tab)",
      inbox: "This post goes to your TikTok inbox: open the TikTok app to finish it and post it there.",
      processing: "After posting, TikTok may take a few minutes to show the post on your profile.",
      fix: "Check the TikTok part of the post",
    },
    preview: {
      tiktok: "Post on TikTok",
    },
  },
  ar: {
    tiktok: {
      title: "على تيك توك",
      postingAs: "النشر على تيك توك باسم",
      loading: "نقرأ حسابك على تيك توك…",
      loadFailed: "لم نتمكن من قراءة حسابك على تيك توك، ويطلبه تيك توك قبل كل منشور.",
      retry: "حاول مرة أخرى",
      videoTooLong: "يقبل تيك توك من هذا الحساب فيديوهات حتى {{max}} ثانية، وهذا الفيديو {{length}} ثانية.",
      privacy: "من يمكنه مشاهدة المنشور",
      privacyPlaceholder: "اختر من يمكنه المشاهدة",
      privacyRequired: "اختر من يمكنه مشاهدة هذا المنشور على تيك توك",
      levels: {
        PUBLIC_TO_EVERYONE: "الجميع",
        MUTUAL_FOLLOW_FRIENDS: "الأصدقاء",
        FOLLOWER_OF_CREATOR: "المتابعون",
        SELF_ONLY: "أنا فقط",
      },
      privateBranded: "لا يمكن جعل المحتوى المموّل خاصًا.",
      allowComment: "السماح بالتعليقات",
      allowDuet: "السماح بالثنائي (Duet)",
      allowStitch: "السماح بالدمج (Stitch)",
      offInApp: "مغلق في إعدادات تيك توك لديك",
      disclose: "الإفصاح عن محتوى المنشور",
      discloseHint:
        "فعّله للإفصاح عن أن هذا المنشور يروّج لسلع أو خدمات مقابل شيء ذي قيمة. قد يروّج منشورك لك أو لطرف آخر أو لكليكما.",
      yourBrand: "علامتك التجارية",
      yourBrandHint: "أنت تروّج لنفسك أو لعملك. سيحمل المنشور وسم «محتوى ترويجي».",
      brandedContent: "محتوى مموّل",
      brandedContentHint: "أنت تروّج لعلامة تجارية أخرى أو لطرف آخر. سيحمل المنشور وسم «شراكة مدفوعة».",
      chooseDisclosure: "عليك أن توضح هل يروّج المحتوى لك أو لطرف آخر أو لكليكما.",
      photoTitle: "العنوان",
      photoTitleHint: "منشورات الصور: يصبح النص هو الوصف",
      autoAddMusic: "اسمح لتيك توك بإضافة موسيقى مقترحة",
      declaration: "بالنشر، أنت توافق على تأكيد استخدام الموسيقى في تيك توك.",
      declarationBranded: "بالنشر، أنت توافق على سياسة المحتوى المموّل وتأكيد استخدام الموسيقى في تيك توك.",
      musicLink: "تأكيد استخدام الموسيقى",
      brandedLink: "سياسة المحتوى المموّل",
      newTab: "(يفتح في علامة تبويب جديدة)",
      inbox: "يذهب هذا المنشور إلى صندوق الوارد في تيك توك: افتح تطبيق تيك توك لإكماله ونشره من هناك.",
      processing: "بعد النشر، قد يحتاج تيك توك بضع دقائق ليظهر المنشور في ملفك.",
      fix: "راجع جزء تيك توك من المنشور",
    },
    preview: {
      tiktok: "منشور على تيك توك",
    },
  },
});

// how posts go out, on the TikTok account's card in Settings (namespace "platforms", under tiktok)
registerTranslations(ACCOUNTS_NS, {
  en: {
    tiktok: {
      direct: "Posts go straight to @{{handle}}'s profile.",
      inbox: "Posts go to your TikTok inbox",
      inboxHint:
        "TikTok lets Sufra send posts to the inbox only: at the scheduled time you get a notification in the TikTok app, where you finish and post it.",
      unknown: "We could not ask TikTok how your posts will go out. Try again later.",
    },
  },
  ar: {
    tiktok: {
      direct: "تُنشر المنشورات مباشرة على الملف الشخصي @{{handle}}.",
      inbox: "تذهب المنشورات إلى صندوق الوارد في تيك توك",
      inboxHint:
        "يسمح تيك توك لسفرة بإرسال المنشورات إلى صندوق الوارد فقط: في الموعد المحدد يصلك إشعار في تطبيق تيك توك، فتكمل المنشور وتنشره من هناك.",
      unknown: "تعذر سؤال تيك توك عن طريقة نشر منشوراتك. حاول لاحقًا.",
    },
  },
});
