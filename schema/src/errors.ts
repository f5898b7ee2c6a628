// The error catalogue (docs/product.md#errors-and-messages): every error the server returns has a stable code, an HTTP status,
// a GraphQL extensions.code, and a text in both languages. The client maps codes back to texts.
import type { Locale } from "./messages.ts";

export type GraphQLErrorCode =
  "UNAUTHENTICATED" | "FORBIDDEN" | "BAD_USER_INPUT" | "NOT_FOUND" | "RATE_LIMITED" | "INTERNAL_SERVER_ERROR";

interface CatalogueEntry {
  status: number;
  graphql: GraphQLErrorCode;
  en: string;
  ar: string;
}

export const ERRORS = {
  VALIDATION_ERROR: { status: 400, graphql: "BAD_USER_INPUT", en: "Validation failed", ar: "فشل التحقق من البيانات" },
  MALFORMED_REQUEST: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "The request body is not valid JSON",
    ar: "محتوى الطلب ليس JSON صالحًا",
  },
  PAYLOAD_TOO_LARGE: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "The request body is too large",
    ar: "محتوى الطلب كبير جدًا",
  },
  // a path that cannot be a name of anything: bytes that are not UTF-8 once decoded, or control characters
  MALFORMED_URL: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "The address holds characters that cannot be read. Check the link and try again",
    ar: "يحتوي العنوان على أحرف لا يمكن قراءتها. تحقق من الرابط ثم حاول مرة أخرى",
  },
  SUBSCRIPTION_NEEDS_WEBSOCKET: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "Subscriptions are served over WebSocket (the graphql-ws protocol) at /graphql, not over HTTP",
    ar: "الاشتراكات متاحة عبر WebSocket (بروتوكول graphql-ws) على /graphql، وليس عبر HTTP",
  },
  // a GraphQL document beyond the server's limits (its extensions.code stays GRAPHQL_PARSE_FAILED / GRAPHQL_VALIDATION_FAILED)
  QUERY_TOO_LARGE: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "The query is too long. Send a shorter query",
    ar: "الاستعلام طويل جدًا. أرسل استعلامًا أقصر",
  },
  QUERY_TOO_COMPLEX: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "The query asks for too much at once (too many operations, fields, aliases or levels). Split it into smaller queries",
    ar: "يطلب الاستعلام الكثير دفعة واحدة (عمليات أو حقول أو أسماء بديلة أو مستويات كثيرة جدًا). قسّمه إلى استعلامات أصغر",
  },
  // a batch of GraphQL operations in one HTTP request beyond the server's limit (graphql/limits.ts)
  BATCH_TOO_LARGE: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "Too many operations in one request. Send at most 10 together",
    ar: "عمليات كثيرة جدًا في طلب واحد. أرسل ١٠ عمليات على الأكثر معًا",
  },
  EMAIL_TAKEN: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This email is already registered",
    ar: "هذا البريد الإلكتروني مسجل مسبقًا",
  },
  ALREADY_A_MEMBER: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This person is already in this business's team",
    ar: "هذا الشخص عضو في فريق هذا النشاط التجاري بالفعل",
  },
  INVALID_LINK: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "This link is invalid or has expired",
    ar: "هذا الرابط غير صالح أو منتهي الصلاحية",
  },
  INCORRECT_PASSWORD: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "Current password is incorrect",
    ar: "كلمة المرور الحالية غير صحيحة",
  },
  INVALID_STATE: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This action is not possible in the current state",
    ar: "لا يمكن تنفيذ هذا الإجراء في الحالة الحالية",
  },
  UNAUTHENTICATED: {
    status: 401,
    graphql: "UNAUTHENTICATED",
    en: "Please login to continue",
    ar: "يرجى تسجيل الدخول للمتابعة",
  },
  INVALID_CREDENTIALS: {
    status: 401,
    graphql: "UNAUTHENTICATED",
    en: "Invalid email or password",
    ar: "البريد الإلكتروني أو كلمة المرور غير صحيحة",
  },
  SESSION_EXPIRED: {
    status: 401,
    graphql: "UNAUTHENTICATED",
    en: "Session expired. Please login again.",
    ar: "انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.",
  },
  ACCOUNT_PENDING: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Your account is pending approval",
    ar: "حسابك بانتظار الموافقة",
  },
  ACCOUNT_REJECTED: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Your account application was rejected",
    ar: "تم رفض طلب حسابك",
  },
  ACCOUNT_SUSPENDED: { status: 403, graphql: "FORBIDDEN", en: "Your account has been suspended", ar: "تم إيقاف حسابك" },
  FORBIDDEN: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "You do not have permission to perform this action",
    ar: "ليس لديك صلاحية لتنفيذ هذا الإجراء",
  },
  NOT_A_MEMBER: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "You are not a member of this business (or your access to it has ended)",
    ar: "لست عضوًا في هذا النشاط التجاري (أو انتهت صلاحية وصولك إليه)",
  },
  AGENCY_NOT_ALLOWED: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "The café's owner has not given your agency this right",
    ar: "لم يمنح مالك المقهى وكالتك هذه الصلاحية",
  },
  NOT_AN_AGENCY: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "This address is not a manager of an agency on Sufra",
    ar: "هذا العنوان لا يخص مديرًا لوكالة على سفرة",
  },
  NOT_A_CAFE_MANAGER: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "This address is not an owner or the account holder of a café on Sufra",
    ar: "هذا العنوان لا يخص مالكًا أو صاحب حساب لمقهى على سفرة",
  },
  AGENCY_LINK_EXISTS: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This agency already serves this café, or a request between them is waiting",
    ar: "هذه الوكالة تخدم هذا المقهى بالفعل، أو يوجد طلب بينهما بانتظار الرد",
  },
  APPROVAL_REQUIRED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This café approves posts before they are scheduled: send it for approval first",
    ar: "يوافق هذا المقهى على المنشورات قبل جدولتها: أرسل المنشور للموافقة أولًا",
  },
  POST_CHANGED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This post changed after you opened it: look at the new version first",
    ar: "تغيّر هذا المنشور بعد أن فتحته: اطّلع على النسخة الجديدة أولًا",
  },
  NOT_FOUND: {
    status: 404,
    graphql: "NOT_FOUND",
    en: "The requested resource was not found",
    ar: "المورد المطلوب غير موجود",
  },
  AI_QUOTA_EXCEEDED: {
    status: 429,
    graphql: "RATE_LIMITED",
    en: "You have used all of this month's AI posts on your plan. The count starts again on the 1st; upgrade your plan for more",
    ar: "استخدمت كل منشورات الذكاء الاصطناعي في باقتك لهذا الشهر. يبدأ العدّ من جديد في أول الشهر، أو رقِّ باقتك للمزيد",
  },
  // the content planner (docs/product.md#planning-a-month): the plan's captions would take more AI posts than remain this month
  PLAN_ALLOWANCE_TOO_SMALL: {
    status: 429,
    graphql: "RATE_LIMITED",
    en: "This plan needs more AI captions than remain this month on your plan. Choose fewer days, or wait for the count to start again on the 1st",
    ar: "تحتاج هذه الخطة إلى نصوص بالذكاء الاصطناعي أكثر مما تبقى في باقتك هذا الشهر. اختر أيامًا أقل، أو انتظر بدء العدّ من جديد في أول الشهر",
  },
  // a plan's period with no day left to plan (all of it before today, or Ramadan not in the year asked)
  PLAN_NO_DAYS: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "There is no day left to plan in this period. Choose a later month",
    ar: "لم يعد في هذه الفترة يوم يمكن التخطيط له. اختر شهرًا لاحقًا",
  },
  RATE_LIMITED: {
    status: 429,
    graphql: "RATE_LIMITED",
    en: "Too many requests. Please try again later",
    ar: "طلبات كثيرة جدًا. يرجى المحاولة لاحقًا",
  },
  INTERNAL: {
    status: 500,
    graphql: "INTERNAL_SERVER_ERROR",
    en: "Server error. Please try again later",
    ar: "خطأ في الخادم. يرجى المحاولة لاحقًا",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    graphql: "INTERNAL_SERVER_ERROR",
    en: "The service is unavailable. Please try again later",
    ar: "الخدمة غير متاحة. يرجى المحاولة لاحقًا",
  },
  // team collaboration and API access (Premium)
  PLAN_UPGRADE_REQUIRED: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Team collaboration is part of the Premium plan",
    ar: "العمل الجماعي جزء من الباقة المميزة",
  },
  API_ACCESS_REQUIRES_PREMIUM: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "API access is part of the Premium plan",
    ar: "الوصول إلى واجهة البرمجة جزء من الباقة المميزة",
  },
  PERSONAL_SESSION_REQUIRED: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "This needs you signed in with your own account; an API key cannot do it",
    ar: "يتطلب هذا تسجيل الدخول بحسابك الشخصي؛ لا يمكن ذلك بمفتاح واجهة برمجية",
  },
  CANNOT_REMOVE_SELF: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "You cannot remove yourself from the team",
    ar: "لا يمكنك إزالة نفسك من الفريق",
  },
  CANNOT_REMOVE_ACCOUNT_HOLDER: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "The account holder cannot be removed from the team",
    ar: "لا يمكن إزالة صاحب الحساب من الفريق",
  },
  // ---- media (uploads and the media library); details name the file's problem in the person's language
  MEDIA_UNSUPPORTED: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "This file is not supported. Upload a JPEG, PNG, WebP or GIF image, or an MP4 video",
    ar: "هذا الملف غير مدعوم. ارفع صورة JPEG أو PNG أو WebP أو GIF، أو فيديو MP4",
  },
  MEDIA_TOO_LARGE: { status: 413, graphql: "BAD_USER_INPUT", en: "The file is too large", ar: "الملف كبير جدًا" },
  MEDIA_REJECTED_BY_PLATFORM: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "A platform you chose would refuse this file",
    ar: "إحدى المنصات التي اخترتها سترفض هذا الملف",
  },
  MEDIA_IN_USE: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This file belongs to a scheduled or published post, so it cannot be deleted",
    ar: "هذا الملف مستخدم في منشور مجدول أو منشور بالفعل، فلا يمكن حذفه",
  },
  MEDIA_NOT_AN_IMAGE: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "Only images can be enhanced",
    ar: "يمكن تحسين الصور فقط",
  },
  // read from the file's header before any pixel is decoded: a small file can hold a picture of gigabytes
  MEDIA_DIMENSIONS_TOO_LARGE: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "The picture is too large in pixels. Make it smaller and upload it again",
    ar: "أبعاد الصورة كبيرة جدًا. صغّرها ثم ارفعها مرة أخرى",
  },
  MEDIA_VIDEO_TOO_LONG: { status: 400, graphql: "BAD_USER_INPUT", en: "The video is too long", ar: "الفيديو طويل جدًا" },
  MEDIA_BUSY: {
    status: 429,
    graphql: "RATE_LIMITED",
    en: "You are uploading many files at once. Wait for these to finish, then add more",
    ar: "ترفع ملفات كثيرة في وقت واحد. انتظر حتى يكتمل رفعها، ثم أضف المزيد",
  },
  // a multipart body the parser cannot read (no boundary, cut short, a broken part header, an unexpected field)
  MALFORMED_UPLOAD: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: 'The upload could not be read. Send one file in the form field "file" and try again',
    ar: 'تعذرت قراءة الملف المرفوع. أرسل ملفًا واحدًا في حقل النموذج "file" ثم حاول مرة أخرى',
  },
  ENHANCEMENT_PLAN_REQUIRED: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Image enhancement is part of the Professional and Premium plans",
    ar: "تحسين الصور جزء من الباقتين الاحترافية والمميزة",
  },
  // ---- end of media
  // ---- templates library
  TEMPLATE_PLAN_REQUIRED: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Advanced templates are part of the Professional and Premium plans",
    ar: "القوالب المتقدمة جزء من الباقتين الاحترافية والمميزة",
  },
  CUSTOM_TEMPLATES_REQUIRE_PREMIUM: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Saving your own templates is part of the Premium plan",
    ar: "حفظ قوالبك الخاصة جزء من الباقة المميزة",
  },
  // ---- end of templates
  // posts, platform accounts and publishing
  PLATFORM_NOT_IN_PLAN: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "The Basic plan connects Instagram and Google. Upgrade to Professional to add X, Snapchat, TikTok and Facebook",
    ar: "الباقة الأساسية تربط إنستغرام وجوجل. رقِّ باقتك إلى الاحترافية لإضافة إكس وسناب شات وتيك توك وفيسبوك",
  },
  PLATFORM_NOT_CONNECTED: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "Connect this account in Settings before posting to it",
    ar: "اربط هذا الحساب من الإعدادات قبل النشر عليه",
  },
  PLATFORM_NOT_CONFIGURED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Connecting this network is not available yet. Write to support@sufra.kw to ask for it",
    ar: "ربط هذه الشبكة غير متاح بعد. راسلنا على support@sufra.kw لطلبه",
  },
  TIKTOK_URL_UNVERIFIED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    // the person who connects is a café owner: what they can do; the operator's cause (TIKTOK_VERIFIED_URL_PREFIX) is in the README and the setupProblem field's description
    en: "TikTok cannot be connected yet: TikTok takes photos only from an address it has verified for Sufra, and ours is not verified yet. Write to support@sufra.kw to ask for it",
    ar: "لا يمكن ربط تيك توك بعد: يأخذ تيك توك الصور فقط من عنوان تحقق منه لسفرة، وعنواننا لم يُتحقق منه بعد. راسلنا على support@sufra.kw لطلبه",
  },
  OAUTH_FAILED: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "The account could not be connected. Please try again",
    ar: "تعذر ربط الحساب. يرجى المحاولة مرة أخرى",
  },
  POST_NOT_EDITABLE: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This post is being published or already published, so it cannot be changed",
    ar: "هذا المنشور قيد النشر أو منشور بالفعل، فلا يمكن تعديله",
  },
  POST_INVALID_FOR_PLATFORM: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "This post does not fit a platform you chose. See the preview for what to change",
    ar: "هذا المنشور لا يناسب إحدى المنصات التي اخترتها. راجع المعاينة لمعرفة ما يجب تغييره",
  },
  GOOGLE_RECONNECT_NEEDED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google no longer accepts your sign-in. Connect Google again in Settings",
    ar: "لم تعد جوجل تقبل تسجيل دخولك. اربط جوجل مجددًا من الإعدادات",
  },
  GOOGLE_NO_LOCATION: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "No verified Google location is picked. Pick one in Settings before posting to Google",
    ar: "لم يتم اختيار أي موقع موثّق على جوجل. اختر موقعًا من الإعدادات قبل النشر على جوجل",
  },
  FACEBOOK_PAGE_ROLE_MISSING: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Your role on this Facebook Page does not allow creating posts. Ask a Page admin for content access, then connect Facebook again",
    ar: "دورك في صفحة فيسبوك هذه لا يسمح بإنشاء المنشورات. اطلب من مسؤول الصفحة صلاحية المحتوى، ثم اربط فيسبوك مجددًا",
  },
  // ---- campaigns
  CAMPAIGN_NAME_TAKEN: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "You already have a campaign with this name",
    ar: "لديك حملة بهذا الاسم بالفعل",
  },
  // ---- end of campaigns
  // ---- competitors
  COMPETITOR_EXISTS: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "You already follow this account on this network",
    ar: "أنت تتابع هذا الحساب على هذه المنصة بالفعل",
  },
  COMPETITOR_LIMIT_REACHED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "You can follow at most 50 competitors. Remove one to add another",
    ar: "يمكنك متابعة ٥٠ منافسًا على الأكثر. احذف أحدهم لتضيف غيره",
  },
  COMPETITOR_NOT_INSTAGRAM: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "Only Instagram competitors can be read from the network. Enter this one's figures by hand or from a CSV file",
    ar: "يمكن قراءة منافسي إنستغرام فقط من الشبكة. أدخل أرقام هذا المنافس يدويًا أو من ملف CSV",
  },
  INSTAGRAM_NOT_PROFESSIONAL: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "Only professional Instagram accounts can be read. Check the username, or enter this account's figures by hand",
    ar: "يمكن قراءة حسابات إنستغرام الاحترافية فقط. تحقق من اسم المستخدم، أو أدخل أرقام هذا الحساب يدويًا",
  },
  INSTAGRAM_UNAVAILABLE: {
    status: 503,
    graphql: "INTERNAL_SERVER_ERROR",
    en: "Instagram did not answer. Try again in a few minutes",
    ar: "لم يستجب إنستغرام. حاول مرة أخرى بعد بضع دقائق",
  },
  // business discovery goes through a separate Facebook sign-in (Instagram API with Facebook Login)
  FACEBOOK_NOT_CONNECTED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Sign in with Facebook to read competitors' figures from Instagram.",
    ar: "سجّل الدخول عبر فيسبوك لقراءة أرقام المنافسين من إنستغرام.",
  },
  FACEBOOK_RECONNECT_NEEDED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Your Facebook sign-in for competitor figures has expired. Sign in again.",
    ar: "انتهت صلاحية تسجيل دخولك عبر فيسبوك لأرقام المنافسين. سجّل الدخول مجددًا.",
  },
  FACEBOOK_NOT_CONFIGURED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Reading figures from Instagram is not available yet. Enter competitors' figures by hand or import a CSV file",
    ar: "قراءة الأرقام من إنستغرام غير متاحة بعد. أدخل أرقام المنافسين يدويًا أو استوردها من ملف CSV",
  },
  // ---- end of competitors
  // ---- conversations: private messages (docs/product.md#conversations)
  CONVERSATION_WINDOW_CLOSED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "The guest wrote more than 24 hours ago: the channel takes no free message now. On WhatsApp, send an approved template",
    ar: "كتب الضيف قبل أكثر من ٢٤ ساعة ولا تقبل القناة رسالة حرة الآن. في واتساب أرسل قالبًا معتمدًا",
  },
  TEMPLATE_NOT_APPROVED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "WhatsApp has not approved this template yet",
    ar: "لم يعتمد واتساب هذا القالب بعد",
  },
  CHANNEL_NOT_CONNECTED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This channel is not connected any more. Connect it again in Settings",
    ar: "هذه القناة لم تعد متصلة. اربطها من جديد من الإعدادات",
  },
  WHATSAPP_REFUSED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "WhatsApp refused this step. Check the number, its PIN or the template and try again",
    ar: "رفض واتساب هذه الخطوة. تحقق من الرقم أو رمزه السري أو القالب ثم حاول مرة أخرى",
  },
  // ---- the inbox: answering guests (docs/product.md#inbox)
  REPLY_NOT_ALLOWED: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Only the owners and the account holder may answer guests publicly, unless they allow the team to",
    ar: "الرد العلني على الضيوف لأصحاب النشاط وصاحب الحساب فقط، ما لم يسمحوا للفريق بذلك",
  },
  LOCATION_NOT_VERIFIED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google allows replies only on verified locations. Verify this branch on Google Business Profile, then send again",
    ar: "تسمح جوجل بالرد فقط على المواقع الموثقة. وثّق هذا الفرع في ملف النشاط التجاري على جوجل ثم أرسل مرة أخرى",
  },
  PRIVATE_REPLY_WINDOW_CLOSED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "A private reply can be sent only within 7 days of the comment",
    ar: "يمكن إرسال الرد الخاص خلال ٧ أيام من التعليق فقط",
  },
  PRIVATE_REPLY_ALREADY_SENT: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "A private reply was already sent for this comment; Instagram allows one",
    ar: "أُرسل رد خاص على هذا التعليق من قبل؛ يسمح إنستغرام برد واحد",
  },
  NETWORK_REFUSED_REPLY: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "The network refused this reply. Your text is kept; read the reason, change it or try later",
    ar: "رفضت المنصة هذا الرد. نصك محفوظ؛ اقرأ السبب ثم عدّله أو حاول لاحقًا",
  },
  NETWORK_UNAVAILABLE: {
    status: 503,
    graphql: "INTERNAL_SERVER_ERROR",
    en: "The network did not answer. Your text is kept; try again in a few minutes",
    ar: "لم تستجب المنصة. نصك محفوظ؛ حاول مرة أخرى بعد دقائق",
  },
  NETWORK_NOT_CONNECTED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Connect (or reconnect) this network in Settings before answering from Sufra",
    ar: "اربط هذه المنصة (أو أعد ربطها) من الإعدادات قبل الرد من سُفرة",
  },
  NO_REPLY_API: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Sufra cannot reply on this source. Reply there, then mark it handled",
    ar: "لا يمكن لسُفرة الرد على هذا المصدر. رد هناك ثم علّمه كمعالَج",
  },
  REPLY_IN_PROGRESS: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This reply is being sent. Refresh in a moment",
    ar: "يجري إرسال هذا الرد. حدّث الصفحة بعد لحظات",
  },
  // ---- end of the inbox
  // webhooks (Premium, docs/product.md#webhooks)
  WEBHOOKS_REQUIRE_PREMIUM: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Webhooks are part of the Premium plan",
    ar: "الويب هوك جزء من الباقة المميزة",
  },
  WEBHOOK_ENDPOINTS_LIMIT: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "A business may have at most 10 webhook endpoints",
    ar: "يمكن أن يكون للنشاط ١٠ عناوين ويب هوك على الأكثر",
  },
  // ---- end of webhooks
  // ---- subscriptions and billing (docs/product.md#subscriptions-and-billing)
  SUBSCRIPTION_ENDED: {
    status: 402,
    graphql: "FORBIDDEN",
    en: "Your subscription has ended. Your posts and data are kept; pay on the Billing page to publish, schedule and write with AI again",
    ar: "انتهى اشتراكك. منشوراتك وبياناتك محفوظة؛ ادفع من صفحة الفوترة لتعود إلى النشر والجدولة والكتابة بالذكاء الاصطناعي",
  },
  READ_ONLY_MEMBER: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Your business left the Premium plan, so team members can only read. Ask an owner to move back to Premium to make changes again",
    ar: "انتقل نشاطك من الباقة المميزة، لذا يطّلع أعضاء الفريق فقط. اطلب من أحد الملاك العودة إلى الباقة المميزة لتتمكن من التعديل مجددًا",
  },
  PAYMENTS_NOT_CONFIGURED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Paying online is not set up yet. Pay by bank transfer as the Billing page shows, and we will record it",
    ar: "الدفع الإلكتروني غير مهيأ بعد. ادفع بتحويل بنكي كما تبيّن صفحة الفوترة، وسنسجّل دفعتك",
  },
  PAYMENT_GATEWAY_UNAVAILABLE: {
    status: 503,
    graphql: "INTERNAL_SERVER_ERROR",
    en: "The payment service did not answer. Nothing was charged; try again in a few minutes",
    ar: "لم تستجب خدمة الدفع. لم يُخصم أي مبلغ؛ حاول مرة أخرى بعد دقائق",
  },
  PAYMENT_REFUSED_BY_GATEWAY: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "The payment service refused this payment. Nothing was charged; try another method",
    ar: "رفضت خدمة الدفع هذه العملية. لم يُخصم أي مبلغ؛ جرّب وسيلة أخرى",
  },
  PLAN_UNCHANGED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "You are already on this plan",
    ar: "أنت على هذه الباقة بالفعل",
  },
  NOTHING_TO_PAY: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Nothing is due now. The next payment is due at the end of this period",
    ar: "لا يوجد مبلغ مستحق الآن. الدفعة التالية مستحقة في نهاية هذه الفترة",
  },
  REFUND_TOO_LARGE: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "The refund is more than what is left of this payment",
    ar: "مبلغ الاسترداد أكبر من المتبقي من هذه الدفعة",
  },
  REFUND_REFUSED_BY_GATEWAY: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "The payment service refused this refund. Nothing was refunded or recorded",
    ar: "رفضت خدمة الدفع هذا الاسترداد. لم يُسترد أي مبلغ ولم يُسجَّل شيء",
  },
  // an agency paying for its cafés (docs/product.md#agency-payments)
  AGENCY_BILLING_ONLY: {
    status: 403,
    graphql: "FORBIDDEN",
    en: "Only the owners and the account holder of an agency can pay for the cafés it serves",
    ar: "لا يدفع عن المقاهي التي تخدمها الوكالة إلا مالكو الوكالة وصاحب حسابها",
  },
  AGENCY_CAFE_NOT_SERVED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Your agency does not serve one of the chosen cafés now: it can pay only for the cafés it serves",
    ar: "وكالتك لا تخدم الآن أحد المقاهي المختارة: يمكنها الدفع فقط عن المقاهي التي تخدمها",
  },
  AGENCY_CAFE_PAYMENT_RUNNING: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "One of the chosen cafés has already paid this month, or a payment for it is under way: it is not charged twice",
    ar: "أحد المقاهي المختارة دفع هذا الشهر بالفعل، أو أن دفعة له قيد التنفيذ: لا يُحصَّل المبلغ مرتين",
  },
  // ---- end of subscriptions and billing
  // ---- guests' orders paid through the café's own Tap account (docs/product.md#orders)
  MENU_ITEM_NOT_FOUND: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "One of the items is not on your menu any more. Refresh the menu and build the order again",
    ar: "أحد الأصناف لم يعد في قائمتك. حدّث القائمة ثم أعد بناء الطلب",
  },
  MENU_ITEM_NOT_PRICED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "One of the items has no price on your menu. Give it a price in the business profile first",
    ar: "أحد الأصناف بلا سعر في قائمتك. أضف له سعرًا في ملف النشاط أولًا",
  },
  TAP_NOT_CONNECTED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Your café has no Tap account set up. An owner adds the Tap secret key in Settings to send payment links",
    ar: "لم يُضف حساب Tap لمقهاك بعد. يضيف أحد الملاك المفتاح السري لـ Tap من الإعدادات لإرسال روابط الدفع",
  },
  TAP_KEY_REFUSED: {
    status: 400,
    graphql: "BAD_USER_INPUT",
    en: "Tap refused this key. Copy the secret key (sk_live_ or sk_test_) again from your Tap dashboard",
    ar: "رفضت Tap هذا المفتاح. انسخ المفتاح السري (sk_live_ أو sk_test_) مرة أخرى من لوحة Tap",
  },
  ORDER_INVALID_STATE: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This order cannot do that now: it may have been paid, cancelled or refunded meanwhile. Refresh to see it",
    ar: "لا يمكن تنفيذ ذلك على هذا الطلب الآن: ربما دُفع أو أُلغي أو استُرد في الأثناء. حدّث الصفحة لرؤيته",
  },
  // ---- end of orders
  // ---- the café's menu on Google (docs/product.md#one-menu-and-one-link)
  GOOGLE_MENU_NOT_VERIFIED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google takes a menu only on a verified location that may have one. Verify this branch on Google Business Profile, then send again",
    ar: "تقبل جوجل القائمة فقط في موقع موثق يسمح بقائمة طعام. وثّق هذا الفرع في ملف النشاط التجاري على جوجل ثم أرسل مرة أخرى",
  },
  GOOGLE_MENU_PRICE_REFUSED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google refused a price of the menu: it takes prices in the location's own currency (KWD). Check the prices, then send again",
    ar: "رفضت جوجل سعرًا في القائمة: تقبل الأسعار بعملة الموقع نفسه (الدينار الكويتي). راجع الأسعار ثم أرسل مرة أخرى",
  },
  GOOGLE_MENU_TEXT_REFUSED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google refused a name of the menu (empty or too long). Check the items' and sections' names, then send again",
    ar: "رفضت جوجل اسمًا في القائمة (فارغًا أو طويلًا جدًا). راجع أسماء الأصناف والأقسام ثم أرسل مرة أخرى",
  },
  GOOGLE_MENU_PHOTO_REFUSED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google refused a photo of the menu (JPG or PNG, 10 KB to 5 MB, at least 250 x 250). Change the item's photo, then send again",
    ar: "رفضت جوجل صورة في القائمة (JPG أو PNG، من ١٠ ك.ب إلى ٥ م.ب، ٢٥٠ × ٢٥٠ على الأقل). غيّر صورة الصنف ثم أرسل مرة أخرى",
  },
  GOOGLE_MENU_REFUSED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google refused the menu. Nothing was changed on Google; read the reason on the location, then try again",
    ar: "رفضت جوجل القائمة. لم يتغير شيء على جوجل؛ اقرأ السبب في الموقع ثم حاول مرة أخرى",
  },
  GOOGLE_BUSY: {
    status: 503,
    graphql: "INTERNAL_SERVER_ERROR",
    en: "Google asks Sufra to slow down. Nothing was changed; try again in a minute",
    ar: "تطلب جوجل من سُفرة التمهل. لم يتغير شيء؛ حاول مرة أخرى بعد دقيقة",
  },
  // ---- opening hours on Google (docs/product.md#one-menu-and-one-link)
  GOOGLE_HOURS_NOT_VERIFIED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google takes hours only for a verified location. Verify this branch on Google Business Profile, then send again",
    ar: "تقبل جوجل المواعيد لموقع موثّق فقط. وثّق هذا الفرع في ملف النشاط التجاري على جوجل ثم أرسل مرة أخرى",
  },
  GOOGLE_HOURS_REFUSED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google refused these hours (overlapping periods, or times on a closed day). Nothing was changed on Google; check the hours, then send again",
    ar: "رفضت جوجل هذه المواعيد (فترات متداخلة أو أوقات في يوم مغلق). لم يتغير شيء على جوجل؛ راجع المواعيد ثم أرسل مرة أخرى",
  },
  GOOGLE_HOURS_WEEK_EMPTY: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Set the regular week first: Google takes special hours only beside regular hours",
    ar: "حدّد مواعيد الأسبوع المعتادة أولًا: تقبل جوجل المواعيد الخاصة فقط مع المواعيد المعتادة",
  },
  GOOGLE_HOURS_SCOPE_MISSING: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google did not give Sufra the right to manage this Business Profile. Connect Google again and allow managing your business",
    ar: "لم تمنح جوجل سُفرة صلاحية إدارة ملف النشاط التجاري هذا. اربط جوجل مجددًا واسمح بإدارة نشاطك التجاري",
  },
  // ---- end of opening hours
  // ---- review requests (docs/product.md#one-menu-and-one-link)
  REVIEW_REQUEST_NOT_PICKED: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "This Google location is not picked. Pick it in Settings to ask its guests for reviews",
    ar: "موقع جوجل هذا غير مختار. اختره من الإعدادات لتطلب التقييمات من ضيوفه",
  },
  REVIEW_REQUEST_NO_PLACE: {
    status: 409,
    graphql: "BAD_USER_INPUT",
    en: "Google has not given this location a review page yet. Read your locations from Google again in Settings, or wait until Google verifies it",
    ar: "لم تمنح جوجل هذا الموقع صفحة تقييمات بعد. أعد قراءة مواقعك من جوجل في الإعدادات، أو انتظر حتى توثّقه جوجل",
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;
export const isErrorCode = (c: unknown): c is ErrorCode => typeof c === "string" && Object.hasOwn(ERRORS, c);
export const errorText = (code: ErrorCode, locale: Locale = "en") => ERRORS[code][locale];

/** Texts the client shows when there was no usable answer at all (docs/product.md#errors-and-messages). */
export const CLIENT_ERRORS = {
  FETCH_ERROR: { en: "Network error. Please check your connection", ar: "خطأ في الشبكة. يرجى التحقق من اتصالك" },
  TIMEOUT_ERROR: { en: "The request timed out. Please try again", ar: "انتهت مهلة الطلب. يرجى المحاولة مرة أخرى" },
  PARSING_ERROR: { en: "The server's answer could not be read", ar: "تعذرت قراءة رد الخادم" },
  UNKNOWN: { en: "An error occurred", ar: "حدث خطأ" },
} as const;

/** Milliseconds (docs/product.md#constants), in a module of their own. */
export {
  ADMIN_STATS_REFRESH_MS,
  AUTH_CHECK_TIMEOUT_MS,
  NOTIFICATION_DURATION_MS,
  REQUEST_TIMEOUT_MS,
} from "./timing.ts";
