// Texts every part of the client shares: language names, guard and error screens, a few client-side
// messages. The catalogue's error texts (errors.<CODE>) join this namespace from ./catalogue/i18n.ts.
// Module texts live beside their modules (modules/<name>/i18n.ts).

export const common = {
  en: {
    brand: "Sufra",
    language: { label: "Language", en: "English", ar: "العربية", switchTo: "العربية" },
    guard: {
      verifying: "Verifying authentication...",
      errorTitle: "Authentication Error",
      errorText: "We could not confirm your session. Please login again.",
      goToLogin: "Go to Login",
    },
    errors: {
      sessionExpired: "Session expired. Please login again.",
      loginFailed: "Login failed",
      registrationFailed: "Registration failed. Please try again.",
      emailExists: "Email already registered",
      invalidCredentials: "Invalid email or password",
      suspended: "Your account has been suspended",
    },
    boundary: {
      title: "Something went wrong",
      text: "This part of Sufra stopped working. Your data is safe. Try again, or reload the page.",
      errorId: "Error ID",
      tryAgain: "Try Again",
      reload: "Reload Page",
      report: "Report Error",
      copied: "The error details are copied. Paste them in a mail to support@sufra.kw.",
      routerFallback: "Unexpected Application Error!",
    },
    loading: "Loading…",
    actions: { save: "Save", cancel: "Cancel", back: "Back", retry: "Retry" },
    theme: { label: "Theme", light: "Light", dark: "Dark", auto: "Follow the system" },
  },
  ar: {
    brand: "سفرة",
    language: { label: "اللغة", en: "English", ar: "العربية", switchTo: "English" },
    guard: {
      verifying: "جارٍ التحقق من الهوية...",
      errorTitle: "خطأ في التحقق",
      errorText: "تعذر تأكيد جلستك. يرجى تسجيل الدخول مرة أخرى.",
      goToLogin: "الذهاب إلى تسجيل الدخول",
    },
    errors: {
      sessionExpired: "انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.",
      loginFailed: "فشل تسجيل الدخول",
      registrationFailed: "فشل التسجيل. يرجى المحاولة مرة أخرى.",
      emailExists: "البريد الإلكتروني مسجل مسبقًا",
      invalidCredentials: "البريد الإلكتروني أو كلمة المرور غير صحيحة",
      suspended: "تم إيقاف حسابك",
    },
    boundary: {
      title: "حدث خطأ ما",
      text: "توقف هذا الجزء من سفرة عن العمل. بياناتك في أمان. حاول مرة أخرى أو أعد تحميل الصفحة.",
      errorId: "رقم الخطأ",
      tryAgain: "حاول مرة أخرى",
      reload: "إعادة تحميل الصفحة",
      report: "الإبلاغ عن الخطأ",
      copied: "تم نسخ تفاصيل الخطأ. الصقها في رسالة إلى support@sufra.kw.",
      routerFallback: "خطأ غير متوقع في التطبيق!",
    },
    loading: "جارٍ التحميل…",
    actions: { save: "حفظ", cancel: "إلغاء", back: "رجوع", retry: "إعادة المحاولة" },
    theme: { label: "المظهر", light: "فاتح", dark: "داكن", auto: "حسب النظام" },
  },
};
