// Every message a rule or an error can produce, in both languages. Keys are stable: client and
// server pass keys, and each side renders them in the person's language.
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

export { DEFAULT_LOCALE, LOCALES, pickLocale, type Locale } from "./locales.ts";

export const MESSAGES = {
  // login (docs/product.md#validation-rules)
  emailRequired: { en: "Email is required", ar: "البريد الإلكتروني مطلوب" },
  emailInvalid: { en: "Please enter a valid email address", ar: "يرجى إدخال بريد إلكتروني صحيح" },
  passwordRequired: { en: "Password is required", ar: "كلمة المرور مطلوبة" },
  passwordMin: { en: "Password must be at least 8 characters", ar: "يجب ألا تقل كلمة المرور عن ٨ أحرف" },
  // sign-up, in the order they are checked (docs/product.md#validation-rules)
  allFieldsRequired: { en: "All fields are required", ar: "جميع الحقول مطلوبة" },
  invalidEmail: { en: "Invalid email format", ar: "صيغة البريد الإلكتروني غير صحيحة" },
  weakPassword: { en: "Password must be at least 8 characters", ar: "يجب ألا تقل كلمة المرور عن ٨ أحرف" },
  passwordUppercase: {
    en: "Password must contain at least one uppercase letter",
    ar: "يجب أن تحتوي كلمة المرور على حرف كبير واحد على الأقل",
  },
  passwordLowercase: {
    en: "Password must contain at least one lowercase letter",
    ar: "يجب أن تحتوي كلمة المرور على حرف صغير واحد على الأقل",
  },
  passwordNumber: {
    en: "Password must contain at least one number",
    ar: "يجب أن تحتوي كلمة المرور على رقم واحد على الأقل",
  },
  passwordSpecial: {
    en: "Password must contain at least one special character",
    ar: "يجب أن تحتوي كلمة المرور على رمز خاص واحد على الأقل",
  },
  passwordMismatch: { en: "Passwords do not match", ar: "كلمتا المرور غير متطابقتين" },
  invalidPhone: {
    en: "Invalid Kuwait phone number. Format: +965XXXXXXXX",
    ar: "رقم هاتف كويتي غير صحيح. الصيغة: ‎+965XXXXXXXX",
  },
  passwordHint: {
    en: "At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character",
    ar: "٨ أحرف على الأقل، منها حرف كبير وحرف صغير ورقم ورمز خاص",
  },
  // other fields
  invalidPlan: {
    en: "Choose a plan: basic, professional or premium",
    ar: "اختر باقة: الأساسية أو الاحترافية أو المميزة",
  },
  tooLong: { en: "This text is too long", ar: "هذا النص طويل جدًا" },
  nameRequired: { en: "Name is required", ar: "الاسم مطلوب" },
  tokenRequired: { en: "The link is missing its token", ar: "الرابط لا يحتوي على رمز التحقق" },
  currentPasswordRequired: { en: "Current password is required", ar: "كلمة المرور الحالية مطلوبة" },
  currentPasswordIncorrect: { en: "Current password is incorrect", ar: "كلمة المرور الحالية غير صحيحة" },
  accountPasswordIncorrect: {
    en: "This is not the password of your Sufra account",
    ar: "هذه ليست كلمة مرور حسابك في سفرة",
  },
  refreshTokenRequired: { en: "The refresh token is missing", ar: "رمز تجديد الجلسة مفقود" },
  reasonRequired: { en: "Please give a reason", ar: "يرجى ذكر السبب" },
  giftDaysRange: {
    en: "Trial days must be a whole number from 1 to 90",
    ar: "يجب أن يكون عدد أيام التجربة عددًا صحيحًا من ١ إلى ٩٠",
  },
  invalidStatus: { en: "Unknown status", ar: "حالة غير معروفة" },
  invalidLocale: { en: "Language must be en or ar", ar: "يجب أن تكون اللغة en أو ar" },
  invalidPageSize: { en: "Page size must be from 1 to 100", ar: "يجب أن يكون حجم الصفحة من ١ إلى ١٠٠" },
  invalidValue: { en: "Invalid value", ar: "قيمة غير صالحة" },
  // an agency paying for its cafés (docs/product.md#agency-payments)
  agencyPayCafesRequired: { en: "Choose at least one café", ar: "اختر مقهى واحدًا على الأقل" },
  agencyPayTooManyCafes: {
    en: "Choose at most 50 cafés in one payment",
    ar: "اختر ٥٠ مقهى على الأكثر في دفعة واحدة",
  },
  // approvals (docs/product.md#agencies-and-approvals)
  approvalNone: { en: "Not sent for approval", ar: "لم يُرسل للموافقة" },
  approvalLeadReview: { en: "Being checked by the agency", ar: "قيد مراجعة الوكالة" },
  approvalInReview: { en: "Waiting for approval", ar: "بانتظار الموافقة" },
  approvalApproved: { en: "Approved", ar: "تمت الموافقة" },
  approvalChangesRequested: { en: "Changes requested", ar: "مطلوب تعديلات" },
  agencyStillServes: {
    en: "End the agency's access to its cafés first",
    ar: "أنهِ وصول الوكالة إلى مقاهيها أولًا",
  },
  approvalCommentRequired: { en: "Please say what should change", ar: "يرجى توضيح التعديل المطلوب" },
  approvalNothingToSend: {
    en: "Choose the posts to send, or a period that has some",
    ar: "اختر المنشورات المراد إرسالها، أو فترة فيها منشورات",
  },
  approvalTooManyPosts: {
    en: "One approval link carries at most 62 posts",
    ar: "يحمل رابط الموافقة الواحد ٦٢ منشورًا على الأكثر",
  },
  approvalRangeTooLong: {
    en: "Send at most a month (31 days) at once",
    ar: "أرسل شهرًا واحدًا (٣١ يومًا) على الأكثر في المرة الواحدة",
  },
  controlCharacters: {
    en: "Contains characters that are not allowed (control characters)",
    ar: "يحتوي على رموز غير مسموح بها (رموز تحكم)",
  },
  // the AI studio
  promptRequired: { en: "Tell the writer what the post is about", ar: "أخبر الكاتب عمّا يدور حوله المنشور" },
  promptTooLong: { en: "Keep the prompt under 500 characters", ar: "اجعل الوصف أقل من ٥٠٠ حرف" },
  contentLanguageInvalid: {
    en: "Language must be English, Arabic or both",
    ar: "يجب أن تكون اللغة الإنجليزية أو العربية أو كلتيهما",
  },
  contentToneInvalid: {
    en: "Choose a tone: friendly, premium, playful or family",
    ar: "اختر الأسلوب: ودود أو فاخر أو مرح أو عائلي",
  },
  contentOccasionInvalid: { en: "Unknown occasion", ar: "مناسبة غير معروفة" },
  variantsRange: { en: "Ask for 1 to 5 variants", ar: "اطلب من ١ إلى ٥ صيغ" },
  hashtagContentRequired: { en: "Write the caption first, then ask for hashtags", ar: "اكتب النص أولًا ثم اطلب الوسوم" },
  aiProviderInvalid: {
    en: "Choose the built-in writer or an OpenAI-compatible model",
    ar: "اختر الكاتب المدمج أو نموذجًا متوافقًا مع OpenAI",
  },
  aiBaseUrlInvalid: {
    en: "Enter the endpoint's address, starting with https:// or http://",
    ar: "أدخل عنوان الخدمة مبتدئًا بـ https://‎ أو http://‎",
  },
  aiPhotoNotSeen: {
    en: "The AI did not see the photo: the captions come from your words and the menu item you chose for it, and say nothing of its look",
    ar: "لم يرَ الذكاء الاصطناعي الصورة: كُتبت النصوص من كلماتك ومن صنف القائمة الذي اخترته لها، ولا تصف شكلها",
  },
  aiPhotoNoMenuItem: {
    en: "The AI did not see the photo and no menu item is chosen for it: choose which menu item it shows so the caption can name it",
    ar: "لم يرَ الذكاء الاصطناعي الصورة ولم يُختر لها صنف من القائمة: اختر الصنف الذي تُظهره ليُذكر في النص",
  },
  aiFellBack: {
    en: "The AI model could not be reached or gave an unusable answer, so Sufra's built-in writer wrote these captions",
    ar: "تعذّر الوصول إلى نموذج الذكاء الاصطناعي أو جاء ردّه غير صالح، فكتب كاتب سفرة المدمج هذه النصوص",
  },
  aiModelRequired: { en: "Name the model to use", ar: "اذكر اسم النموذج المطلوب" },
  // translations (the admin's Translations tab, PUT /api/translations/bulk)
  translationKeyUnknown: { en: "Unknown translation key", ar: "مفتاح ترجمة غير معروف" },
  translationTextRequired: { en: "The text is required", ar: "النص مطلوب" },
  translationTooLong: { en: "A text can have at most 2000 characters", ar: "لا يمكن أن يتجاوز النص ٢٠٠٠ حرف" },
  translationUpdatesRange: {
    en: "Send from 1 to 1000 changes at a time",
    ar: "أرسل من ١ إلى ١٠٠٠ تعديل في المرة الواحدة",
  },
  validationFailed: { en: "Validation failed", ar: "فشل التحقق من البيانات" },
  // outcomes the server reports (docs/product.md#errors-and-messages for the sign-up text; {plan} is the plan's name)
  registrationSuccess: {
    en: "Registration successful! Your account is pending approval. You selected the {plan} plan. We will contact you soon.",
    ar: "تم التسجيل بنجاح! حسابك بانتظار الموافقة. لقد اخترت باقة {plan}. سنتواصل معك قريبًا.",
  },
  loggedOut: { en: "You have been logged out", ar: "تم تسجيل خروجك" },
  passwordChanged: { en: "Your password has been changed", ar: "تم تغيير كلمة المرور" },
  resetLinkSent: {
    en: "If that address is registered, we have sent it a link to reset the password",
    ar: "إن كان هذا العنوان مسجلًا، فقد أرسلنا إليه رابطًا لإعادة تعيين كلمة المرور",
  },
  passwordReset: {
    en: "Your password has been reset. You can login now",
    ar: "تمت إعادة تعيين كلمة المرور. يمكنك تسجيل الدخول الآن",
  },
  emailVerified: { en: "Your e-mail address is confirmed", ar: "تم تأكيد بريدك الإلكتروني" },
  verificationSent: {
    en: "If that address needs confirming, we have sent it a new link",
    ar: "إن كان هذا العنوان يحتاج إلى تأكيد، فقد أرسلنا إليه رابطًا جديدًا",
  },
  // ---- media (uploads, platform rules; {platform} and numbers are filled by mediaProblemText)
  mediaUnreadable: {
    en: "The file is not a readable JPEG, PNG, WebP or GIF image or MP4 video",
    ar: "الملف ليس صورة JPEG أو PNG أو WebP أو GIF ولا فيديو MP4 قابلًا للقراءة",
  },
  mediaTypeNotAccepted: {
    en: "This type of file is not accepted: upload a JPEG, PNG, WebP or GIF image, or an MP4 video",
    ar: "هذا النوع من الملفات غير مقبول: ارفع صورة JPEG أو PNG أو WebP أو GIF، أو فيديو MP4",
  },
  mediaNoVideoTrack: { en: "The MP4 file has no video in it", ar: "ملف MP4 لا يحتوي على فيديو" },
  mediaFileRequired: { en: "Choose a file to upload", ar: "اختر ملفًا لرفعه" },
  mediaImageTooLarge: { en: "Images can be at most {max} MB", ar: "يجب ألا يزيد حجم الصورة على {max} ميغابايت" },
  mediaVideoTooLarge: { en: "Videos can be at most {max} MB", ar: "يجب ألا يزيد حجم الفيديو على {max} ميغابايت" },
  mediaFileTooLarge: { en: "Files can be at most {max} MB", ar: "يجب ألا يزيد حجم الملف على {max} ميغابايت" },
  mediaImageTooLargeFor: {
    en: "{platform} accepts images up to {max} MB",
    ar: "يقبل {platform} الصور حتى {max} ميغابايت",
  },
  mediaImageTooSmallFor: {
    en: "{platform} needs images of at least {min} × {min} pixels; this one is {width} × {height}",
    ar: "يتطلب {platform} صورًا بأبعاد {min} × {min} بكسل على الأقل؛ وأبعاد هذه الصورة {width} × {height}",
  },
  mediaVideoNotTakenBy: {
    en: "{platform} posts take a photo, not a video",
    ar: "منشورات {platform} تقبل صورة لا فيديو",
  },
  mediaVideoTooLargeFor: {
    en: "{platform} accepts videos up to {max} MB",
    ar: "يقبل {platform} مقاطع الفيديو حتى {max} ميغابايت",
  },
  mediaRatioOutOfRange: {
    en: "{platform} accepts images from {min} (portrait) to {max} (landscape); this one is {actual}. Choose a crop: square, portrait or landscape",
    ar: "يقبل {platform} الصور من {min} (طولية) إلى {max} (عرضية)؛ وهذه الصورة {actual}. اختر قصًّا: مربع أو طولي أو عرضي",
  },
  mediaVideoTooShort: {
    en: "{platform} needs videos of at least {min} seconds; this one is {actual} s",
    ar: "يتطلب {platform} فيديو مدته {min} ثوانٍ على الأقل؛ ومدة هذا الفيديو {actual} ث",
  },
  mediaVideoTooLong: {
    en: "{platform} accepts videos up to {max} seconds; this one is {actual} s",
    ar: "يقبل {platform} مقاطع فيديو حتى {max} ثانية؛ ومدة هذا الفيديو {actual} ث",
  },
  mediaTooManyItems: {
    en: "{platform} accepts at most {max} files in one post",
    ar: "يقبل {platform} {max} ملفات على الأكثر في المنشور الواحد",
  },
  mediaPlatformInvalid: {
    en: "Platforms must be instagram, twitter or snapchat",
    ar: "يجب أن تكون المنصات instagram أو twitter أو snapchat",
  },
  mediaCropInvalid: {
    en: "Crop must be square, portrait or landscape",
    ar: "يجب أن يكون القص مربعًا (square) أو طوليًا (portrait) أو عرضيًا (landscape)",
  },
  mediaWarmthRange: { en: "Warmth must be a number from 0 to 1", ar: "يجب أن يكون الدفء رقمًا من ٠ إلى ١" },
  mediaImageTooManyPixels: {
    en: "Images can be at most {max} megapixels; this one is {actual} megapixels",
    ar: "يجب ألا تزيد دقة الصورة على {max} ميغابكسل؛ ودقة هذه الصورة {actual} ميغابكسل",
  },
  mediaImageSideTooLong: {
    en: "Images can be at most {max} pixels wide or tall; this one is {width} × {height}",
    ar: "يجب ألا يزيد عرض الصورة أو ارتفاعها على {max} بكسل؛ وأبعاد هذه الصورة {width} × {height}",
  },
  mediaVideoSideTooLong: {
    en: "Videos can be at most {max} pixels wide or tall; this one is {width} × {height}",
    ar: "يجب ألا يزيد عرض الفيديو أو ارتفاعه على {max} بكسل؛ وأبعاد هذا الفيديو {width} × {height}",
  },
  mediaVideoLongerThanAll: {
    en: "Videos can be at most {max} minutes long; this one is {actual} minutes",
    ar: "يجب ألا تزيد مدة الفيديو على {max} دقيقة؛ ومدة هذا الفيديو {actual} دقيقة",
  },
  // ---- end of media
  // ---- posts (posts.ts; {platform} and numbers are filled by postIssueText)
  postStatusDraft: { en: "Draft", ar: "مسودة" },
  postStatusScheduled: { en: "Scheduled", ar: "مجدول" },
  postStatusPublishing: { en: "Publishing", ar: "جارٍ النشر" },
  postStatusPublished: { en: "Published", ar: "منشور" },
  postStatusPartiallyPublished: { en: "Partially published", ar: "منشور جزئيًا" },
  postStatusFailed: { en: "Failed", ar: "تعذّر النشر" },
  postStatusUnconfirmed: { en: "Unconfirmed", ar: "غير مؤكد" },
  targetStatusPending: { en: "Pending", ar: "في الانتظار" },
  targetStatusPublishing: { en: "Publishing", ar: "جارٍ النشر" },
  targetStatusPublished: { en: "Published", ar: "منشور" },
  targetStatusFailed: { en: "Failed", ar: "تعذّر النشر" },
  targetStatusUnconfirmed: { en: "Unconfirmed", ar: "غير مؤكد" },
  targetStatusAwaitingManual: { en: "Waiting to be posted by hand", ar: "بانتظار النشر اليدوي" },
  targetStatusCancelled: { en: "Cancelled", ar: "ملغى" },
  captionOrMediaRequired: { en: "Write a caption or add a photo or video", ar: "اكتب نص المنشور أو أضف صورة أو فيديو" },
  captionTooLong: { en: "A caption can have at most 4,000 characters", ar: "يجب ألا يزيد نص المنشور على ٤٠٠٠ حرف" },
  platformsRequired: { en: "Choose at least one platform", ar: "اختر منصة واحدة على الأقل" },
  platformInvalid: {
    en: "Choose a network: Instagram, X, Snapchat, Google, TikTok or Facebook",
    ar: "اختر شبكة: إنستغرام أو إكس أو سناب شات أو جوجل أو تيك توك أو فيسبوك",
  },
  competitorPlatformInvalid: {
    en: "Platform must be Instagram, X or Snapchat",
    ar: "يجب أن تكون المنصة إنستغرام أو إكس أو سناب شات",
  },
  platformsDuplicate: { en: "Each platform can be chosen only once", ar: "لا يمكن اختيار المنصة نفسها أكثر من مرة" },
  postMediaInvalid: { en: "Invalid photo or video reference", ar: "معرّف الصورة أو الفيديو غير صالح" },
  postMediaDuplicate: {
    en: "Each photo or video can be added only once",
    ar: "لا يمكن إضافة الصورة أو الفيديو نفسه أكثر من مرة",
  },
  postTooManyMedia: {
    en: "A post can have at most 10 photos and videos",
    ar: "يمكن أن يضم المنشور ١٠ صور ومقاطع فيديو على الأكثر",
  },
  hashtagInvalid: {
    en: "A hashtag needs at least one letter; only letters, numbers and underscores are kept",
    ar: "يجب أن يحتوي الوسم على حرف واحد على الأقل، ولا يُحتفظ فيه إلا بالحروف والأرقام والشرطة السفلية (_)",
  },
  tooManyHashtags: { en: "A post can have at most 30 hashtags", ar: "يمكن أن يضم المنشور ٣٠ وسمًا على الأكثر" },
  firstCommentTooLong: {
    en: "The first comment can have at most 2,200 characters",
    ar: "يجب ألا يزيد التعليق الأول على ٢٢٠٠ حرف",
  },
  scheduleInvalid: { en: "Choose a valid date and time", ar: "اختر تاريخًا ووقتًا صحيحين" },
  scheduleInPast: {
    en: "Choose a time at least one minute from now",
    ar: "اختر وقتًا بعد دقيقة واحدة على الأقل من الآن",
  },
  scheduleTooFar: {
    en: "Posts can be scheduled at most one year ahead",
    ar: "لا يمكن جدولة المنشور لأكثر من سنة مقدمًا",
  },
  dateInvalid: { en: "Invalid date", ar: "تاريخ غير صالح" },
  dateRangeInvalid: {
    en: "The start date cannot be after the end date",
    ar: "لا يمكن أن يكون تاريخ البداية بعد تاريخ النهاية",
  },
  invalidPage: { en: "Page must be a whole number from 1", ar: "يجب أن يكون رقم الصفحة عددًا صحيحًا يبدأ من ١" },
  captionTooLongFor: {
    en: "{platform} allows at most {limit} characters; this caption has {length}",
    ar: "الحد الأقصى للأحرف على {platform} هو {limit}، وطول هذا النص {length}",
  },
  captionNearLimit: {
    en: "The caption is close to the {platform} limit: {remaining} characters left",
    ar: "النص قريب من الحد الأقصى على {platform}؛ الأحرف المتبقية: {remaining}",
  },
  tooManyHashtagsFor: {
    en: "{platform} allows at most {limit} hashtags; this post has {count}",
    ar: "الحد الأقصى للوسوم على {platform} هو {limit}، وعددها في هذا المنشور {count}",
  },
  hashtagsReduceReach: {
    en: "More than two hashtags on {platform} can reduce a post's reach",
    ar: "قد يؤدي استخدام أكثر من وسمين على {platform} إلى تقليل وصول المنشور",
  },
  mediaRequiredFor: {
    en: "{platform} needs at least one photo or video",
    ar: "يتطلب النشر على {platform} صورة أو فيديو واحدًا على الأقل",
  },
  videoAloneFor: {
    en: "{platform} takes up to 4 photos, or one video on its own",
    ar: "يقبل {platform} حتى ٤ صور، أو فيديو واحدًا بمفرده",
  },
  gifAloneFor: {
    en: "{platform} takes one GIF on its own, without other photos or videos",
    ar: "يقبل {platform} صورة GIF واحدة بمفردها، دون صور أو فيديوهات أخرى",
  },
  mediaGifNotTakenBy: {
    en: "{platform} does not take GIFs: choose a photo or a video",
    ar: "لا يقبل {platform} صور GIF: اختر صورة أو فيديو",
  },
  xLinkCosts: {
    en: "A post with a link costs far more to publish on {platform}: move the link to a reply",
    ar: "نشر منشور فيه رابط على {platform} أعلى كلفة بكثير: انقل الرابط إلى رد",
  },
  firstCommentNotSupported: {
    en: "The first comment is posted on Instagram only; it is skipped on {platform}",
    ar: "يُنشر التعليق الأول على إنستغرام فقط، ولن يُنشر على {platform}",
  },
  instagramLinksNotClickable: {
    en: "Links in Instagram captions cannot be clicked; put the link in your profile bio instead",
    ar: "لا يمكن النقر على الروابط في نصوص منشورات إنستغرام؛ ضع الرابط في النبذة التعريفية لحسابك بدلًا من ذلك",
  },
  snapchatManual: {
    en: "Snapchat does not allow automatic posting: you will post it yourself and mark it as done",
    ar: "لا يسمح سناب شات بالنشر التلقائي: ستنشره بنفسك ثم تؤكد نشره",
  },
  // ---- end of posts
  // ---- calendar (calendar.ts: prayer times, holidays and the admins' corrections)
  calendarDateInvalid: {
    en: "Enter a real date written YYYY-MM-DD, for example 2026-03-20",
    ar: "أدخل تاريخًا صحيحًا بالصيغة YYYY-MM-DD، مثل 2026-03-20",
  },
  calendarYearRange: {
    en: "Year must be a whole number from 2000 to 2100",
    ar: "يجب أن تكون السنة عددًا صحيحًا من ٢٠٠٠ إلى ٢١٠٠",
  },
  calendarDaysRange: {
    en: "Days must be a whole number from 1 to 366",
    ar: "يجب أن يكون عدد الأيام عددًا صحيحًا من ١ إلى ٣٦٦",
  },
  // ---- the content planner (docs/product.md#planning-a-month)
  planPeriodInvalid: { en: "Choose a month or Ramadan", ar: "اختر شهرًا أو رمضان" },
  planMonthInvalid: { en: "Choose a month (YYYY-MM)", ar: "اختر شهرًا (YYYY-MM)" },
  planDaysInvalid: { en: "Choose from 1 to 31 days", ar: "اختر من يوم واحد إلى ٣١ يومًا" },
  planPerWeekRange: {
    en: "Posts a week must be a whole number from 1 to 7",
    ar: "يجب أن يكون عدد المنشورات في الأسبوع عددًا صحيحًا من ١ إلى ٧",
  },
  planDaysOrPerWeek: {
    en: "Pick the days, or a number of posts a week (one of the two)",
    ar: "اختر الأيام، أو عدد المنشورات في الأسبوع (واحدًا منهما)",
  },
  planDayOutside: {
    en: "A day picked is outside the period or already past",
    ar: "أحد الأيام المختارة خارج الفترة أو مضى",
  },
  planProposalsRequired: {
    en: "Choose at least one proposal to approve",
    ar: "اختر مقترحًا واحدًا على الأقل للموافقة عليه",
  },
  planAllowanceTooSmall: {
    en: "This plan needs {needed} AI captions and {remaining} remain this month: choose at most {remaining} days",
    ar: "تحتاج هذه الخطة إلى {needed} تعليقًا بالذكاء الاصطناعي ويتبقى {remaining} هذا الشهر: اختر {remaining} يومًا على الأكثر",
  },
  occasionUnknown: { en: "Unknown occasion", ar: "مناسبة غير معروفة" },
  occasionNotInYear: { en: "This occasion does not fall in that year", ar: "لا تقع هذه المناسبة في تلك السنة" },
  holidayOverrideTooFar: {
    en: "The corrected date must be within 30 days of the calendar's date",
    ar: "يجب أن يكون التاريخ المصحَّح في حدود ٣٠ يومًا من تاريخ التقويم",
  },
  schoolBreakDaysRange: {
    en: "A school break lasts 1 to 120 days: enter the number of days the Ministry of Education announced",
    ar: "تمتد العطلة المدرسية من يوم واحد إلى ١٢٠ يومًا: أدخل عدد الأيام الذي أعلنته وزارة التربية",
  },
  occasionDaysFixed: {
    en: "This occasion keeps its own length: only a school break takes a number of days",
    ar: "لهذه المناسبة مدتها الثابتة: عدد الأيام للعطل المدرسية فقط",
  },
  announcedDateNotInYear: {
    en: "The first day must fall in the year chosen",
    ar: "يجب أن يقع اليوم الأول في السنة المختارة",
  },
  // ---- end of calendar
  // ---- templates (templates.ts: a business's own template, applying one)
  templateNameRequired: { en: "Give the template a name", ar: "اكتب اسمًا للقالب" },
  templateNameTooLong: {
    en: "A template's name can have at most 80 characters",
    ar: "يجب ألا يزيد اسم القالب على ٨٠ حرفًا",
  },
  templateOccasionInvalid: { en: "Choose an occasion from the list", ar: "اختر مناسبة من القائمة" },
  templateLanguageInvalid: {
    en: "A template is written in English or in Arabic",
    ar: "يُكتب القالب بالإنجليزية أو بالعربية",
  },
  templateBodyRequired: { en: "Write the template's text", ar: "اكتب نص القالب" },
  templateBodyTooLong: {
    en: "A template can have at most 2,200 characters",
    ar: "يجب ألا يزيد نص القالب على ٢٢٠٠ حرف",
  },
  templatePlaceholderUnknown: {
    en: "Use braces only around a placeholder: {business}, {area}, {dish}, {price}, {discount}, {hours} or {cuisine}",
    ar: "استخدم الأقواس المعقوفة حول العناصر البديلة فقط: {business} أو {area} أو {dish} أو {price} أو {discount} أو {hours} أو {cuisine}",
  },
  templateOptionalUnbalanced: { en: "Close every [[ with ]] on the same line", ar: "أغلق كل [[ بـ ]] في السطر نفسه" },
  templatePriceInvalid: {
    en: "Enter a price in KWD from 0 to 10,000, with at most 3 decimals, for example 2.750",
    ar: "أدخل سعرًا بالدينار الكويتي من ٠ إلى ١٠٠٠٠، بثلاث خانات عشرية على الأكثر، مثل ٢٫٧٥٠",
  },
  menuItemInvalid: { en: "Choose a dish from your menu", ar: "اختر طبقًا من قائمتك" },
  // ---- end of templates
  // ---- reviews (reviews.ts: the review form, the reply, the CSV import)
  reviewSourceInvalid: { en: "Choose where the review was posted", ar: "اختر مكان نشر التقييم" },
  reviewAuthorRequired: { en: "Enter the reviewer's name", ar: "أدخل اسم كاتب التقييم" },
  reviewAuthorTooLong: { en: "The name can have at most 80 characters", ar: "يجب ألا يزيد الاسم على ٨٠ حرفًا" },
  reviewRatingRange: {
    en: "Rating must be a whole number from 1 to 5",
    ar: "يجب أن يكون التقييم عددًا صحيحًا من ١ إلى ٥",
  },
  reviewTextRequired: { en: "Enter what the customer wrote", ar: "أدخل ما كتبه العميل" },
  reviewTextTooLong: { en: "A review can have at most 2,000 characters", ar: "يجب ألا يزيد نص التقييم على ٢٠٠٠ حرف" },
  reviewDateInvalid: {
    en: "Enter the review's date as YYYY-MM-DD or DD/MM/YYYY",
    ar: "أدخل تاريخ التقييم بالصيغة YYYY-MM-DD أو DD/MM/YYYY",
  },
  reviewDateFuture: {
    en: "The review's date cannot be in the future",
    ar: "لا يمكن أن يكون تاريخ التقييم في المستقبل",
  },
  reviewReplyRequired: { en: "Write a reply first", ar: "اكتب ردًا أولًا" },
  // conversations (docs/product.md#conversations)
  conversationMessageRequired: { en: "Write a message first", ar: "اكتب رسالة أولًا" },
  conversationTextTooLong: {
    en: "This message is longer than the channel takes",
    ar: "هذه الرسالة أطول مما تقبله القناة",
  },
  conversationChoiceTooLong: {
    en: "A button's title can have at most 20 characters",
    ar: "يجب ألا يزيد عنوان الزر على ٢٠ حرفًا",
  },
  conversationNoteRequired: { en: "Write the note first", ar: "اكتب الملاحظة أولًا" },
  whatsappTemplateName: {
    en: "Use lower-case English letters, digits and underscores only (for example order_ready)",
    ar: "استخدم أحرفًا إنجليزية صغيرة وأرقامًا وشرطة سفلية فقط (مثل order_ready)",
  },
  whatsappPin: { en: "The PIN has six digits", ar: "الرمز السري من ستة أرقام" },
  guestRetentionRange: {
    en: "Keep guests' conversations between 30 and 1,095 days",
    ar: "احتفظ بمحادثات الضيوف مدة بين ٣٠ و١٠٩٥ يومًا",
  },
  reviewReplyTooLong: { en: "A reply can have at most 1,000 characters", ar: "يجب ألا يزيد الرد على ١٠٠٠ حرف" },
  reviewImportFileRequired: { en: "Choose a CSV file to import", ar: "اختر ملف CSV لاستيراده" },
  reviewImportNotText: {
    en: "This is not a CSV text file. Save the sheet as CSV (UTF-8) and try again",
    ar: "هذا ليس ملف CSV نصيًا. احفظ الجدول بصيغة CSV (UTF-8) ثم حاول مرة أخرى",
  },
  reviewImportTooLarge: {
    en: "The file can be at most 1 MB. Split it into smaller files",
    ar: "يجب ألا يزيد حجم الملف على ١ ميغابايت. قسّمه إلى ملفات أصغر",
  },
  reviewImportTooManyRows: {
    en: "Import at most 1,000 reviews at a time. Split the file and import each part",
    ar: "استورد ١٠٠٠ تقييم على الأكثر في المرة الواحدة. قسّم الملف واستورد كل جزء",
  },
  reviewImportUnclosedQuote: {
    en: "A quoted field is never closed. Check the file's quotation marks",
    ar: "يوجد حقل بين علامتي تنصيص لم يُغلق. تحقق من علامات التنصيص في الملف",
  },
  reviewImportColumnsMissing: {
    en: "The first row must name the columns author, rating, text and date (source is optional)",
    ar: "يجب أن يسمّي الصف الأول الأعمدة: الكاتب، التقييم، النص، التاريخ (المصدر اختياري)",
  },
  reviewImportEmpty: {
    en: "The file has no reviews under its header row",
    ar: "لا يحتوي الملف على تقييمات تحت صف العناوين",
  },
  // ---- end of reviews
  // publishing: why a network's part of a post is waiting, failed or needs a person (PostTarget.errorCode)
  targetReconnectNeeded: {
    en: "Reconnect {platform} in Settings. This post waits until then",
    ar: "أعد ربط {platform} من الإعدادات. سينتظر هذا المنشور حتى ذلك الحين",
  },
  targetRateLimited: {
    en: "{platform} asked us to slow down. We will try again automatically",
    ar: "طلبت {platform} التمهل. سنعيد المحاولة تلقائيًا",
  },
  targetRejected: { en: "{platform} refused the post: {message}", ar: "رفضت {platform} المنشور: {message}" },
  targetTimeout: {
    en: "{platform} did not answer in time, so the post may be live. Check it, then confirm or retry",
    ar: "لم تستجب {platform} في الوقت المحدد، لذا قد يكون المنشور قد نُشر. تحقق منه ثم أكِّد أو أعد المحاولة",
  },
  targetTikTokInbox: {
    en: "Sent to your TikTok inbox: open TikTok to finish and post it, then mark it as done",
    ar: "أُرسل إلى صندوق الوارد في تيك توك: افتح تيك توك لإكماله ونشره، ثم أكِّد نشره",
  },
  targetUnavailable: {
    en: "{platform} is not answering right now. We will keep trying",
    ar: "لا تستجيب {platform} الآن. سنواصل المحاولة",
  },
  targetUnavailableFailed: {
    en: "{platform} did not answer after several tries. Try again later",
    ar: "لم تستجب {platform} بعد عدة محاولات. حاول مرة أخرى لاحقًا",
  },
  targetAuth: {
    en: "{platform} refused our access. Reconnect the account in Settings",
    ar: "رفضت {platform} صلاحية الوصول. أعد ربط الحساب من الإعدادات",
  },
  targetPlanUnavailable: {
    en: "This is not available on the {platform} API plan this server uses. An administrator must change the plan",
    ar: "هذا غير متاح في خطة واجهة {platform} البرمجية التي يستخدمها هذا الخادم. يجب على المسؤول تغيير الخطة",
  },
  targetFailed: { en: "Publishing to {platform} failed", ar: "فشل النشر على {platform}" },
  handleInvalid: {
    en: "Enter the account's username (letters, numbers, dots, dashes or underscores)",
    ar: "أدخل اسم مستخدم الحساب (حروف أو أرقام أو نقاط أو شرطات)",
  },
  platformNotInPlan: { en: "Your plan does not include this network", ar: "باقتك لا تشمل هذه الشبكة" },
  platformNotConnected: { en: "Connect this network's account first", ar: "اربط حساب هذه الشبكة أولًا" },
  mediaNotFound: { en: "One of the media files was not found", ar: "لم يُعثر على أحد ملفات الوسائط" },
  permalinkInvalid: { en: "Enter the post's link, starting with https://", ar: "أدخل رابط المنشور بدءًا بـ https://" },
  // ---- business profile and menu (business-profile.ts)
  nameArTooLong: { en: "The Arabic name can have at most 80 characters", ar: "يجب ألا يزيد الاسم العربي على ٨٠ حرفًا" },
  cuisineTooLong: { en: "The cuisine can have at most 40 characters", ar: "يجب ألا يزيد نوع المطبخ على ٤٠ حرفًا" },
  areaTooLong: { en: "The area can have at most 60 characters", ar: "يجب ألا تزيد المنطقة على ٦٠ حرفًا" },
  hoursTooLong: { en: "Opening hours can have at most 120 characters", ar: "يجب ألا تزيد ساعات العمل على ١٢٠ حرفًا" },
  addressTooLong: { en: "The address can have at most 200 characters", ar: "يجب ألا يزيد العنوان على ٢٠٠ حرف" },
  mapUrlInvalid: {
    en: "Paste a Google Maps or Apple Maps link starting with https://",
    ar: "الصق رابط خرائط جوجل أو خرائط آبل بدءًا بـ https://",
  },
  deliveryAppInvalid: { en: "Choose a delivery app from the list", ar: "اختر تطبيق توصيل من القائمة" },
  deliveryAppNameTooLong: {
    en: "The store's name can have at most 80 characters",
    ar: "يجب ألا يزيد اسم المتجر على ٨٠ حرفًا",
  },
  deliveryAppNameRequired: { en: "Name the app", ar: "اكتب اسم التطبيق" },
  deliveryAppUrlInvalid: {
    en: "Paste the store's link in the app, starting with https://",
    ar: "الصق رابط متجركم في التطبيق بدءًا بـ https://",
  },
  deliveryAppTwice: { en: "This app is already listed", ar: "هذا التطبيق مضاف من قبل" },
  deliveryAppsTooMany: { en: "List at most 10 delivery apps", ar: "أضف ١٠ تطبيقات توصيل على الأكثر" },
  reservationPhoneRequired: {
    en: "Enter the phone number guests call to book",
    ar: "أدخل رقم الهاتف الذي يتصل به الضيوف للحجز",
  },
  reservationUrlRequired: { en: "Paste the booking link", ar: "الصق رابط الحجز" },
  reservationUrlInvalid: {
    en: "Paste the booking link starting with https://",
    ar: "الصق رابط الحجز بدءًا بـ https://",
  },
  menuItemNameRequired: { en: "Give the item a name", ar: "اكتب اسم الصنف" },
  menuItemNameTooLong: {
    en: "An item's name can have at most 80 characters",
    ar: "يجب ألا يزيد اسم الصنف على ٨٠ حرفًا",
  },
  menuPriceInvalid: {
    en: "Enter a price in KWD from 0 to 9999.999, with at most 3 decimals (fils)",
    ar: "أدخل سعرًا بالدينار الكويتي من ٠ إلى ٩٩٩٩٫٩٩٩، بثلاث خانات عشرية (فلوس) على الأكثر",
  },
  // ---- the café's voice (voice.ts)
  voiceVarietyInvalid: {
    en: "Choose Gulf Arabic or Modern Standard Arabic",
    ar: "اختر اللهجة الخليجية أو العربية الفصحى",
  },
  voiceLanguageOrderInvalid: { en: "Choose Arabic first or English first", ar: "اختر العربية أولًا أو الإنجليزية أولًا" },
  voiceLengthInvalid: { en: "Choose short, medium or long", ar: "اختر قصيرًا أو متوسطًا أو طويلًا" },
  voiceEmojiInvalid: { en: "Choose no emoji, a few or many", ar: "اختر بدون إيموجي أو قليلًا أو كثيرًا" },
  voiceHashtagCountRange: { en: "Hashtags: a whole number from 0 to 15", ar: "الوسوم: عدد صحيح من ٠ إلى ١٥" },
  voiceHashtagScriptInvalid: {
    en: "Choose Arabic, English or both for hashtags",
    ar: "اختر وسومًا عربية أو إنجليزية أو كلتيهما",
  },
  menuTooManyItems: { en: "A menu can have at most 200 items", ar: "يمكن أن تضم القائمة ٢٠٠ صنف على الأكثر" },
  menuOrderInvalid: {
    en: "Send the menu's items in their new order, each once",
    ar: "أرسل أصناف القائمة بترتيبها الجديد، كل صنف مرة واحدة",
  },
  menuImportEmpty: { en: "Paste at least one line: name, price", ar: "الصق سطرًا واحدًا على الأقل: الاسم، السعر" },
  menuImportTooLong: {
    en: "The pasted menu is too long: paste at most 20,000 characters",
    ar: "القائمة الملصقة طويلة جدًا: الصق ٢٠٠٠٠ حرف على الأكثر",
  },
  menuImportLineInvalid: {
    en: "Write each line as name, price or name | الاسم | price",
    ar: "اكتب كل سطر بالشكل: الاسم، السعر أو name | الاسم | السعر",
  },
  googleMenuNothingToSend: {
    en: "Give at least one menu item a price: Google lists only items with a price",
    ar: "أضف سعرًا لصنف واحد على الأقل: تعرض جوجل الأصناف التي لها سعر فقط",
  },
  menuSectionTooLong: {
    en: "A section's name can have at most 60 characters",
    ar: "يجب ألا يزيد اسم القسم على ٦٠ حرفًا",
  },
  // ---- end of business profile
  // ---- competitors (competitors.ts: the competitor form, a day's figures, the CSV import, the benchmark's summary)
  competitorNameRequired: { en: "Enter the competitor's name", ar: "أدخل اسم المنافس" },
  competitorNameTooLong: { en: "The name can have at most 80 characters", ar: "يجب ألا يزيد الاسم على ٨٠ حرفًا" },
  competitorHandleRequired: { en: "Enter the account's username", ar: "أدخل اسم مستخدم الحساب" },
  competitorHandleInstagram: {
    en: "An Instagram username has up to 30 letters, numbers, dots and underscores, with no dot at either end and no two dots together",
    ar: "اسم مستخدم إنستغرام حتى ٣٠ حرفًا من الحروف الإنجليزية والأرقام والنقاط والشرطات السفلية، بلا نقطة في أوله أو آخره ولا نقطتين متتاليتين",
  },
  competitorHandleTwitter: {
    en: "An X username has up to 15 letters, numbers and underscores",
    ar: "اسم مستخدم إكس حتى ١٥ حرفًا من الحروف الإنجليزية والأرقام والشرطات السفلية",
  },
  competitorHandleSnapchat: {
    en: "A Snapchat username has 3 to 15 letters, numbers, dots, dashes and underscores, and starts with a letter",
    ar: "اسم مستخدم سناب شات من ٣ إلى ١٥ حرفًا من الحروف الإنجليزية والأرقام والنقاط والشرطات، ويبدأ بحرف",
  },
  competitorDateInvalid: {
    en: "Enter the date as YYYY-MM-DD or DD/MM/YYYY",
    ar: "أدخل التاريخ بالصيغة YYYY-MM-DD أو DD/MM/YYYY",
  },
  competitorDateFuture: { en: "The date cannot be in the future", ar: "لا يمكن أن يكون التاريخ في المستقبل" },
  competitorFollowersInvalid: {
    en: "Followers must be a whole number, 0 or more",
    ar: "يجب أن يكون عدد المتابعين عددًا صحيحًا، ٠ أو أكثر",
  },
  competitorPostsPerWeekInvalid: {
    en: "Posts per week must be a number from 0 to 1,000",
    ar: "يجب أن يكون عدد المنشورات في الأسبوع رقمًا من ٠ إلى ١٠٠٠",
  },
  competitorEngagementInvalid: {
    en: "Average engagement must be a percentage from 0 to 100",
    ar: "يجب أن يكون متوسط التفاعل نسبة مئوية من ٠ إلى ١٠٠",
  },
  competitorThemesTooMany: { en: "List at most 5 themes", ar: "اذكر ٥ مواضيع على الأكثر" },
  competitorThemeTooLong: { en: "A theme can have at most 40 characters", ar: "يجب ألا يزيد الموضوع على ٤٠ حرفًا" },
  competitorSnapshotEmpty: {
    en: "Enter at least one figure: followers, posts per week, average engagement or themes",
    ar: "أدخل رقمًا واحدًا على الأقل: المتابعون أو المنشورات في الأسبوع أو متوسط التفاعل أو المواضيع",
  },
  competitorBenchmarkDaysInvalid: {
    en: "days must be a whole number from 7 to 90",
    ar: "يجب أن يكون days عددًا صحيحًا من ٧ إلى ٩٠",
  },
  competitorHistoryDaysInvalid: {
    en: "history_days must be a whole number from 7 to 730",
    ar: "يجب أن يكون history_days عددًا صحيحًا من ٧ إلى ٧٣٠",
  },
  competitorImportColumnsMissing: {
    en: "The first row must name the columns handle and date (name, platform, followers, posts_per_week, avg_engagement and top_themes are read when present)",
    ar: "يجب أن يسمّي الصف الأول العمودين: المعرف والتاريخ (وتُقرأ الأعمدة الاسم والمنصة والمتابعون والمنشورات في الأسبوع ومتوسط التفاعل والمواضيع إن وُجدت)",
  },
  competitorImportEmpty: {
    en: "The file has no rows under its header row",
    ar: "لا يحتوي الملف على صفوف تحت صف العناوين",
  },
  competitorImportTooManyRows: {
    en: "Import at most 1,000 rows at a time. Split the file and import each part",
    ar: "استورد ١٠٠٠ صف على الأكثر في المرة الواحدة. قسّم الملف واستورد كل جزء",
  },
  competitorImportRepeatedDay: {
    en: "Line {line} already has figures for this account on this date",
    ar: "السطر {line} فيه أرقام لهذا الحساب في التاريخ نفسه",
  },
  competitorImportOverLimit: {
    en: "You can follow at most 50 competitors: this row would add one more",
    ar: "يمكنك متابعة ٥٠ منافسًا على الأكثر: هذا الصف سيضيف منافسًا آخر",
  },
  competitorSummaryFollowersLead: {
    en: "On {platform}, you lead on followers with {own}, ahead of every competitor you follow (the closest: {name}, {theirs}).",
    ar: "على {platform}، تتصدّر في عدد المتابعين بـ{own}، متقدّمًا على كل المنافسين الذين تتابعهم (الأقرب: {name}، {theirs}).",
  },
  competitorSummaryFollowersTrail: {
    en: "On {platform}, you have {own} followers, fewer than {name} ({theirs}).",
    ar: "على {platform}، عدد متابعيك {own}، أقل من {name} ({theirs}).",
  },
  competitorSummaryFollowersTrailMany: {
    en: "On {platform}, you have {own} followers, fewer than {name} ({theirs}); {ahead} of the {total} competitors you follow have more.",
    ar: "على {platform}، عدد متابعيك {own}، أقل من {name} ({theirs})؛ ويتقدّم عليك {ahead} من أصل {total} من المنافسين الذين تتابعهم.",
  },
  competitorSummaryPostsLead: {
    en: "On {platform}, you post the most: {own} times a week, more than every competitor you follow (the closest: {name}, {theirs}).",
    ar: "على {platform}، أنت الأكثر نشرًا: {own} مرة في الأسبوع، أكثر من كل المنافسين الذين تتابعهم (الأقرب: {name}، {theirs}).",
  },
  competitorSummaryPostsTrail: {
    en: "On {platform}, you post {own} times a week, less than {name} ({theirs}).",
    ar: "على {platform}، تنشر {own} مرة في الأسبوع، أقل من {name} ({theirs}).",
  },
  competitorSummaryPostsTrailMany: {
    en: "On {platform}, you post {own} times a week, less than {name} ({theirs}); {ahead} of the {total} competitors you follow post more often.",
    ar: "على {platform}، تنشر {own} مرة في الأسبوع، أقل من {name} ({theirs})؛ و{ahead} من أصل {total} من المنافسين الذين تتابعهم ينشرون أكثر منك.",
  },
  competitorSummaryEngagementLead: {
    en: "On {platform}, your posts engage the most: {own} average engagement, ahead of every competitor you follow (the closest: {name}, {theirs}).",
    ar: "على {platform}، منشوراتك الأعلى تفاعلًا: متوسط التفاعل {own}، متقدّمًا على كل المنافسين الذين تتابعهم (الأقرب: {name}، {theirs}).",
  },
  competitorSummaryEngagementTrail: {
    en: "On {platform}, your average engagement is {own}, below {name} ({theirs}).",
    ar: "على {platform}، متوسط التفاعل لديك {own}، أقل من {name} ({theirs}).",
  },
  competitorSummaryEngagementTrailMany: {
    en: "On {platform}, your average engagement is {own}, below {name} ({theirs}); {ahead} of the {total} competitors you follow engage more.",
    ar: "على {platform}، متوسط التفاعل لديك {own}، أقل من {name} ({theirs})؛ و{ahead} من أصل {total} من المنافسين الذين تتابعهم يحققون تفاعلًا أعلى.",
  },
  competitorSummaryLevel: {
    en: "On {platform}, you are level with {name} on {metric} ({own}).",
    ar: "على {platform}، أنت متساوٍ مع {name} في {metric} ({own}).",
  },
  competitorSummaryThemes: {
    en: "On {platform}, your competitors post about {themes}, which you have not posted about lately.",
    ar: "على {platform}، ينشر منافسوك عن {themes}، ولم تنشر عنها مؤخرًا.",
  },
  competitorSummaryNoSnapshots: {
    en: "Add your competitors' figures (by hand, from a CSV file or from Instagram) to see where you lead and where you trail.",
    ar: "أضف أرقام منافسيك (يدويًا أو من ملف CSV أو من إنستغرام) لترى أين تتقدّم وأين تتأخر.",
  },
  competitorSummaryNoOwn: {
    en: "On {platform}, Sufra has none of your own figures for this period yet: publish through Sufra to compare.",
    ar: "على {platform}، لا توجد لدى سفرة أرقامك لهذه الفترة بعد: انشر عبر سفرة لتقارن.",
  },
  // ---- end of competitors
  // ---- analytics (analytics.ts: the date range every analytics question takes)
  analyticsClientRequired: {
    en: "client_id is required: the business id, as GET /api/auth/me returns it",
    ar: "client_id مطلوب: معرّف النشاط التجاري كما يعيده GET /api/auth/me",
  },
  analyticsClientInvalid: {
    en: "client_id must be a business id, as GET /api/auth/me returns it",
    ar: "يجب أن يكون client_id معرّف نشاط تجاري كما يعيده GET /api/auth/me",
  },
  analyticsDateInvalid: {
    en: "Enter a real date written YYYY-MM-DD, for example 2026-03-20",
    ar: "أدخل تاريخًا صحيحًا بالصيغة YYYY-MM-DD، مثل 2026-03-20",
  },
  analyticsRangeOrder: {
    en: "The end date cannot come before the start date",
    ar: "لا يمكن أن يسبق تاريخ النهاية تاريخ البداية",
  },
  analyticsRangeTooLong: { en: "A range can cover at most two years", ar: "يمكن أن تغطي الفترة سنتين على الأكثر" },
  analyticsCampaignInvalid: {
    en: "campaign_id must be the id of one of the business's campaigns",
    ar: "يجب أن يكون campaign_id معرّف إحدى حملات النشاط التجاري",
  },
  analyticsSimulatedInvalid: {
    en: "include_simulated must be true or false",
    ar: "يجب أن تكون قيمة include_simulated إما true أو false",
  },
  analyticsIntervalInvalid: { en: "interval must be day or week", ar: "يجب أن تكون قيمة interval إما day أو week" },
  analyticsLimitInvalid: {
    en: "limit must be a whole number from 1 to 100",
    ar: "يجب أن يكون limit عددًا صحيحًا من ١ إلى ١٠٠",
  },
  analyticsSortInvalid: {
    en: "sort must be engagement, reach, likes, comments, shares or views",
    ar: "يجب أن تكون قيمة sort إحدى: engagement أو reach أو likes أو comments أو shares أو views",
  },
  analyticsExportFormatInvalid: {
    en: "format must be csv, xlsx or pdf",
    ar: "يجب أن تكون قيمة format إحدى: csv أو xlsx أو pdf",
  },
  // ---- end of analytics
  // ---- campaigns (campaigns.ts: the campaign form, attaching posts)
  campaignNameRequired: { en: "Give the campaign a name", ar: "اكتب اسمًا للحملة" },
  campaignNameTooLong: {
    en: "A campaign's name can have at most 80 characters",
    ar: "يجب ألا يزيد اسم الحملة على ٨٠ حرفًا",
  },
  campaignNameTaken: {
    en: "You already have a campaign with this name. Choose another name",
    ar: "لديك حملة بهذا الاسم بالفعل. اختر اسمًا آخر",
  },
  campaignGoalInvalid: {
    en: "Choose the goal: awareness, visits to the shop, orders or a launch",
    ar: "اختر الهدف: الانتشار أو زيارات المحل أو الطلبات أو الإطلاق",
  },
  campaignStartInvalid: { en: "Choose the day the campaign starts", ar: "اختر يوم بدء الحملة" },
  campaignEndInvalid: { en: "Choose the day the campaign ends", ar: "اختر يوم انتهاء الحملة" },
  campaignEndBeforeStart: { en: "The campaign cannot end before it starts", ar: "لا يمكن أن تنتهي الحملة قبل أن تبدأ" },
  campaignTooLong: {
    en: "A campaign can last at most a year (366 days)",
    ar: "يمكن أن تستمر الحملة سنة على الأكثر (٣٦٦ يومًا)",
  },
  campaignBudgetInvalid: {
    en: "Enter a budget in KWD from 0 to 100,000, with at most 3 decimals (fils)",
    ar: "أدخل ميزانية بالدينار الكويتي من ٠ إلى ١٠٠٬٠٠٠، بثلاث خانات عشرية (فلوس) على الأكثر",
  },
  campaignTargetInvalid: {
    en: "The target must be a whole number above 0",
    ar: "يجب أن يكون المستهدف عددًا صحيحًا أكبر من ٠",
  },
  campaignResultInvalid: {
    en: "The result must be a whole number, 0 or more",
    ar: "يجب أن تكون النتيجة عددًا صحيحًا، ٠ أو أكثر",
  },
  campaignResultNotManual: {
    en: "Reach and views are counted from the networks; only visits and orders are entered by hand",
    ar: "يُحسب الوصول والمشاهدات من الشبكات؛ تُدخل الزيارات والطلبات فقط يدويًا",
  },
  campaignNotesTooLong: { en: "Notes can have at most 1,000 characters", ar: "يجب ألا تزيد الملاحظات على ١٠٠٠ حرف" },
  campaignNotFound: { en: "Choose one of your campaigns", ar: "اختر إحدى حملاتك" },
  campaignPostsRequired: { en: "Choose at least one post", ar: "اختر منشورًا واحدًا على الأقل" },
  campaignPostsTooMany: { en: "Choose at most 100 posts at a time", ar: "اختر ١٠٠ منشور على الأكثر في المرة الواحدة" },
  // ---- end of campaigns
  // ---- webhooks (webhooks.ts: an endpoint's address and events)
  webhookUrlRequired: {
    en: "Enter the address that should receive the events",
    ar: "أدخل العنوان الذي سيستقبل الأحداث",
  },
  webhookUrlInvalid: {
    en: "Enter a full web address, e.g. https://example.com/sufra",
    ar: "أدخل عنوان ويب كاملًا، مثل https://example.com/sufra",
  },
  webhookUrlHttps: { en: "The address must start with https://", ar: "يجب أن يبدأ العنوان بـ https://" },
  webhookUrlCredentials: {
    en: "Leave the user name and password out of the address",
    ar: "لا تضع اسم المستخدم وكلمة المرور في العنوان",
  },
  webhookUrlPrivate: {
    en: "This address is on a private network; Sufra sends events only to public addresses",
    ar: "هذا العنوان على شبكة خاصة؛ يرسل سُفرة الأحداث إلى العناوين العامة فقط",
  },
  webhookEventsRequired: { en: "Choose at least one event", ar: "اختر حدثًا واحدًا على الأقل" },
  webhookEventUnknown: { en: "Unknown event", ar: "حدث غير معروف" },
  // ---- end of webhooks
  // ---- network options (network-options.ts: each network's own options for a post)
  instagramUsernameInvalid: {
    en: "Enter an Instagram username: letters, numbers, dots and underscores, at most 30",
    ar: "أدخل اسم مستخدم على إنستغرام: أحرف وأرقام ونقاط وشرطات سفلية، بحد أقصى ٣٠",
  },
  linkInvalid: { en: "Enter a full link starting with https://", ar: "أدخل رابطًا كاملًا يبدأ بـ https://" },
  instagramTooManyCollaborators: {
    en: "Instagram allows at most 3 collaborators on a post",
    ar: "يسمح إنستغرام بثلاثة متعاونين على الأكثر في المنشور",
  },
  instagramTooManyUserTags: {
    en: "Instagram allows at most 20 people tagged on a photo",
    ar: "يسمح إنستغرام بالإشارة إلى ٢٠ شخصًا على الأكثر في الصورة",
  },
  altTextTooLong: { en: "Alt text can have at most 1,000 characters", ar: "يجب ألا يزيد النص البديل على ١٠٠٠ حرف" },
  tiktokPrivacyRequired: { en: "Choose who can watch this on TikTok", ar: "اختر من يمكنه مشاهدة هذا على تيك توك" },
  instagramStoryOneMedia: {
    en: "An Instagram story is one photo or one video",
    ar: "قصة إنستغرام صورة واحدة أو فيديو واحد",
  },
  instagramStoryNoExtras: {
    en: "An Instagram story takes no collaborators, location or tagged people",
    ar: "لا تقبل قصة إنستغرام متعاونين أو موقعًا أو إشارة إلى أشخاص",
  },
  instagramStoryVideoTooLong: {
    en: "An Instagram story video can be at most 60 seconds long",
    ar: "يجب ألا يزيد فيديو قصة إنستغرام على ٦٠ ثانية",
  },
  instagramReelOneVideo: {
    en: "An Instagram reel is exactly one video (and its cover photo, if you choose one)",
    ar: "ريلز إنستغرام فيديو واحد فقط (مع صورة غلافه إن اخترتها)",
  },
  instagramCoverNotInPost: {
    en: "The reel's cover must be one of this post's photos",
    ar: "يجب أن يكون غلاف الريلز إحدى صور هذا المنشور",
  },
  snapchatSpotlightVideo: { en: "Spotlight takes a video, not a photo", ar: "يقبل سبوتلايت فيديو فقط، لا صورة" },
  facebookVideoAlone: {
    en: "Facebook takes photos, or one video on its own",
    ar: "يقبل فيسبوك صورًا، أو فيديو واحدًا بمفرده",
  },
  facebookLinkWithMedia: {
    en: "Facebook shows a link's preview only on a post without photos or a video: the link will not be sent. Put it in the caption, or remove the media",
    ar: "يعرض فيسبوك معاينة الرابط فقط في منشور بلا صور أو فيديو: لن يُرسل الرابط. ضعه في النص أو أزل الوسائط",
  },
  // ---- end of network options
  // ---- Google posts (networks/google.ts: a post's type, button, offer and event on Google)
  googlePostTypeInvalid: {
    en: "Choose the kind of Google post: What's new, Offer or Event",
    ar: "اختر نوع منشور جوجل: جديدنا أو عرض أو فعالية",
  },
  googleCtaActionInvalid: {
    en: "Choose a button: Order online, Call, Learn more or Book",
    ar: "اختر زرًا: اطلب عبر الإنترنت أو اتصل أو اعرف المزيد أو احجز",
  },
  googleCtaUrlRequired: {
    en: "This button needs a link, starting with https://",
    ar: "يحتاج هذا الزر إلى رابط يبدأ بـ https://",
  },
  googleUrlHttps: { en: "Enter a full link starting with https://", ar: "أدخل رابطًا كاملًا يبدأ بـ https://" },
  googleCouponTooLong: {
    en: "A coupon code can have at most 58 characters",
    ar: "يجب ألا يزيد رمز القسيمة على ٥٨ حرفًا",
  },
  googleTermsTooLong: { en: "The terms can have at most 1,500 characters", ar: "يجب ألا تزيد الشروط على ١٥٠٠ حرف" },
  googleEventRequired: {
    en: "Offers and events need a title, a start and an end",
    ar: "تحتاج العروض والفعاليات إلى عنوان ووقت بداية ووقت نهاية",
  },
  googleEventTitleRequired: { en: "Give the offer or event a title", ar: "اكتب عنوانًا للعرض أو الفعالية" },
  googleEventTitleTooLong: {
    en: "Google allows a title of at most 58 characters",
    ar: "تسمح جوجل بعنوان لا يزيد على ٥٨ حرفًا",
  },
  googleEventTimeInvalid: { en: "Choose a start and an end date and time", ar: "اختر تاريخ ووقت البداية والنهاية" },
  googleEventEndsBeforeStart: { en: "The end must come after the start", ar: "يجب أن تكون النهاية بعد البداية" },
  googleEventEnded: { en: "The end is in the past. Choose a later end", ar: "وقت النهاية في الماضي. اختر نهاية لاحقة" },
  targetPublishedWithWarning: {
    en: "Published on {platform}, but one step after it did not go through: {message}",
    ar: "نُشر على {platform}، لكن خطوة بعده لم تتم: {message}",
  },
  targetGoogleNoLocation: {
    en: "No verified Google location is picked. Pick one in Settings, then retry",
    ar: "لم يتم اختيار أي موقع موثّق على جوجل. اختر موقعًا من الإعدادات ثم أعد المحاولة",
  },
  // ---- end of Google posts
  // ---- subscriptions and billing (docs/product.md#subscriptions-and-billing)
  planInvalid: { en: "Choose Basic, Professional or Premium", ar: "اختر الباقة الأساسية أو الاحترافية أو المميزة" },
  amountInvalid: {
    en: "Enter an amount in KWD above zero, with at most three decimals",
    ar: "أدخل مبلغًا بالدينار الكويتي أكبر من صفر، بثلاث خانات عشرية على الأكثر",
  },
  paymentSourceInvalid: { en: "Choose KNET, a card or Apple Pay", ar: "اختر كي نت أو بطاقة أو Apple Pay" },
  paymentMethodInvalid: { en: "Choose bank transfer or other", ar: "اختر تحويلًا بنكيًا أو غير ذلك" },
  monthsInvalid: { en: "Choose 1 to 12 months", ar: "اختر من شهر إلى ١٢ شهرًا" },
  extendDaysInvalid: { en: "Choose 1 to 90 days", ar: "اختر من يوم إلى ٩٠ يومًا" },
  legalNameRequired: {
    en: "Enter the business's legal name for invoices",
    ar: "أدخل الاسم القانوني للنشاط التجاري للفواتير",
  },
  legalNameTooLong: { en: "The legal name is at most 200 characters", ar: "الاسم القانوني ٢٠٠ حرف على الأكثر" },
  billingAddressRequired: { en: "Enter the address invoices carry", ar: "أدخل العنوان الذي يظهر في الفواتير" },
  billingAddressTooLong: { en: "The address is at most 500 characters", ar: "العنوان ٥٠٠ حرف على الأكثر" },
  crNumberInvalid: {
    en: "The commercial registration number is at most 30 letters, digits, - or /",
    ar: "رقم السجل التجاري ٣٠ حرفًا أو رقمًا أو - أو / على الأكثر",
  },
  paymentReceiptTooLong: { en: "The reference is at most 100 characters", ar: "المرجع ١٠٠ حرف على الأكثر" },
  paymentNoteTooLong: { en: "The note is at most 500 characters", ar: "الملاحظة ٥٠٠ حرف على الأكثر" },
  refundReasonRequired: { en: "Say why the money goes back", ar: "اذكر سبب إعادة المبلغ" },
  gatewayAnswered: { en: "The payment service answered: {reason}", ar: "ردّت خدمة الدفع: {reason}" },
  billingClientRequired: {
    en: "client_id is required: the business whose invoices to read",
    ar: "client_id مطلوب: النشاط التجاري الذي تُقرأ فواتيره",
  },
  digitsInvalid: { en: "Digits must be latin or arabic", ar: "يجب أن تكون الأرقام latin أو arabic" },
  // ---- end of subscriptions and billing
  // guests' orders (docs/product.md#orders)
  orderItemsRequired: { en: "Add at least one item from the menu", ar: "أضف صنفًا واحدًا على الأقل من القائمة" },
  orderTooManyLines: { en: "An order has at most 30 lines", ar: "الطلب ٣٠ سطرًا على الأكثر" },
  orderQuantityInvalid: { en: "Choose a quantity from 1 to 99", ar: "اختر كمية من ١ إلى ٩٩" },
  orderMenuItemInvalid: { en: "Choose an item of your menu", ar: "اختر صنفًا من قائمتك" },
  orderFulfilmentInvalid: { en: "Choose pickup or delivery", ar: "اختر الاستلام أو التوصيل" },
  orderAddressRequired: { en: "Enter the delivery address", ar: "أدخل عنوان التوصيل" },
  orderAddressTooLong: { en: "The address is at most 300 characters", ar: "العنوان ٣٠٠ حرف على الأكثر" },
  orderDeliveryFeeInvalid: {
    en: "The delivery fee is from 0 to 100.000 KWD",
    ar: "رسوم التوصيل من ٠ إلى ١٠٠٫٠٠٠ د.ك",
  },
  orderGuestNameTooLong: { en: "The guest's name is at most 100 characters", ar: "اسم الضيف ١٠٠ حرف على الأكثر" },
  orderTotalTooSmall: {
    en: "Tap takes payments of 0.100 KWD or more: add to the order first",
    ar: "تقبل Tap مدفوعات بقيمة ٠٫١٠٠ د.ك أو أكثر: أضف إلى الطلب أولًا",
  },
  refundReasonTooLong: { en: "The reason is at most 200 characters", ar: "السبب ٢٠٠ حرف على الأكثر" },
  tapKeyRequired: { en: "Paste your Tap secret key", ar: "الصق المفتاح السري لحساب Tap" },
  tapKeyPublishable: {
    en: "This is Tap's publishable key (pk_). Paste the secret key, which starts with sk_live_ or sk_test_",
    ar: "هذا هو المفتاح العام لـ Tap (pk_). الصق المفتاح السري الذي يبدأ بـ sk_live_ أو sk_test_",
  },
  tapKeyInvalid: {
    en: "A Tap secret key starts with sk_live_ or sk_test_",
    ar: "يبدأ المفتاح السري لـ Tap بـ sk_live_ أو sk_test_",
  },
  tapMerchantIdInvalid: { en: "Tap's merchant id is digits only", ar: "رقم التاجر في Tap أرقام فقط" },
  // ---- end of orders
  // the link page (docs/product.md#one-menu-and-one-link)
  linkPageSlugLength: {
    en: "The address name is 3 to 40 characters",
    ar: "اسم الرابط من ٣ إلى ٤٠ حرفًا",
  },
  linkPageSlugInvalid: {
    en: "Use lower-case latin letters, digits and single dashes (not at the start or end)",
    ar: "استخدم حروفًا لاتينية صغيرة وأرقامًا وشرطات مفردة (ليست في البداية أو النهاية)",
  },
  linkPageSlugReserved: {
    en: "This address name is reserved: choose another",
    ar: "اسم الرابط هذا محجوز: اختر اسمًا آخر",
  },
  linkPageSlugTaken: {
    en: "Another café already uses this address name: choose another",
    ar: "مقهى آخر يستخدم اسم الرابط هذا: اختر اسمًا آخر",
  },
  linkPageBioTooLong: { en: "The bio is at most 160 characters", ar: "النبذة ١٦٠ حرفًا على الأكثر" },
  // ---- end of the link page
  // ---- opening hours (docs/product.md#one-menu-and-one-link)
  hoursTimeInvalid: {
    en: "Write a time as HH:MM, from 00:00 to 23:59 (24:00 only as a closing time)",
    ar: "اكتب الوقت بصيغة HH:MM من 00:00 إلى 23:59 (24:00 وقتًا للإغلاق فقط)",
  },
  hoursOpenAt24: {
    en: "A period cannot open at 24:00: open at 00:00",
    ar: "لا يمكن أن تبدأ فترة عند 24:00: ابدأ عند 00:00",
  },
  hoursPeriodEmpty: {
    en: "A period closes at a different time than it opens (00:00 to 24:00 is open all day)",
    ar: "يجب أن يختلف وقت الإغلاق عن وقت الفتح (من 00:00 إلى 24:00 يعني مفتوحًا طوال اليوم)",
  },
  hoursDayInvalid: { en: "Choose a day of the week", ar: "اختر يومًا من أيام الأسبوع" },
  hoursTooManyPeriods: { en: "At most 4 periods a day", ar: "٤ فترات في اليوم على الأكثر" },
  hoursOverlap: {
    en: "These periods overlap (a night past midnight counts on the next morning). Change one of them",
    ar: "هذه الفترات متداخلة (الفترة التي تمتد بعد منتصف الليل تُحسب في صباح اليوم التالي). غيّر إحداها",
  },
  specialHoursOccasionInvalid: { en: "Choose what these hours are for", ar: "اختر المناسبة التي تخصها هذه المواعيد" },
  specialHoursEndBeforeStart: {
    en: "The last day comes on or after the first day",
    ar: "يجب أن يكون اليوم الأخير في يوم البداية أو بعده",
  },
  specialHoursTooLong: { en: "Special hours last at most 45 days", ar: "المواعيد الخاصة ٤٥ يومًا على الأكثر" },
  specialHoursClosedWithTimes: {
    en: "A closed day has no opening times: remove the times, or untick closed",
    ar: "اليوم المغلق ليس له أوقات عمل: احذف الأوقات أو ألغِ اختيار مغلق",
  },
  specialHoursCloseTooLate: {
    en: "Special hours that run past midnight end by 11:59 the next morning (Google's limit)",
    ar: "المواعيد الخاصة التي تمتد بعد منتصف الليل تنتهي بحلول 11:59 صباح اليوم التالي (حد جوجل)",
  },
  specialHoursSpansOverlap: {
    en: "Other confirmed special hours already cover some of these days for this branch. Change the dates, or remove the other",
    ar: "توجد مواعيد خاصة مؤكدة أخرى تشمل بعض هذه الأيام لهذا الفرع. غيّر التواريخ أو احذف الأخرى",
  },
  specialHoursNeedTimes: {
    en: "Add the opening times of these days, or mark them closed, before confirming",
    ar: "أضف أوقات العمل لهذه الأيام أو اجعلها مغلقة قبل التأكيد",
  },
  // ---- end of opening hours
  // ---- review requests (docs/product.md#one-menu-and-one-link)
  reviewQrSizeInvalid: {
    en: "The QR code's size is a whole number of pixels from 200 to 2000",
    ar: "حجم رمز QR عدد صحيح من البكسلات من ٢٠٠ إلى ٢٠٠٠",
  },
  reviewQrFormatInvalid: {
    en: "Choose table_tent (a table card) or receipt (an 80 mm receipt)",
    ar: "اختر table_tent (بطاقة طاولة) أو receipt (إيصال بعرض ٨٠ مم)",
  },
  reviewQrLangInvalid: {
    en: "The language is en, ar or both",
    ar: "اللغة en أو ar أو both",
  },
  // ---- end of review requests
} as const satisfies Record<string, { en: string; ar: string }>;

export type MessageKey = keyof typeof MESSAGES;

export const isMessageKey = (k: unknown): k is MessageKey => typeof k === "string" && Object.hasOwn(MESSAGES, k);

/** Text of a message key in a locale; an unknown key renders as the generic invalid-value text. */
export function messageText(key: string, locale: Locale = DEFAULT_LOCALE, params: Record<string, string> = {}): string {
  const text: string = (isMessageKey(key) ? MESSAGES[key] : MESSAGES.invalidValue)[locale];
  return text.replace(/\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
}
