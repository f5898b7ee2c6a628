// Google's texts (namespace "posts", under google): its composer section (kind of post, button, offer,
// event) and its preview's head and foot. They keep the namespace and keys they are stored and edited
// under (schema/translations.json), so moving them here changed no key (docs/architecture.md#in-the-client).
import { registerTranslations } from "../../i18n/index.ts";
import { ACCOUNTS_NS, COMPOSER_NS } from "../i18n.ts";

registerTranslations(COMPOSER_NS, {
  en: {
    google: {
      title: "On Google",
      type: "Kind of post",
      types: { standard: "What's new", offer: "Offer", event: "Event" },
      button: "Button",
      noButton: "No button",
      actions: { order: "Order online", call: "Call", learn_more: "Learn more", book: "Book" },
      url: "Button link",
      urlHint: "Where the button leads, starting with https://",
      callHint: "Google calls the phone number of each location",
      offerNoButton: "Google shows no button on offers: guests redeem with the coupon or the redeem link",
      eventTitle: "Event title",
      offerTitle: "Offer title",
      startsAt: "Starts (Kuwait time)",
      endsAt: "Ends (Kuwait time)",
      couponCode: "Coupon code",
      redeemUrl: "Redeem online link",
      terms: "Terms and conditions",
      optional: "Optional",
      fix: "Check the Google part of the post",
      runs: "{{from}} to {{to}}",
      couponShown: "Coupon code:",
      redeemOnline: "Redeem online",
    },
  },
  ar: {
    google: {
      title: "على جوجل",
      type: "نوع المنشور",
      types: { standard: "جديدنا", offer: "عرض", event: "فعالية" },
      button: "الزر",
      noButton: "بدون زر",
      actions: { order: "اطلب عبر الإنترنت", call: "اتصل", learn_more: "اعرف المزيد", book: "احجز" },
      url: "رابط الزر",
      urlHint: "الصفحة التي يفتحها الزر، مبتدئة بـ https://",
      callHint: "تتصل جوجل برقم هاتف كل موقع",
      offerNoButton: "لا تعرض جوجل زرًا في العروض: يستفيد الضيوف من العرض برمز القسيمة أو رابط الاستفادة",
      eventTitle: "عنوان الفعالية",
      offerTitle: "عنوان العرض",
      startsAt: "البداية (بتوقيت الكويت)",
      endsAt: "النهاية (بتوقيت الكويت)",
      couponCode: "رمز القسيمة",
      redeemUrl: "رابط الاستفادة عبر الإنترنت",
      terms: "الشروط والأحكام",
      optional: "اختياري",
      fix: "راجع جزء جوجل من المنشور",
      runs: "من {{from}} إلى {{to}}",
      couponShown: "رمز القسيمة:",
      redeemOnline: "استفد عبر الإنترنت",
    },
  },
});

// the locations on the Google account's card in Settings (namespace "platforms", under google)
registerTranslations(ACCOUNTS_NS, {
  en: {
    google: {
      title: "Locations",
      intro: "Pick the branches whose reviews come into the inbox and that receive your Google posts.",
      none: "Google shows no locations for this account. Add or claim your café on Google Business Profile, then read the locations again.",
      pick: "Pick {{title}}",
      verified: "Verified",
      unverified: "Not verified",
      unverifiedHint: "Google has not verified this location yet: replies and posts are refused until it is",
      gone: "No longer on Google",
      goneHint: "Google no longer lists this location for your account. Its reviews are kept.",
      readAgain: "Read locations again",
      reread: "The locations are up to date.",
      loadFailed: "We could not load your Google locations",
    },
  },
  ar: {
    google: {
      title: "المواقع",
      intro: "اختر الفروع التي تصل تقييماتها إلى صندوق الوارد وتُنشر فيها منشوراتك على جوجل.",
      none: "لا تعرض جوجل أي موقع لهذا الحساب. أضف مقهاك أو طالب به في الملف التجاري على جوجل، ثم اقرأ المواقع مجددًا.",
      pick: "اختر {{title}}",
      verified: "موثّق",
      unverified: "غير موثّق",
      unverifiedHint: "لم توثّق جوجل هذا الموقع بعد: تُرفض الردود والمنشورات حتى يتم توثيقه",
      gone: "لم يعد على جوجل",
      goneHint: "لم تعد جوجل تعرض هذا الموقع لحسابك. تقييماته محفوظة.",
      readAgain: "اقرأ المواقع مجددًا",
      reread: "المواقع محدّثة.",
      loadFailed: "تعذر تحميل مواقعك على جوجل",
    },
  },
});
