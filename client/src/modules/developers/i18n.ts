// Texts of the developer documentation (/developers, namespace "developers"), in English and Arabic.
// Each section has a title and paragraphs (`body`), an optional list and paragraphs after it (`after`);
// the code between them comes from examples.ts and stays left to right in both languages.
import { registerTranslations } from "../../i18n/index.ts";

export const DEVELOPERS_NS = "developers";

/** The sections in page order (their ids are the anchors: /developers#auth). */
export const DEV_SECTIONS = [
  "keys",
  "auth",
  "limits",
  "errors",
  "pagination",
  "time",
  "examples",
  "playground",
  "webhooks",
  "rest",
  "changelog",
] as const;
export type DevSectionId = (typeof DEV_SECTIONS)[number];
export type DevSection = { title: string; body?: string[]; list?: string[]; after?: string[] };

/** The changelog, newest first: the date (YYYY-MM-DD) and the key of its text. */
export const CHANGELOG = [
  { date: "2026-12-07", id: "postStatus" },
  { date: "2026-11-26", id: "platform" },
  { date: "2026-11-21", id: "keys" },
] as const;

const en = {
  metaTitle: "Developers: the Sufra API | Sufra",
  title: "Build on Sufra",
  intro:
    "Sufra has a GraphQL API for your own software: your website's menu, a point of sale, a dashboard of your group's cafés. Read its posts, schedule new ones, follow their status as it changes and fetch the figures. This page explains how, with examples you can copy.",
  backHome: "Back to home",
  contents: "On this page",
  copy: "Copy",
  copied: "Copied",
  curl: "curl",
  javascript: "JavaScript",
  sections: {
    keys: {
      title: "Get a key",
      manage: "Create and manage your keys on the API keys page",
      body: [
        "API access is part of the Premium plan, trial included. On the API keys page (/api-keys), an owner or the account holder creates a key and gives it a name that says where it is used, e.g. “Website menu”.",
        "The key is shown once, when it is created: copy it then and keep it in your server's secrets, never in a web page or an app that others can open. Sufra keeps only a hash of it and shows its first characters so you can tell keys apart.",
      ],
      list: [
        "A key acts for your business with the rights of a team member (a client): posts, media library, schedule, reviews, analytics, campaigns, competitors.",
        "A key cannot manage the team or keys, change the password or the profile, and does not work on the REST paths (/api/...): only on /graphql.",
        "Revoking a key on the API keys page stops it at once. A key also stops, with a clear error, when the person who created it leaves the team or when the business leaves Premium.",
      ],
    },
    auth: {
      title: "Authentication",
      body: [
        "Send the key as a Bearer token in the Authorization header of every POST /graphql request. For subscriptions, open a WebSocket to /graphql with the graphql-ws protocol and put the same header in connectionParams (the server also accepts connectionParams.token).",
      ],
      after: [
        "An unknown or revoked key answers UNAUTHENTICATED; a business no longer on Premium answers FORBIDDEN with the reason API_ACCESS_REQUIRES_PREMIUM. Over WebSocket, a refused key closes the socket with code 4403.",
      ],
    },
    limits: {
      title: "Rate limits",
      body: [
        "Each key may make {{limit}} requests a minute, counted apart from your other keys. Every answer to a key tells you where it stands, in the headers of the IETF RateLimit draft:",
      ],
      list: [
        "RateLimit-Limit: the requests allowed in a window ({{limit}}).",
        "RateLimit-Remaining: the requests left in this window.",
        "RateLimit-Reset: the seconds until the window starts again.",
        "RateLimit-Policy: the limit and the window's length in seconds ({{policy}}).",
      ],
      after: [
        "Over the limit, the answer is HTTP 429 with a Retry-After header (seconds) and the error RATE_LIMITED. Wait that long, then try again; do not retry in a loop. The API keys page shows each key's requests and errors per day over the last 30 days.",
      ],
    },
    errors: {
      title: "Errors",
      body: [
        "Errors arrive in the errors list of the answer. extensions.code is the kind of error (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND, RATE_LIMITED, INTERNAL_SERVER_ERROR, or GRAPHQL_PARSE_FAILED and GRAPHQL_VALIDATION_FAILED for a query the server cannot read); extensions.reason names the exact cause from the catalogue below, and message says it in the language of your Accept-Language header (English or Arabic). Invalid input also carries extensions.details: the field names and what is wrong with each.",
        "Decide in your code by extensions.reason, never by the message: messages may be reworded, reasons do not change.",
      ],
      tableCaption: "The error catalogue: every reason, its kind and its message in both languages",
      reason: "extensions.reason",
      code: "extensions.code",
      status: "HTTP (REST)",
      english: "English",
      arabic: "Arabic",
    },
    pagination: {
      title: "Pagination",
      body: [
        "Lists such as posts, mediaLibrary, reviews and notifications are Relay connections. Ask for first (1 to 100, 20 when left out) and read pageInfo: while hasNextPage is true, ask again with after set to endCursor. totalCount counts every item that matches your filters, on every page.",
        "These lists page forward only: last and before are accepted and ignored. A size out of range is refused, never changed.",
      ],
    },
    time: {
      title: "Dates and time zones",
      body: [
        "Instants (DateTime: scheduledFor, publishedAt, createdAt, ...) travel as ISO 8601 in UTC, e.g. 2026-12-03T05:00:00.000Z. Send them in UTC too; 08:00 in Kuwait is 05:00 UTC (Kuwait is UTC+3 all year, with no daylight saving).",
        "Days (analytics' from and to, a campaign's dates, the usage chart's days) are Kuwait days, written YYYY-MM-DD, running from midnight to midnight in Asia/Kuwait. Analytics ranges default to the last 30 days ending today in Kuwait.",
      ],
    },
    examples: {
      title: "Examples",
      body: [
        "Each example in curl and in JavaScript. The JavaScript ones share this small helper (Node.js 18 or newer has fetch built in):",
      ],
      listPosts: "List posts, page by page",
      schedulePost: "Create and schedule a post with a photo",
      schedulePostNote:
        "A key cannot upload files (uploads are part of the REST API, which keys do not reach): upload the photo in Sufra's media library first, then attach it by its id from mediaLibrary. A scheduled post needs a connected account on each network it names.",
      readAnalytics: "Read analytics",
      readAnalyticsNote: "clientId is your business's id, me.businessId.",
      subscribe: "Follow post status changes (subscription)",
      subscribeNote:
        "Subscriptions use WebSocket and the graphql-ws protocol (npm install graphql-ws ws). Over plain HTTP they are refused. Read postStatus (upper case, as Post.status); the older status field gives the same in lower case and is deprecated.",
    },
    playground: {
      title: "Playground and schema",
      body: [
        "Open /graphql in a browser to try queries in the GraphQL playground: paste your key as the Bearer header and the schema's fields, types and descriptions become available as you type.",
        "For code generators, the whole schema is at GET /graphql/schema.graphql (SDL, with the same Bearer header). A key holder or a signed-in person may read the schema (introspection, this file, field suggestions in errors); anonymous callers may not.",
      ],
      open: "Open the playground",
      schema: "Download schema.graphql",
    },
    webhooks: {
      title: "Webhooks",
      body: [
        "Rather than asking again and again, let Sufra tell you. Owners and the account holder add endpoints (an https:// address and the events it wants) in Sufra; Sufra then POSTs each event to them as JSON, signed with the endpoint's secret (whsec_…, shown once, when it is created or rotated).",
      ],
      manage: "Add and manage endpoints, and read their delivery logs, on the Webhooks page",
      events: "Events",
      eventsNote:
        "New event types are added over time: ignore the types you do not know. The event's id is the same on every retry, so store it and skip an event you have already handled.",
      request: "The request",
      verify: "Verifying the signature",
      verifyNote:
        "Sufra-Signature is t=<unix seconds>,v1=<hex>, where hex is HMAC-SHA256 with the endpoint's secret over the text “<t>.<raw body>”. Check it on the raw bytes received, before parsing the JSON; accept the request when any v1 matches (during the 24 hours after a rotation there are two) and refuse a t more than 5 minutes from your clock.",
      retries: "Answers and retries",
      retriesText:
        "Answer with any 2xx within 10 seconds. Anything else is retried after 1 minute, 5 minutes, 30 minutes, 2 hours, 5 hours and 10 hours, with a last attempt 24 hours after the first; then the delivery is failed. An endpoint whose deliveries have all failed for 3 days is turned off, and the business's owners are told. Events are not ordered: rely on created_at and the object's own fields.",
    },
    rest: {
      title: "REST reference",
      body: [
        "Sufra's web screens also answer on REST paths under /api (for signed-in people; API keys are not accepted there). Their reference is generated from the server's own rules, as an OpenAPI document.",
      ],
      show: "Show the REST reference",
      download: "The OpenAPI document (/api/openapi.json)",
      loading: "Loading the REST reference…",
    },
    changelog: {
      title: "Changelog",
      entries: {
        postStatus:
          "postChanged gains postStatus, the PostStatus enum in upper case (DRAFT, SCHEDULED, PUBLISHED, ...), the same values as Post.status. Its status field, in lower case (draft, scheduled, published, ...), still works and is deprecated: read postStatus. The REST API's 402 SUBSCRIPTION_ENDED answers are now in its OpenAPI document.",
        platform:
          "Introspection and GET /graphql/schema.graphql for key holders; the GraphQL playground at /graphql; webhooks with signed deliveries; the OpenAPI document of the REST API; RateLimit headers and 429 with Retry-After for keys; each key's requests and errors per day on the API keys page; this page.",
        keys: "API keys for Premium: Bearer keys on /graphql and graphql-ws, acting for the business with a team member's rights, 600 requests a minute per key.",
      },
    },
  },
};

