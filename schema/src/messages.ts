// Every message a rule or an error can produce, in both languages. Keys are stable: client and
// server pass keys, and each side renders them in the person's language.
export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const MESSAGES = {
  // login (SPEC §5)
  emailRequired: { en: "Email is required", ar: "البريد الإلكتروني مطلوب" },
  emailInvalid: { en: "Please enter a valid email address", ar: "يرجى إدخال بريد إلكتروني صحيح" },
  passwordRequired: { en: "Password is required", ar: "كلمة المرور مطلوبة" },
  passwordMin: { en: "Password must be at least 8 characters", ar: "يجب ألا تقل كلمة المرور عن ٨ أحرف" },
  // sign-up, in the order they are checked (SPEC §5)
  allFieldsRequired: { en: "All fields are required", ar: "جميع الحقول مطلوبة" },
  invalidEmail: { en: "Invalid email format", ar: "صيغة البريد الإلكتروني غير صحيحة" },
  weakPassword: { en: "Password must be at least 8 characters", ar: "يجب ألا تقل كلمة المرور عن ٨ أحرف" },
  passwordUppercase: { en: "Password must contain at least one uppercase letter", ar: "يجب أن تحتوي كلمة المرور على حرف كبير واحد على الأقل" },
  passwordLowercase: { en: "Password must contain at least one lowercase letter", ar: "يجب أن تحتوي كلمة المرور على حرف صغير واحد على الأقل" },
  passwordNumber: { en: "Password must contain at least one number", ar: "يجب أن تحتوي كلمة المرور على رقم واحد على الأقل" },
  passwordSpecial: { en: "Password must contain at least one special character", ar: "يجب أن تحتوي كلمة المرور على رمز خاص واحد على الأقل" },
  passwordMismatch: { en: "Passwords do not match", ar: "كلمتا المرور غير متطابقتين" },
  invalidPhone: { en: "Invalid Kuwait phone number. Format: +965XXXXXXXX", ar: "رقم هاتف كويتي غير صحيح. الصيغة: ‎+965XXXXXXXX" },
  passwordHint: {
    en: "At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character",
    ar: "٨ أحرف على الأقل، منها حرف كبير وحرف صغير ورقم ورمز خاص",
  },
  // other fields
  invalidPlan: { en: "Choose a plan: basic, professional or premium", ar: "اختر باقة: الأساسية أو الاحترافية أو المميزة" },
  tooLong: { en: "This text is too long", ar: "هذا النص طويل جدًا" },
  nameRequired: { en: "Name is required", ar: "الاسم مطلوب" },
  tokenRequired: { en: "The link is missing its token", ar: "الرابط لا يحتوي على رمز التحقق" },
  currentPasswordRequired: { en: "Current password is required", ar: "كلمة المرور الحالية مطلوبة" },
  reasonRequired: { en: "Please give a reason", ar: "يرجى ذكر السبب" },
  giftDaysRange: { en: "Trial days must be a whole number from 1 to 90", ar: "يجب أن يكون عدد أيام التجربة عددًا صحيحًا من ١ إلى ٩٠" },
  invalidStatus: { en: "Unknown status", ar: "حالة غير معروفة" },
  invalidLocale: { en: "Language must be en or ar", ar: "يجب أن تكون اللغة en أو ar" },
  invalidPageSize: { en: "Page size must be from 1 to 100", ar: "يجب أن يكون حجم الصفحة من ١ إلى ١٠٠" },
  invalidValue: { en: "Invalid value", ar: "قيمة غير صالحة" },
  // translations (the admin's Translations tab, PUT /api/translations/bulk)
  translationKeyUnknown: { en: "Unknown translation key", ar: "مفتاح ترجمة غير معروف" },
  translationTextRequired: { en: "The text is required", ar: "النص مطلوب" },
  translationTooLong: { en: "A text can have at most 2000 characters", ar: "لا يمكن أن يتجاوز النص ٢٠٠٠ حرف" },
  translationUpdatesRange: { en: "Send from 1 to 1000 changes at a time", ar: "أرسل من ١ إلى ١٠٠٠ تعديل في المرة الواحدة" },
  validationFailed: { en: "Validation failed", ar: "فشل التحقق من البيانات" },
  // outcomes the server reports (SPEC §8 for the sign-up text; {plan} is the plan's name)
  registrationSuccess: {
    en: "Registration successful! Your account is pending approval. You selected the {plan} plan. We will contact you soon.",
    ar: "تم التسجيل بنجاح! حسابك بانتظار الموافقة. لقد اخترت باقة {plan}. سنتواصل معك قريبًا.",
  },
  loggedOut: { en: "You have been logged out", ar: "تم تسجيل خروجك" },
  passwordChanged: { en: "Your password has been changed", ar: "تم تغيير كلمة المرور" },
  resetLinkSent: { en: "If that address is registered, we have sent it a link to reset the password", ar: "إن كان هذا العنوان مسجلًا، فقد أرسلنا إليه رابطًا لإعادة تعيين كلمة المرور" },
  passwordReset: { en: "Your password has been reset. You can login now", ar: "تمت إعادة تعيين كلمة المرور. يمكنك تسجيل الدخول الآن" },
  emailVerified: { en: "Your e-mail address is confirmed", ar: "تم تأكيد بريدك الإلكتروني" },
  verificationSent: { en: "If that address needs confirming, we have sent it a new link", ar: "إن كان هذا العنوان يحتاج إلى تأكيد، فقد أرسلنا إليه رابطًا جديدًا" },
} as const satisfies Record<string, { en: string; ar: string }>;

export type MessageKey = keyof typeof MESSAGES;

export const isMessageKey = (k: unknown): k is MessageKey => typeof k === "string" && Object.hasOwn(MESSAGES, k);

/** Text of a message key in a locale; an unknown key renders as the generic invalid-value text. */
export function messageText(key: string, locale: Locale = DEFAULT_LOCALE, params: Record<string, string> = {}): string {
  const text: string = (isMessageKey(key) ? MESSAGES[key] : MESSAGES.invalidValue)[locale];
  return text.replace(/\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
}

/** Reads a locale from an Accept-Language header or a `lng` value; anything unknown is English. */
export function pickLocale(value: string | null | undefined): Locale {
  const first = (value ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("ar") ? "ar" : "en";
}
