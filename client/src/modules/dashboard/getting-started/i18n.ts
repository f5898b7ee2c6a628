// Texts of the client dashboard's getting-started checklist.
import { registerTranslations } from "../../../i18n/index.ts";

export const GETTING_STARTED_NS = "gettingStarted";

export const gettingStartedTexts = {
  en: {
    title: "Getting started",
    progress: "{{done}} of {{total}} done",
    done: "Done",
    steps: {
      PROFILE: "Fill in your business profile and menu",
      CONNECT: "Connect your first network",
      PRACTICE: "Publish a practice post",
      SCHEDULE: "Schedule your first post",
      TEAM: "Invite your team",
    },
    hints: {
      PROFILE: "Still missing: {{missing}}",
      CONNECT: "Posts reach your real followers once a network is connected.",
      CONNECT_OPERATOR:
        "None of your plan's networks can be connected yet. Write to support@sufra.kw to ask for one; until then, rehearse with your practice accounts.",
      PRACTICE:
        "Practice accounts publish to a simulated network: nothing reaches real followers, and practice figures are kept apart.",
      SCHEDULE: "Pick a day and time in the composer; the calendar shows it.",
      TEAM: "Invite the people who post with you.",
      TEAM_PLAN: "Available on Premium",
    },
    needs: { CUISINE: "cuisine", AREA: "area", HOURS: "opening hours", MENU: "menu" },
  },
  ar: {
    title: "خطوات البداية",
    progress: "أُنجز {{done}} من {{total}}",
    done: "تم",
    steps: {
      PROFILE: "أكمل ملف نشاطك التجاري وقائمة الطعام",
      CONNECT: "اربط أول شبكة",
      PRACTICE: "انشر منشورًا تجريبيًا",
      SCHEDULE: "جدول أول منشور",
      TEAM: "ادعُ فريقك",
    },
    hints: {
      PROFILE: "ما زال ناقصًا: {{missing}}",
      CONNECT: "تصل منشوراتك إلى متابعيك الحقيقيين بعد ربط شبكة.",
      CONNECT_OPERATOR:
        "لا يمكن ربط أي شبكة من شبكات باقتك بعد. راسلنا على support@sufra.kw لطلب إحداها، وحتى ذلك الحين تدرّب بحسابات التدريب.",
      PRACTICE: "تنشر الحسابات التجريبية على شبكة محاكاة: لا يصل شيء إلى متابعين حقيقيين، وتبقى أرقام التجربة منفصلة.",
      SCHEDULE: "اختر يومًا ووقتًا في محرر المنشورات، وسيظهر في التقويم.",
      TEAM: "ادعُ من ينشرون معك.",
      TEAM_PLAN: "متاح في الباقة المميزة",
    },
    needs: { CUISINE: "نوع المطبخ", AREA: "المنطقة", HOURS: "ساعات العمل", MENU: "قائمة الطعام" },
  },
};

registerTranslations(GETTING_STARTED_NS, gettingStartedTexts);
