// Texts of the connected accounts (Settings).
import { registerTranslations } from "../../i18n/index.ts";

export const PLATFORMS_NS = "platforms";

/** What Sufra asks Google for when a café connects its Business Profile (one scope covers reviews, replies and posts). */
export const GOOGLE_PERMISSIONS = [
  {
    scope: "business.manage",
    purpose: {
      en: "Manage the Business Profile: its locations, reviews and replies, and posts",
      ar: "إدارة الملف التجاري: مواقعه وتقييماته والردود عليها ومنشوراته",
    },
  },
] as const;

/** What Sufra asks Facebook for (Facebook Login permissions, the server's facebook.ts). */
export const FACEBOOK_PERMISSIONS = [
  {
    scope: "pages_show_list",
    purpose: { en: "List the Pages you manage, to pick the café's", ar: "عرض الصفحات التي تديرها لتختار صفحة المقهى" },
  },
  { scope: "pages_manage_posts", purpose: { en: "Post as the Page", ar: "النشر باسم الصفحة" } },
  {
    scope: "pages_manage_engagement",
    purpose: { en: "Add the first comment as the Page", ar: "إضافة التعليق الأول باسم الصفحة" },
  },
  {
    scope: "pages_read_engagement",
    purpose: { en: "Read the Page's posts and their reactions", ar: "قراءة منشورات الصفحة والتفاعل معها" },
  },
  {
    scope: "pages_read_user_content",
    purpose: { en: "Read what people write on the Page", ar: "قراءة ما يكتبه الناس على الصفحة" },
  },
  { scope: "read_insights", purpose: { en: "Read the Page's figures", ar: "قراءة أرقام الصفحة" } },
] as const;

