// Every word the exported files show a person, in English and Arabic. The files are written on the
// server in the person's language, so these live beside the renderers rather than in the client's
// i18n. Labels avoid brackets: mirrored in right-to-left text, they read back reversed from a PDF.
import {
  CONTENT_OCCASIONS,
  EVERYDAY_OCCASION,
  EVERYDAY_OCCASION_LABELS,
  NO_BRANCH_LABELS,
  PLATFORM_LABELS,
  REVIEW_SOURCES,
  REVIEW_TOPICS,
  type Locale,
} from "@sufra/schema";

const L = {
  brand: { en: "Sufra", ar: "سفرة" },
  title: { en: "Analytics report", ar: "تقرير التحليلات" },
  business: { en: "Business", ar: "النشاط التجاري" },
  from: { en: "From", ar: "من" },
  to: { en: "To", ar: "إلى" },
  period: { en: "Period", ar: "الفترة" },
  previousFrom: { en: "Previous period from", ar: "الفترة السابقة من" },
  previousTo: { en: "Previous period to", ar: "الفترة السابقة إلى" },
  comparedWith: { en: "Compared with", ar: "مقارنة بالفترة" },
  generated: { en: "Generated, Kuwait time", ar: "تاريخ الإعداد بتوقيت الكويت" },
  campaign: { en: "Campaign", ar: "الحملة" },
  simulated: { en: "Simulated figures of demo accounts included", ar: "تشمل الأرقام المحاكاة للحسابات التجريبية" },
  yes: { en: "Yes", ar: "نعم" },
  no: { en: "No", ar: "لا" },
  simulatedNote: {
    en: "These figures include simulated figures of demo accounts, not real audiences.",
    ar: "تشمل هذه الأرقام أرقامًا محاكاة للحسابات التجريبية، وليست جمهورًا حقيقيًا.",
  },
  none: { en: "Nothing was published in this period.", ar: "لم يُنشر شيء في هذه الفترة." },
  // sections (sheet names: at most 31 characters)
  summary: { en: "Summary", ar: "الملخص" },
  totals: { en: "Totals", ar: "الإجماليات" },
  platforms: { en: "By network", ar: "حسب المنصة" },
  daily: { en: "By day", ar: "حسب اليوم" },
  topPosts: { en: "Top posts", ar: "أفضل المنشورات" },
  content: { en: "Content", ar: "أداء المحتوى" },
  // columns
  item: { en: "Item", ar: "البند" },
  value: { en: "Value", ar: "القيمة" },
  metric: { en: "Metric", ar: "المقياس" },
  change: { en: "Change vs previous period %", ar: "التغير عن الفترة السابقة %" },
  network: { en: "Network", ar: "المنصة" },
  date: { en: "Date", ar: "التاريخ" },
  rank: { en: "Rank", ar: "الترتيب" },
  post: { en: "Post", ar: "المنشور" },
  published: { en: "Published, Kuwait time", ar: "وقت النشر بتوقيت الكويت" },
  link: { en: "Link", ar: "الرابط" },
  breakdown: { en: "Breakdown", ar: "التصنيف" },
  group: { en: "Group", ar: "الفئة" },
  posts: { en: "Posts", ar: "المنشورات" },
  // a post's copy on one network (source.ts): a post sent to Instagram and X is one post, two copies
  copies: { en: "Network copies", ar: "النسخ على الشبكات" },
  reach: { en: "Reach", ar: "الوصول" },
  views: { en: "Views", ar: "المشاهدات" },
  likes: { en: "Likes", ar: "الإعجابات" },
  comments: { en: "Comments", ar: "التعليقات" },
  shares: { en: "Shares", ar: "المشاركات" },
  engagement: { en: "Engagement", ar: "التفاعل" },
  engagementRate: { en: "Engagement rate %", ar: "معدل التفاعل %" },
  followers: { en: "Followers", ar: "المتابعون" },
  // taps on Sufra's short links: caption links, the link page's buttons, review requests
  clicks: { en: "Clicks", ar: "النقرات" },
  linkClicks: { en: "Clicks on Sufra's links", ar: "النقرات على روابط سفرة" },
  // content breakdown dimensions
  dimType: { en: "Content type", ar: "نوع المحتوى" },
  dimOccasion: { en: "Occasion", ar: "المناسبة" },
  dimLanguage: { en: "Caption language", ar: "لغة النص" },
  dimHashtag: { en: "Hashtag", ar: "الوسم" },
  dimHour: { en: "Posting hour, Kuwait time", ar: "ساعة النشر بتوقيت الكويت" },
  typeText: { en: "Text", ar: "نص" },
  typeImage: { en: "Image", ar: "صورة" },
  typeVideo: { en: "Video", ar: "فيديو" },
  typeCarousel: { en: "Carousel", ar: "ألبوم صور" },
  langAr: { en: "Arabic", ar: "العربية" },
  langEn: { en: "English", ar: "الإنجليزية" },
  langMixed: { en: "Arabic and English", ar: "العربية والإنجليزية" },
  page: { en: "Page {n} of {total}", ar: "صفحة {n} من {total}" },
  // guests: the inbox in figures
  guestsSources: { en: "Guests by source", ar: "الضيوف حسب المصدر" },
  guestsBranches: { en: "Guests by branch", ar: "الضيوف حسب الفرع" },
  guestsRating: { en: "Guest rating", ar: "تقييم الضيوف" },
  guestsTopics: { en: "Guest topics", ar: "مواضيع الضيوف" },
  source: { en: "Source", ar: "المصدر" },
  branch: { en: "Branch", ar: "الفرع" },
  allSources: { en: "All", ar: "الكل" },
  guestItems: { en: "Reviews and comments", ar: "التقييمات والتعليقات" },
  answered: { en: "Answered", ar: "تم الرد" },
  responseRate: { en: "Response rate %", ar: "نسبة الرد %" },
  timed: { en: "Answers with a known time", ar: "ردود معروفة الوقت" },
  medianResponse: { en: "Median response time, hours", ar: "متوسط زمن الرد الوسيط بالساعات" },
  week: { en: "Week from Saturday", ar: "الأسبوع بدءًا من السبت" },
  reviewCount: { en: "Reviews with stars", ar: "التقييمات بالنجوم" },
  averageStars: { en: "Average stars", ar: "متوسط النجوم" },
  topic: { en: "Topic", ar: "الموضوع" },
  mentions: { en: "Mentions", ar: "الإشارات" },
  previousMentions: { en: "Mentions in the previous period", ar: "الإشارات في الفترة السابقة" },
  mentionsChange: { en: "Change", ar: "التغير" },
  trend: { en: "Trend", ar: "الاتجاه" },
  trendUp: { en: "Up", ar: "ارتفاع" },
  trendDown: { en: "Down", ar: "انخفاض" },
  trendFlat: { en: "Flat", ar: "ثابت" },
} as const satisfies Record<string, Record<Locale, string>>;

