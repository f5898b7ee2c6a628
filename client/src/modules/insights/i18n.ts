// Texts of the posting insights: the heat map, the dashboard card and the picker's suggested times.
import { registerTranslations } from "../../i18n/index.ts";

export const INSIGHTS_NS = "insights";

registerTranslations(INSIGHTS_NS, {
  en: {
    title: "Best times to post",
    heatmap: "Good hours to post by weekday and hour, Kuwait time",
    cellLabel: "{{day}} {{hour}}, score {{score}}",
    legend: "Score",
    legendLow: "Quieter",
    legendHigh: "Busier",
    hour: "Hour",
    day: "Day",
    own_one: "Based on your {{n}} published post of the last {{days}} days.",
    own_other: "Based on your {{n}} published posts of the last {{days}} days.",
    defaults: "Kuwait food & beverage defaults until you have {{min}} published posts ({{n}} so far).",
    defaultsSimulated_one:
      "Kuwait food & beverage defaults until you have {{min}} published posts ({{n}} so far; {{sim}} post with simulated figures does not count).",
    defaultsSimulated_other:
      "Kuwait food & beverage defaults until you have {{min}} published posts ({{n}} so far; the {{sim}} posts with simulated figures do not count).",
    ramadan: "Ramadan hours: the hour before Iftar, the nights after Taraweeh and before Suhoor.",
    next: "Coming best times",
    noneSoon: "No suggested times in the next seven days.",
    schedule: "Schedule a post at {{time}}",
    loadFailed: "We could not load the best posting times",
    loading: "Loading the best posting times",
    suggested: "Suggested times",
    pick: "Schedule for {{time}}, {{reason}}",
    reasons: {
      lunch: "lunch",
      after_maghrib: "after Maghrib",
      after_isha: "after Isha",
      weekend_night: "weekend night",
      before_iftar: "before Iftar",
      after_iftar: "after Iftar",
      before_suhoor: "before Suhoor",
      own_peak: "your best hour",
    },
  },
  ar: {
    title: "أفضل أوقات النشر",
    heatmap: "الساعات المناسبة للنشر حسب اليوم والساعة، بتوقيت الكويت",
    cellLabel: "{{day}} {{hour}}، الدرجة {{score}}",
    legend: "الدرجة",
    legendLow: "أهدأ",
    legendHigh: "أنشط",
    hour: "الساعة",
    day: "اليوم",
    own_zero: "بناءً على منشوراتك خلال آخر {{days}} يومًا.",
    own_one: "بناءً على منشورك الوحيد خلال آخر {{days}} يومًا.",
    own_two: "بناءً على منشوريك خلال آخر {{days}} يومًا.",
    own_few: "بناءً على {{n}} منشورات نشرتها خلال آخر {{days}} يومًا.",
    own_many: "بناءً على {{n}} منشورًا نشرتها خلال آخر {{days}} يومًا.",
    own_other: "بناءً على {{n}} منشور نشرته خلال آخر {{days}} يومًا.",
    defaults: "أوقات المطاعم والمقاهي المعتادة في الكويت إلى أن تنشر {{min}} منشورًا (نشرت {{n}} حتى الآن).",
    defaultsSimulated_zero:
      "أوقات المطاعم والمقاهي المعتادة في الكويت إلى أن تنشر {{min}} منشورًا (نشرت {{n}} حتى الآن؛ ولا تُحتسب المنشورات ذات الأرقام المحاكاة).",
    defaultsSimulated_one:
      "أوقات المطاعم والمقاهي المعتادة في الكويت إلى أن تنشر {{min}} منشورًا (نشرت {{n}} حتى الآن؛ ولا يُحتسب المنشور الوحيد ذو الأرقام المحاكاة).",
    defaultsSimulated_two:
      "أوقات المطاعم والمقاهي المعتادة في الكويت إلى أن تنشر {{min}} منشورًا (نشرت {{n}} حتى الآن؛ ولا يُحتسب المنشوران ذوا الأرقام المحاكاة).",
    defaultsSimulated_few:
      "أوقات المطاعم والمقاهي المعتادة في الكويت إلى أن تنشر {{min}} منشورًا (نشرت {{n}} حتى الآن؛ ولا تُحتسب {{sim}} منشورات أرقامها محاكاة).",
    defaultsSimulated_many:
      "أوقات المطاعم والمقاهي المعتادة في الكويت إلى أن تنشر {{min}} منشورًا (نشرت {{n}} حتى الآن؛ ولا يُحتسب {{sim}} منشورًا أرقامها محاكاة).",
    defaultsSimulated_other:
      "أوقات المطاعم والمقاهي المعتادة في الكويت إلى أن تنشر {{min}} منشورًا (نشرت {{n}} حتى الآن؛ ولا يُحتسب {{sim}} منشور أرقامها محاكاة).",
    ramadan: "أوقات رمضان: الساعة التي تسبق الإفطار، والليالي بعد التراويح وقبل السحور.",
    next: "أفضل الأوقات القادمة",
    noneSoon: "لا أوقات مقترحة خلال الأيام السبعة القادمة.",
    schedule: "جدولة منشور في {{time}}",
    loadFailed: "تعذر تحميل أفضل أوقات النشر",
    loading: "جارٍ تحميل أفضل أوقات النشر",
    suggested: "أوقات مقترحة",
    pick: "الجدولة في {{time}}، {{reason}}",
    reasons: {
      lunch: "وقت الغداء",
      after_maghrib: "بعد المغرب",
      after_isha: "بعد العشاء",
      weekend_night: "ليلة عطلة",
      before_iftar: "قبل الإفطار",
      after_iftar: "بعد الإفطار",
      before_suhoor: "قبل السحور",
      own_peak: "أفضل ساعاتك",
    },
  },
});
