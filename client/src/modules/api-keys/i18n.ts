// Texts of the API keys screen (namespace "apiKeys"). Error texts come from @sufra/schema's catalogue;
// the Premium upgrade card's texts live with the team module, which owns that card.
import { registerTranslations } from "../../i18n/index.ts";

export const API_KEYS_NS = "apiKeys";

const apiKeysTexts = {
  en: {
    title: "API keys",
    intro:
      "Connect your website or your own tools to Sufra. A key acts for your business with the rights of a team member.",
    create: {
      title: "Create a key",
      name: "Key name",
      namePlaceholder: "e.g. Website menu",
      nameHint: "A name helps you tell keys apart, e.g. where it is used.",
      submit: "Create key",
    },
    once: {
      title: "Your new API key",
      warning: "Copy this key now and keep it somewhere safe. For your security it will not be shown again.",
      copy: "Copy",
      copied: "The key is copied",
      copyFailed: "Select the key and copy it by hand",
      done: "I have copied it",
      label: "API key",
    },
    list: {
      title: "Keys",
      empty: "No keys yet",
      name: "Name",
      key: "Key",
      created: "Created",
      lastUsed: "Last used",
      never: "Never",
      status: "Status",
      active: "Active",
      revoked: "Revoked",
      actions: "Actions",
      revoke: "Revoke",
      revokeTitle: "Revoke the key “{{name}}”?",
      revokeText: "Anything that uses it stops working at once. This cannot be undone.",
      revokeConfirm: "Revoke",
      revokedDone: "The key “{{name}}” is revoked",
    },
    usage: {
      title: "How to use a key",
      text: "Send the key as a Bearer token to our GraphQL endpoint:",
      limits:
        "Each key may make {{limit}} requests a minute. Keys work only on /graphql, never on the REST paths, and cannot manage the team or keys.",
      docs: "Read the developer documentation: examples, errors, limits and webhooks",
    },
    chart: {
      title: "Use in the last {{days}} days",
      intro:
        "Requests each key made per day (Kuwait time), and how many of them answered with errors. New requests show here within a few seconds.",
      totals: "{{requests}} requests, {{errors}} with errors",
      chartTitle: "Requests and errors per day: {{name}}",
      day: "Day",
      requests: "Requests",
      errors: "Errors",
    },
    readOnly: "Only owners and the account holder can create or revoke keys.",
    loadFailed: "We could not load your API keys",
  },
  ar: {
    title: "مفاتيح الواجهة البرمجية",
    intro: "اربط موقعك أو أدواتك الخاصة بسفرة. يعمل المفتاح باسم نشاطك التجاري بصلاحيات عضو في الفريق.",
    create: {
      title: "إنشاء مفتاح",
      name: "اسم المفتاح",
      namePlaceholder: "مثال: قائمة الموقع",
      nameHint: "يساعدك الاسم على التمييز بين المفاتيح، كأن تذكر مكان استخدامه.",
      submit: "إنشاء المفتاح",
    },
    once: {
      title: "مفتاحك الجديد",
      warning: "انسخ هذا المفتاح الآن واحفظه في مكان آمن. لن يظهر مرة أخرى حفاظًا على أمانك.",
      copy: "نسخ",
      copied: "تم نسخ المفتاح",
      copyFailed: "حدّد المفتاح وانسخه يدويًا",
      done: "لقد نسخته",
      label: "مفتاح الواجهة البرمجية",
    },
    list: {
      title: "المفاتيح",
      empty: "لا توجد مفاتيح بعد",
      name: "الاسم",
      key: "المفتاح",
      created: "تاريخ الإنشاء",
      lastUsed: "آخر استخدام",
      never: "لم يُستخدم",
      status: "الحالة",
      active: "فعّال",
      revoked: "ملغى",
      actions: "الإجراءات",
      revoke: "إلغاء",
      revokeTitle: "إلغاء المفتاح «{{name}}»؟",
      revokeText: "سيتوقف كل ما يستخدمه عن العمل فورًا، ولا يمكن التراجع عن ذلك.",
      revokeConfirm: "إلغاء المفتاح",
      revokedDone: "تم إلغاء المفتاح «{{name}}»",
    },
    usage: {
      title: "طريقة استخدام المفتاح",
      text: "أرسل المفتاح بصيغة Bearer إلى نقطة GraphQL لدينا:",
      limits:
        "يستطيع كل مفتاح إرسال {{limit}} طلب في الدقيقة. تعمل المفاتيح على ‎/graphql فقط، لا على مسارات REST، ولا يمكنها إدارة الفريق أو المفاتيح.",
      docs: "اقرأ دليل المطوّرين: أمثلة، والأخطاء، والحدود، وخطافات الويب",
    },
    chart: {
      title: "الاستخدام في آخر {{days}} يومًا",
      intro:
        "الطلبات التي أرسلها كل مفتاح في كل يوم (بتوقيت الكويت)، وعدد ما انتهى منها بأخطاء. تظهر الطلبات الجديدة هنا خلال ثوانٍ.",
      totals: "{{requests}} طلبًا، منها {{errors}} بأخطاء",
      chartTitle: "الطلبات والأخطاء في كل يوم: {{name}}",
      day: "اليوم",
      requests: "الطلبات",
      errors: "الأخطاء",
    },
    readOnly: "يستطيع المالكون وصاحب الحساب فقط إنشاء المفاتيح أو إلغاؤها.",
    loadFailed: "تعذر تحميل مفاتيح الواجهة البرمجية",
  },
};

registerTranslations(API_KEYS_NS, apiKeysTexts);
