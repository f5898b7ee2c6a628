// Texts around the GraphQL playground (namespace "playground"); GraphiQL's own interface stays in English.
import { registerTranslations } from "../i18n/index.ts";

export const PLAYGROUND_NS = "playground";

const playgroundTexts = {
  en: {
    title: "Sufra API",
    subtitle: "GraphQL playground",
    developers: "Developers",
    apiKeys: "API keys",
    switchLanguage: "العربية",
    hint: "Create a key on the API keys page (Premium), then replace sk_live_… in the Headers tab with it. The other example tabs use the same key while this page is open; it is not saved in the browser. The schema explorer opens once the key is accepted.",
    refused:
      "The server did not hand over the schema: paste a valid API key in the Headers tab (Authorization: Bearer sk_live_…), then press “Re-fetch GraphQL schema” (Shift+Ctrl+R).",
  },
  ar: {
    title: "واجهة سفرة البرمجية",
    subtitle: "ساحة تجربة GraphQL",
    developers: "المطورون",
    apiKeys: "مفاتيح API",
    switchLanguage: "English",
    hint: "أنشئ مفتاحًا من صفحة مفاتيح API (الباقة المميزة)، ثم ضعه مكان sk_live_… في تبويب Headers. تستخدم تبويبات الأمثلة الأخرى المفتاح نفسه ما دامت الصفحة مفتوحة، ولا يُحفظ في المتصفح. يُفتح مستكشف المخطط بعد قبول المفتاح.",
    refused:
      "لم يُرسل الخادم المخطط: ضع مفتاح API صالحًا في تبويب Headers ‏(Authorization: Bearer sk_live_…)، ثم اضغط «Re-fetch GraphQL schema» ‏(Shift+Ctrl+R).",
  },
};

registerTranslations(PLAYGROUND_NS, playgroundTexts);
