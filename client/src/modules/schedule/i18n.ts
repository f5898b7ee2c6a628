// Texts of the content calendar (/schedule).
import { registerTranslations } from "../../i18n/index.ts";

export const SCHEDULE_NS = "schedule";

registerTranslations(SCHEDULE_NS, {
  en: {
    title: "Content calendar",
    planMonth: "Plan my month",
    intro: "Click a day or an hour to plan a post there. Drag a scheduled post or a draft to move it.",
    kuwaitTime: "All times are Kuwait time.",
    loadFailed: "We could not load your calendar",
    network: { label: "Network", all: "All networks" },
    view: { today: "Today", month: "Month", week: "Week", day: "Day" },
    legend: "What the colours mean",
    moved: "Moved. It will be published on {{time}}",
    pastSlot: "That time has passed. Choose a time from now on.",
    event: "{{status}}: {{caption}}",
    drawer: {
      title: "Post",
      time: "Time",
      status: "Status",
      caption: "Caption",
      networks: "Networks",
      demo: "Demo (simulated)",
      edit: "Edit post",
      noCaption: "No caption",
      notFound: "This post is no longer in the calendar.",
    },
    empty: {
      title: "Plan your {{occasion}} posts",
      text: "Nothing is planned for these days yet. These occasions are coming up in Kuwait:",
      create: "Create a post",
      planFor: "Plan a post",
      nothing: "Nothing is planned for these days yet.",
    },
    holiday: {
      day: "{{name}}, day {{day}}",
      kinds: { PUBLIC: "Public holiday", ISLAMIC: "Islamic occasion", NATIONAL: "National holiday", SEASON: "Season", SCHOOL: "School break" },
      corrected: "Date set by the Cabinet",
    },
  },
  ar: {
    title: "تقويم المحتوى",
    planMonth: "خطط لشهري",
    intro: "انقر على يوم أو ساعة لتخطط لمنشور فيها. اسحب منشورًا مجدولًا أو مسودة لتغيير موعدها.",
    kuwaitTime: "جميع الأوقات بتوقيت الكويت.",
    loadFailed: "تعذر تحميل التقويم",
    network: { label: "الشبكة", all: "كل الشبكات" },
    view: { today: "اليوم", month: "شهر", week: "أسبوع", day: "يوم" },
    legend: "معنى الألوان",
    moved: "تم النقل. سيُنشر في {{time}}",
    pastSlot: "مضى هذا الوقت. اختر وقتًا من الآن فصاعدًا.",
    event: "{{status}}: {{caption}}",
    drawer: {
      title: "المنشور",
      time: "الوقت",
      status: "الحالة",
      caption: "النص",
      networks: "الشبكات",
      demo: "تجريبي (محاكاة)",
      edit: "تعديل المنشور",
      noCaption: "بلا نص",
      notFound: "لم يعد هذا المنشور في التقويم.",
    },
    empty: {
      title: "خطط لمنشورات {{occasion}}",
      text: "لا شيء مخطط لهذه الأيام بعد. هذه المناسبات قادمة في الكويت:",
      create: "أنشئ منشورًا",
      planFor: "خطط لمنشور",
      nothing: "لا شيء مخطط لهذه الأيام بعد.",
    },
    holiday: {
      day: "{{name}}، اليوم {{day}}",
      kinds: { PUBLIC: "عطلة رسمية", ISLAMIC: "مناسبة إسلامية", NATIONAL: "عيد وطني", SEASON: "موسم", SCHOOL: "عطلة مدرسية" },
      corrected: "تاريخ حدده مجلس الوزراء",
    },
  },
});