registerTranslations(PLATFORMS_NS, {
  en: {
    title: "Connected accounts",
    intro:
      "Connect the accounts Sufra publishes to. You approve the connection on the network's own page and come back here.",
    loadFailed: "We could not load your connected accounts",
    status: {
      connected: "Connected",
      reconnect: "Reconnect needed",
      none: "Not connected",
      choosePage: "Choose a Page",
    },
    demo: "Demo (simulated)",
    demoHint: "Posts to this account go to Sufra's simulated network, not to the real one.",
    practice: "Practice account (simulated)",
    practiceHint:
      "Rehearse here: posts go to Sufra's simulated network and their figures are marked simulated. Connecting your real account replaces it.",
    connectReal: "Connect your real {{platform}}",
    addPractice: "Add practice accounts",
    addPracticeHint:
      "Practice accounts let you try writing, scheduling and publishing on Sufra's simulated network before you connect a real account.",
    practiceAdded: "Practice accounts are ready.",
    handle: "Account",
    expires: "Access valid until",
    connectedSince: "Connected on",
    reconnectHint: "{{platform}} stopped accepting our access. Reconnect it so your scheduled posts can go out.",
    connect: "Connect {{platform}}",
    reconnect: "Reconnect {{platform}}",
    disconnect: "Disconnect",
    disconnectTitle: "Disconnect {{platform}}?",
    disconnectText:
      "Sufra will stop publishing to @{{handle}}. Scheduled posts for {{platform}} wait until you connect it again.",
    disconnected: "{{platform}} is disconnected.",
    connected: "{{platform}} is connected.",
    connectFailed: "{{platform}} could not be connected: {{reason}}",
    notInPlan: "{{platform}} comes with the {{plans}} plans, not with yours.",
    planItem: "{{name}}",
    upgradeHint:
      "To upgrade, choose a plan in Billing under Change plan: {{platform}} can be connected as soon as the plan changes.",
    upgradeLink: "Change plan",
    notConfigured: "Connecting {{platform}} is not available yet. Write to support@sufra.kw to ask for it.",
    manual:
      "Assisted: Sufra cannot publish to Snapchat for you yet. At the scheduled time Sufra reminds you; you post it yourself in Snapchat and mark it as done.",
    publishesForYou: "Sufra publishes to Snapchat for you at the scheduled time (your Public Profile).",
    username: "Snapchat username",
    usernamePlaceholder: "e.g. daralqahwa",
    usernameRequired: "Enter your Snapchat username",
    save: "Connect",
    cancel: "Cancel",
    permissions: "{{platform}} will ask you to allow:",
    facebook: {
      connectedChoose: "{{platform}} is connected. Choose the Page Sufra publishes to.",
    },
    google: {
      notConfigured: "Google is not available yet: write to support@sufra.kw to ask for it",
    },
  },
  ar: {
    title: "الحسابات المرتبطة",
    intro: "اربط الحسابات التي ينشر عليها سفرة. توافق على الربط في صفحة الشبكة نفسها ثم تعود إلى هنا.",
    loadFailed: "تعذر تحميل حساباتك المرتبطة",
    status: { connected: "مرتبط", reconnect: "يحتاج إلى إعادة ربط", none: "غير مرتبط", choosePage: "اختر صفحة" },
    demo: "تجريبي (محاكاة)",
    demoHint: "المنشورات على هذا الحساب تذهب إلى شبكة سفرة التجريبية، لا إلى الشبكة الحقيقية.",
    practice: "حساب تدريب (محاكاة)",
    practiceHint:
      "تدرّب هنا: المنشورات تذهب إلى شبكة سفرة التجريبية وأرقامها معلَّمة بأنها محاكاة. ربط حسابك الحقيقي يحلّ محله.",
    connectReal: "اربط حسابك الحقيقي على {{platform}}",
    addPractice: "أضف حسابات التدريب",
    addPracticeHint: "حسابات التدريب تتيح لك تجربة الكتابة والجدولة والنشر على شبكة سفرة التجريبية قبل ربط حساب حقيقي.",
    practiceAdded: "حسابات التدريب جاهزة.",
    handle: "الحساب",
    expires: "صلاحية الوصول حتى",
    connectedSince: "مرتبط منذ",
    reconnectHint: "توقفت {{platform}} عن قبول صلاحية وصولنا. أعد ربطها لتُنشر منشوراتك المجدولة.",
    connect: "اربط {{platform}}",
    reconnect: "أعد ربط {{platform}}",
    disconnect: "إلغاء الربط",
    disconnectTitle: "إلغاء ربط {{platform}}؟",
    disconnectText:
      "سيتوقف سفرة عن النشر على @{{handle}}. ستنتظر المنشورات المجدولة على {{platform}} حتى تربطها مجددًا.",
    disconnected: "تم إلغاء ربط {{platform}}.",
    connected: "تم ربط {{platform}}.",
    connectFailed: "تعذر ربط {{platform}}: {{reason}}",
    notInPlan: "{{platform}} متاحة في {{plans}}، لا في باقتك.",
    planItem: "الباقة {{name}}",
    upgradeHint: "للترقية اختر باقة في الفوترة ضمن تغيير الباقة: يمكنك ربط {{platform}} فور تغيّر الباقة.",
    upgradeLink: "تغيير الباقة",
    notConfigured: "ربط {{platform}} غير متاح بعد. راسلنا على support@sufra.kw لطلبه.",
    manual:
      "نشر بمساعدتك: لا تستطيع سفرة النشر على سناب شات نيابةً عنك بعد. في الموعد المحدد يذكّرك سفرة، فتنشره بنفسك في سناب شات ثم تؤكد نشره.",
    publishesForYou: "ينشر سفرة على سناب شات نيابةً عنك في الموعد المحدد (ملفك العام).",
    username: "اسم المستخدم في سناب شات",
    usernamePlaceholder: "مثال: daralqahwa",
    usernameRequired: "أدخل اسم المستخدم في سناب شات",
    save: "اربط",
    cancel: "إلغاء",
    permissions: "ستطلب منك {{platform}} السماح بما يلي:",
    facebook: {
      connectedChoose: "تم ربط {{platform}}. اختر الصفحة التي ينشر عليها سفرة.",
    },
    google: {
      notConfigured: "جوجل غير متاح بعد: راسلنا على support@sufra.kw لطلبه",
    },
  },
});