const ar: typeof en = {
  metaTitle: "المطوّرون: واجهة سفرة البرمجية | سفرة",
  title: "ابنِ على سفرة",
  intro:
    "لدى سفرة واجهة برمجية من نوع GraphQL لبرامجك الخاصة: قائمة الطعام في موقعك، أو نظام نقاط البيع، أو لوحة متابعة لمقاهي مجموعتك. اقرأ منشوراتك، وجدوِل منشورات جديدة، وتابع حالتها لحظة تغيّرها، واجلب الأرقام. تشرح هذه الصفحة الطريقة، مع أمثلة جاهزة للنسخ.",
  backHome: "العودة إلى الرئيسية",
  contents: "في هذه الصفحة",
  copy: "نسخ",
  copied: "تم النسخ",
  curl: "curl",
  javascript: "JavaScript",
  sections: {
    keys: {
      title: "احصل على مفتاح",
      manage: "أنشئ مفاتيحك وأدرها من صفحة مفاتيح الواجهة البرمجية",
      body: [
        "الوصول إلى الواجهة البرمجية جزء من الباقة المميزة، بما في ذلك فترة التجربة. في صفحة مفاتيح الواجهة البرمجية (‎/api-keys) ينشئ المالك أو صاحب الحساب مفتاحًا ويمنحه اسمًا يدل على مكان استخدامه، مثل «قائمة الموقع».",
        "يظهر المفتاح مرة واحدة فقط عند إنشائه: انسخه حينها واحفظه ضمن أسرار خادمك، ولا تضعه أبدًا في صفحة ويب أو تطبيق يستطيع الآخرون فتحه. لا تحتفظ سفرة إلا ببصمة مشفّرة له، وتعرض أحرفه الأولى لتميّز بين مفاتيحك.",
      ],
      list: [
        "يعمل المفتاح باسم نشاطك التجاري بصلاحيات عضو في الفريق: المنشورات، ومكتبة الوسائط، والجدولة، والتقييمات، والتحليلات، والحملات، والمنافسون.",
        "لا يستطيع المفتاح إدارة الفريق أو المفاتيح، ولا تغيير كلمة المرور أو الملف الشخصي، ولا يعمل على مسارات REST ‏(‎/api/...)، بل على ‎/graphql فقط.",
        "يتوقف المفتاح فور إلغائه من صفحة المفاتيح. ويتوقف كذلك، مع رسالة خطأ واضحة، إذا غادر منشئه الفريق أو خرج النشاط التجاري من الباقة المميزة.",
      ],
    },
    auth: {
      title: "المصادقة",
      body: [
        "أرسل المفتاح بصيغة Bearer في ترويسة Authorization مع كل طلب POST إلى ‎/graphql. أما الاشتراكات، فافتح اتصال WebSocket إلى ‎/graphql ببروتوكول graphql-ws وضع الترويسة نفسها في connectionParams (ويقبل الخادم أيضًا connectionParams.token).",
      ],
      after: [
        "المفتاح المجهول أو الملغى يُقابَل بالرمز UNAUTHENTICATED، والنشاط الذي لم يعد على الباقة المميزة يُقابَل بالرمز FORBIDDEN مع السبب API_ACCESS_REQUIRES_PREMIUM. وعبر WebSocket يُغلق الاتصال بالرمز 4403 عند رفض المفتاح.",
      ],
    },
    limits: {
      title: "حدود الطلبات",
      body: [
        "يستطيع كل مفتاح إرسال {{limit}} طلب في الدقيقة، ويُحسب كل مفتاح على حدة. وكل إجابة تصل إلى المفتاح تخبرك بموقفه عبر ترويسات مسودة RateLimit الصادرة عن IETF:",
      ],
      list: [
        "RateLimit-Limit: عدد الطلبات المسموح بها في النافذة الزمنية ({{limit}}).",
        "RateLimit-Remaining: عدد الطلبات المتبقية في النافذة الحالية.",
        "RateLimit-Reset: عدد الثواني حتى تبدأ النافذة من جديد.",
        "RateLimit-Policy: الحد وطول النافذة بالثواني ({{policy}}).",
      ],
      after: [
        "عند تجاوز الحد تكون الإجابة HTTP 429 مع ترويسة Retry-After (بالثواني) والخطأ RATE_LIMITED. انتظر المدة المذكورة ثم أعد المحاولة، ولا تكرر المحاولة في حلقة متواصلة. وتعرض صفحة المفاتيح طلبات كل مفتاح وأخطاءه في كل يوم خلال آخر ٣٠ يومًا.",
      ],
    },
    errors: {
      title: "الأخطاء",
      body: [
        "تصل الأخطاء في قائمة errors ضمن الإجابة. يبيّن extensions.code نوع الخطأ (UNAUTHENTICATED أو FORBIDDEN أو BAD_USER_INPUT أو NOT_FOUND أو RATE_LIMITED أو INTERNAL_SERVER_ERROR، أو GRAPHQL_PARSE_FAILED وGRAPHQL_VALIDATION_FAILED لاستعلام لا يستطيع الخادم قراءته)، ويسمّي extensions.reason السبب الدقيق من الفهرس أدناه، أما message فتصوغه بلغة ترويسة Accept-Language في طلبك (العربية أو الإنجليزية). وتحمل المدخلات غير الصالحة أيضًا extensions.details: أسماء الحقول وما الخطأ في كل منها.",
        "اعتمد في برنامجك على extensions.reason لا على نص الرسالة: فقد تتغير صياغة الرسائل، أما الأسباب فثابتة.",
      ],
      tableCaption: "فهرس الأخطاء: كل سبب ونوعه ورسالته باللغتين",
      reason: "extensions.reason",
      code: "extensions.code",
      status: "HTTP ‏(REST)",
      english: "الإنجليزية",
      arabic: "العربية",
    },
    pagination: {
      title: "التقسيم إلى صفحات",
      body: [
        "القوائم مثل posts وmediaLibrary وreviews وnotifications اتصالات بأسلوب Relay. اطلب first (من ١ إلى ١٠٠، و٢٠ إن لم تحدده) واقرأ pageInfo: ما دام hasNextPage صحيحًا، فأعد الطلب مع after مساويًا لقيمة endCursor. ويحسب totalCount كل العناصر المطابقة لمرشحاتك في جميع الصفحات.",
        "تتقدم هذه القوائم إلى الأمام فقط: يُقبل last وbefore ولكن يُتجاهلان. والحجم خارج النطاق يُرفض ولا يُعدَّل.",
      ],
    },
    time: {
      title: "التواريخ والمناطق الزمنية",
      body: [
        "تنتقل اللحظات الزمنية (DateTime مثل scheduledFor وpublishedAt وcreatedAt) بصيغة ISO 8601 بالتوقيت العالمي المنسق UTC، مثل 2026-12-03T05:00:00.000Z، وأرسِلها أنت أيضًا بتوقيت UTC؛ فالساعة الثامنة صباحًا في الكويت هي الخامسة بتوقيت UTC (الكويت على UTC+3 طوال العام، بلا توقيت صيفي).",
        "أما الأيام (from وto في التحليلات، وتواريخ الحملات، وأيام مخطط الاستخدام) فهي أيام كويتية بصيغة YYYY-MM-DD، تمتد من منتصف الليل إلى منتصف الليل بتوقيت Asia/Kuwait. ونطاق التحليلات الافتراضي هو آخر ٣٠ يومًا حتى اليوم في الكويت.",
      ],
    },
    examples: {
      title: "أمثلة",
      body: [
        "كل مثال بلغة curl وبلغة JavaScript. وتشترك أمثلة JavaScript في هذه الدالة المساعدة الصغيرة (يتضمن Node.js 18 وما بعده الدالة fetch):",
      ],
      listPosts: "عرض المنشورات صفحة بعد صفحة",
      schedulePost: "إنشاء منشور مع صورة وجدولته",
      schedulePostNote:
        "لا يستطيع المفتاح رفع الملفات (فالرفع جزء من واجهة REST التي لا تصل إليها المفاتيح): ارفع الصورة أولًا إلى مكتبة الوسائط في سفرة، ثم أرفقها بمعرّفها من mediaLibrary. ويحتاج المنشور المجدول إلى حساب مربوط على كل شبكة يذكرها.",
      readAnalytics: "قراءة التحليلات",
      readAnalyticsNote: "clientId هو معرّف نشاطك التجاري، أي me.businessId.",
      subscribe: "متابعة تغيّر حالة المنشورات (اشتراك)",
      subscribeNote:
        "تستخدم الاشتراكات WebSocket وبروتوكول graphql-ws ‏(npm install graphql-ws ws)، وتُرفض عبر HTTP العادي. اقرأ postStatus (بأحرف كبيرة، كما في Post.status)؛ أما الحقل الأقدم status فيعطي القيمة نفسها بأحرف صغيرة وهو متقادم.",
    },
    playground: {
      title: "ساحة التجربة والمخطط",
      body: [
        "افتح ‎/graphql في المتصفح لتجربة الاستعلامات في ساحة GraphQL: ألصق مفتاحك في ترويسة Bearer، فتظهر لك حقول المخطط وأنواعه وأوصافه أثناء الكتابة.",
        "ولمولّدات الشيفرة، يتوفر المخطط كاملًا على GET /graphql/schema.graphql (بصيغة SDL، مع ترويسة Bearer نفسها). يستطيع حامل المفتاح أو الشخص المسجّل دخوله قراءة المخطط (الاستبطان، وهذا الملف، واقتراحات الحقول في رسائل الخطأ)، ولا يستطيع ذلك المتصل المجهول.",
      ],
      open: "افتح ساحة التجربة",
      schema: "نزّل schema.graphql",
    },
    webhooks: {
      title: "خطافات الويب",
      body: [
        "بدلًا من السؤال مرة بعد مرة، دع سفرة تخبرك. يضيف المالكون وصاحب الحساب في سفرة نقاط استقبال (عنوانًا يبدأ بـ https://‎ والأحداث التي يريدها)، فترسل سفرة كل حدث إليها بطلب POST بصيغة JSON، موقّعًا بسرّ نقطة الاستقبال (whsec_…، ويظهر مرة واحدة عند إنشائه أو تدويره).",
      ],
      manage: "أضف نقاط الاستقبال وأدِرها واطّلع على سجلات الإرسال في صفحة خطافات الويب",
      events: "الأحداث",
      eventsNote:
        "تُضاف أنواع أحداث جديدة مع الوقت، فتجاهل الأنواع التي لا تعرفها. ومعرّف الحدث id ثابت في كل إعادة محاولة، فاحفظه وتجاوز الحدث الذي سبق أن عالجته.",
      request: "الطلب",
      verify: "التحقق من التوقيع",
      verifyNote:
        "صيغة Sufra-Signature هي t=<ثوانٍ بتوقيت يونكس>,v1=<قيمة ست عشرية>، والقيمة هي HMAC-SHA256 بسرّ نقطة الاستقبال على النص «<t>.<المحتوى الخام>». تحقّق منه على البايتات الخام كما وصلت قبل تحليل JSON، واقبل الطلب إذا طابقت أيُّ قيمة v1 (خلال ٢٤ ساعة بعد تدوير السر تكون هناك قيمتان)، وارفض قيمة t التي تبعد أكثر من ٥ دقائق عن ساعتك.",
      retries: "الإجابات وإعادة المحاولة",
      retriesText:
        "أجِب بأي رمز 2xx خلال ١٠ ثوانٍ. وأي إجابة أخرى تُعاد محاولتها بعد دقيقة، ثم ٥ دقائق، ثم ٣٠ دقيقة، ثم ساعتين، ثم ٥ ساعات، ثم ١٠ ساعات، مع محاولة أخيرة بعد ٢٤ ساعة من الأولى؛ وبعدها يُعدّ التسليم فاشلًا. ونقطة الاستقبال التي تفشل كل تسليماتها مدة ٣ أيام تُعطَّل، ويُبلَّغ مالكو النشاط بذلك. ولا تصل الأحداث بترتيب مضمون: اعتمد على created_at وعلى حقول الكائن نفسه.",
    },
    rest: {
      title: "مرجع REST",
      body: [
        "تجيب شاشات سفرة أيضًا على مسارات REST تحت ‎/api (للأشخاص المسجّلين دخولهم؛ ولا تُقبل مفاتيح الواجهة البرمجية هناك). ومرجعها مولَّد من قواعد الخادم نفسها، في مستند OpenAPI.",
      ],
      show: "اعرض مرجع REST",
      download: "مستند OpenAPI ‏(‎/api/openapi.json)",
      loading: "جارٍ تحميل مرجع REST…",
    },
    changelog: {
      title: "سجل التغييرات",
      entries: {
        postStatus:
          "أُضيف إلى postChanged الحقل postStatus، وهو تعداد PostStatus بأحرف كبيرة (DRAFT وSCHEDULED وPUBLISHED ...)، بالقيم نفسها التي يعيدها Post.status. ويبقى حقله status بأحرف صغيرة (draft وscheduled وpublished ...) عاملًا لكنه متقادم: اقرأ postStatus. وصارت إجابات 402 SUBSCRIPTION_ENDED في واجهة REST مذكورة في مستند OpenAPI.",
        platform:
          "الاستبطان وGET /graphql/schema.graphql لحاملي المفاتيح؛ وساحة تجربة GraphQL على ‎/graphql؛ وخطافات الويب بتسليمات موقّعة؛ ومستند OpenAPI لواجهة REST؛ وترويسات RateLimit والرمز 429 مع Retry-After للمفاتيح؛ وطلبات كل مفتاح وأخطاؤه في كل يوم على صفحة المفاتيح؛ وهذه الصفحة.",
        keys: "مفاتيح الواجهة البرمجية للباقة المميزة: مفاتيح Bearer على ‎/graphql وgraphql-ws، تعمل باسم النشاط التجاري بصلاحيات عضو في الفريق، بحد ٦٠٠ طلب في الدقيقة لكل مفتاح.",
      },
    },
  },
};

registerTranslations(DEVELOPERS_NS, { en, ar });