export type LabelKey = keyof typeof L;

export const label = (key: LabelKey, lang: Locale, params: Record<string, string | number> = {}) =>
  L[key][lang].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));

export const platformLabel = (p: string, lang: Locale) =>
  (PLATFORM_LABELS as Record<string, Record<Locale, string>>)[p]?.[lang] ?? p;

/** A CONTENT_OCCASIONS key, or "everyday", as a person reads it. */
export const occasionLabel = (key: string, lang: Locale) =>
  key === EVERYDAY_OCCASION
    ? EVERYDAY_OCCASION_LABELS[lang]
    : ((CONTENT_OCCASIONS as Record<string, Record<Locale, string>>)[key]?.[lang] ?? key);

export type ContentDimension = "type" | "occasion" | "language" | "hashtag" | "hour";

/** A content group's name for a person when the service gave only its key. */
export function contentGroupLabel(dimension: ContentDimension, key: string, lang: Locale): string {
  if (dimension === "type") {
    const k = (
      { text: "typeText", image: "typeImage", video: "typeVideo", carousel: "typeCarousel" } as Record<string, LabelKey>
    )[key];
    return k ? label(k, lang) : key;
  }
  if (dimension === "language") {
    const k = ({ ar: "langAr", en: "langEn", mixed: "langMixed" } as Record<string, LabelKey>)[key];
    return k ? label(k, lang) : key;
  }
  if (dimension === "occasion") return occasionLabel(key, lang);
  if (dimension === "hashtag") return key.startsWith("#") ? key : `#${key}`;
  return `${String(key).padStart(2, "0")}:00`;
}

/** A review source key (google, talabat...) as a person reads it. */
export const sourceLabel = (key: string, lang: Locale) =>
  (REVIEW_SOURCES as Record<string, Record<Locale, string>>)[key]?.[lang] ?? key;
/** A review topic key as a person reads it. */
export const topicLabel = (key: string, lang: Locale) =>
  (REVIEW_TOPICS as Record<string, Record<Locale, string>>)[key]?.[lang] ?? key;
/** A branch's title, or "No branch" for the items without a Google location. */
export const branchLabel = (title: string | null, lang: Locale) => title ?? NO_BRANCH_LABELS[lang];
export const trendLabel = (trend: string, lang: Locale) =>
  label(trend === "up" ? "trendUp" : trend === "down" ? "trendDown" : "trendFlat", lang);
