// Texts of "Ask for reviews" (namespace "reviewRequests"): printed QR codes and short links to Google's review form.
import { registerTranslations } from "../../i18n/index.ts";

export const REVIEW_REQUESTS_NS = "reviewRequests";

registerTranslations(REVIEW_REQUESTS_NS, {
  en: {
    button: "Ask for reviews",
    title: "Ask for reviews",
    intro:
      "Print a QR code for each branch on a table card or a receipt: guests scan it and land on Google's review form. Every scan is counted.",
    language: "Language on the cards",
    english: "English",
    arabic: "Arabic",
    both: "Both",
    shortLink: "Short link",
    copy: "Copy",
    copied: "Copied",
    png: "QR code (PNG)",
    tableTent: "Table card (PDF)",
    receipt: "Receipt (PDF)",
    saved: "Saved {{name}}",
    downloadFailed: "The file could not be downloaded",
    qrAlt: "QR code to review {{branch}} on Google",
    scans: "Scans",
    received: "New Google reviews",
    period: "Last {{n}} days",
    allBranches: "All branches",
    none: "No Google location is picked yet. Connect Google Business Profile and pick your branches in Settings.",
    loadFailed: "We could not load your review requests",
    close: "Close",
  },
  ar: {
    button: "اطلب التقييمات",
    title: "اطلب التقييمات",
    intro:
      "اطبع رمز QR لكل فرع على بطاقة طاولة أو إيصال: يمسحه الضيف فيصل إلى نموذج التقييم في جوجل. تُحسب كل عملية مسح.",
    language: "لغة البطاقات",
    english: "الإنجليزية",
    arabic: "العربية",
    both: "كلتاهما",
    shortLink: "الرابط المختصر",
    copy: "نسخ",
    copied: "تم النسخ",
    png: "رمز QR ‏(PNG)",
    tableTent: "بطاقة طاولة (PDF)",
    receipt: "إيصال (PDF)",
    saved: "تم حفظ {{name}}",
    downloadFailed: "تعذّر تنزيل الملف",
    qrAlt: "رمز QR لتقييم {{branch}} على جوجل",
    scans: "عمليات المسح",
    received: "تقييمات جوجل الجديدة",
    period: "آخر {{n}} يومًا",
    allBranches: "كل الفروع",
    none: "لم يتم اختيار أي موقع على جوجل بعد. اربط ملف النشاط التجاري على جوجل واختر فروعك من الإعدادات.",
    loadFailed: "تعذّر تحميل طلبات التقييم",
    close: "إغلاق",
  },
});
