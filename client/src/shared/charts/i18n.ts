// Texts of the shared chart wrapper (namespace "charts"): the table toggle and what a chart says when
// it has nothing to draw or cannot be drawn.
import { registerTranslations } from "../../i18n/index.ts";

export const CHARTS_NS = "charts";

registerTranslations(CHARTS_NS, {
  en: {
    showTable: "Show as table",
    showChart: "Show as chart",
    loading: "Drawing the chart…",
    unavailable: "The chart could not be drawn here, so its figures are shown as a table.",
    noData: "Nothing to show yet",
    noValue: "—",
  },
  ar: {
    showTable: "اعرض كجدول",
    showChart: "اعرض كرسم بياني",
    loading: "جارٍ رسم الرسم البياني…",
    unavailable: "تعذّر رسم الرسم البياني هنا، فعرضنا أرقامه في جدول.",
    noData: "لا شيء لعرضه بعد",
    noValue: "—",
  },
});
