import { registerTranslations } from "../../i18n/index.ts";

registerTranslations("placeholders", {
  en: { posts: "Posts", analytics: "Analytics", competitors: "Competitor analysis", campaigns: "Campaigns", schedule: "The schedule" },
  ar: { posts: "المنشورات", analytics: "التحليلات", competitors: "تحليل المنافسين", campaigns: "الحملات", schedule: "الجدولة" },
});
