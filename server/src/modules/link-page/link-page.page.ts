// The café's link-in-bio page, /l/<slug> (docs/architecture.md#link-page): server-rendered HTML, styles inline, no
// script, in the visitor's language (Arabic right to left). It is a pure function of a view the service builds from
// public fields only (docs/product.md#one-menu-and-one-link): nothing it is not given can leak. Light on purpose: one
// request of HTML under 50 KB compressed, photos lazy with their sizes, so a phone on a slow network shows it at once.
import { CUISINES, DELIVERY_APPS, KUWAIT_AREAS, type Locale, type WeekDay } from "@sufra/schema";
import { escapeHtml } from "../../kernel/html.ts";

/** A photo the page shows: a same-site signed path and its size (the browser reserves the room before it loads). */
export interface PagePhoto {
  src: string;
  width: number;
  height: number;
}

/** A button: where it leads (a short link, or the destination itself in the preview) and what it says. */
export interface PageButton {
  key: string;
  href: string;
  label: Record<Locale, string>;
}

interface PageDay {
  date: string;
  day: WeekDay;
  closed: boolean;
  periods: { open: string; close: string }[];
  /** the special span in force that day (Ramadan, an Eid...), by its occasion key */
  occasion: string | null;
}

export type PageHours =
  | { kind: "week"; days: PageDay[] }
  /** the café's own words when it has no structured week; `ramadan` when they are its Ramadan hours in force */
  | { kind: "text"; text: Record<Locale, string | null>; ramadan: boolean };

export interface PageMenuSection {
  name: Record<Locale, string | null>;
  items: { name: string; nameAr: string | null; price: string | null; photo: PagePhoto | null }[];
}

interface PagePost {
  caption: string;
  photo: PagePhoto | null;
  href: string | null;
  publishedAt: string;
}

export interface LinkPageView {
  name: string;
  nameAr: string | null;
  cuisine: string | null;
  area: string | null;
  bio: string | null;
  bioAr: string | null;
  address: Record<Locale, string | null>;
  demo: boolean;
  buttons: PageButton[];
  /** directions: a short link to the café's map link, or a search of its address */
  map: string | null;
  hours: PageHours | null;
  menu: PageMenuSection[];
  posts: PagePost[];
  /** absolute, for social cards */
  image: { url: string; width: number; height: number } | null;
}

export interface PageAddress {
  /** this page's address without ?lang (absolute) */
  canonical: string;
  /** the Kuwait date of "today" */
  today: string;
  /** the preview in Settings: no index, no language link that would leave the frame */
  preview?: boolean;
}

const T = {
  order: { en: "Order on {app}", ar: "اطلب عبر {app}" },
  whatsapp: { en: "Message us on WhatsApp", ar: "راسلنا على واتساب" },
  book: { en: "Book a table", ar: "احجز طاولة" },
  call: { en: "Call to book", ar: "اتصل للحجز" },
  directions: { en: "Directions", ar: "الاتجاهات" },
  findUs: { en: "Find us", ar: "موقعنا" },
  hours: { en: "Opening hours", ar: "ساعات العمل" },
  today: { en: "Today", ar: "اليوم" },
  closed: { en: "Closed", ar: "مغلق" },
  allDay: { en: "Open 24 hours", ar: "مفتوح ٢٤ ساعة" },
  menu: { en: "Menu", ar: "القائمة" },
  posts: { en: "Latest posts", ar: "آخر المنشورات" },
  kwd: { en: "KWD", ar: "د.ك" },
  other: { en: "عربي", ar: "English" },
  demo: {
    en: "Demo café: a sample page made by Sufra, not a real café.",
    ar: "مقهى تجريبي: صفحة نموذجية من سُفرة، وليس مقهى حقيقيًا.",
  },
  made: { en: "Made with Sufra", ar: "صُنعت بواسطة سُفرة" },
  missingTitle: { en: "Page not found", ar: "الصفحة غير موجودة" },
  missingBody: {
    en: "This café page does not exist or is not published yet.",
    ar: "صفحة المقهى هذه غير موجودة أو لم تُنشر بعد.",
  },
  am: { en: "AM", ar: "ص" },
  pm: { en: "PM", ar: "م" },
  viewPost: { en: "See the post", ar: "شاهد المنشور" },
} as const satisfies Record<string, Record<Locale, string>>;

const DAYS: Record<WeekDay, Record<Locale, string>> = {
  SUNDAY: { en: "Sunday", ar: "الأحد" },
  MONDAY: { en: "Monday", ar: "الاثنين" },
  TUESDAY: { en: "Tuesday", ar: "الثلاثاء" },
  WEDNESDAY: { en: "Wednesday", ar: "الأربعاء" },
  THURSDAY: { en: "Thursday", ar: "الخميس" },
  FRIDAY: { en: "Friday", ar: "الجمعة" },
  SATURDAY: { en: "Saturday", ar: "السبت" },
};

/** Special hours' occasions (the SpecialHours rows' keys) as guests read them. */
const OCCASIONS: Record<string, Record<Locale, string>> = {
  ramadan: { en: "Ramadan hours", ar: "ساعات رمضان" },
  eid_al_fitr: { en: "Eid al-Fitr hours", ar: "ساعات عيد الفطر" },
  eid_al_adha: { en: "Eid al-Adha hours", ar: "ساعات عيد الأضحى" },
  national_day: { en: "National Day hours", ar: "ساعات العيد الوطني" },
  liberation_day: { en: "Liberation Day hours", ar: "ساعات يوم التحرير" },
  other: { en: "Special hours", ar: "ساعات خاصة" },
};

/** Every text and address on the page comes from the café. */
const esc = escapeHtml;

/** The app's name in the visitor's language; "other" is the store's own name. */
function appLabel(app: string, storeName: string | null, locale: Locale): string {
  if (app === "other" || !(app in DELIVERY_APPS)) return storeName || DELIVERY_APPS.other[locale];
  return DELIVERY_APPS[app as keyof typeof DELIVERY_APPS][locale];
}
export const orderLabel = (app: string, storeName: string | null): Record<Locale, string> => ({
  en: T.order.en.replace("{app}", appLabel(app, storeName, "en")),
  ar: T.order.ar.replace("{app}", appLabel(app, storeName, "ar")),
});
export const BUTTON_LABELS = { whatsapp: T.whatsapp, book: T.book, call: T.call };

/** "19:00" -> "7:00 PM" ("7:00 م"); Latin digits in both, as the café's own menus print them. */
function clock(hhmm: string, locale: Locale): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const h24 = h % 24;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m).padStart(2, "0")} ${h24 < 12 ? T.am[locale] : T.pm[locale]}`;
}

const named = (key: string | null, table: Record<string, Record<Locale, string>>, locale: Locale) =>
  key ? (table[key]?.[locale] ?? key) : null;

// a phone's page: one column, large tap targets (48 px), colours of 4.5:1 contrast or more on their grounds; logical
// properties (text-align: start) so the same rules read right to left in Arabic; a long menu's rows and the posts
// are laid out only as they scroll into view (content-visibility), so a 200-item menu costs the phone little at first
const STYLE = `*{box-sizing:border-box}html{background:#f7f4ef}body{margin:0 auto;max-width:560px;padding:12px 16px 32px;color:#1f1a14;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif}
a{color:#8a3b12}:focus-visible{outline:3px solid #8a3b12;outline-offset:2px}
.top{display:flex;justify-content:flex-end}.top a{display:inline-block;padding:12px 8px;min-height:48px}
.demo{background:#fff3cd;border:1px solid #b58100;border-radius:8px;padding:8px 12px;margin:0 0 12px;font-size:.9rem}
h1{margin:4px 0;font-size:1.6rem;line-height:1.25}.sub{margin:0;color:#5c5247}.bio{margin:8px 0 0}
h2{font-size:1.2rem;margin:28px 0 8px}h3{font-size:1rem;margin:16px 0 4px;color:#5c5247}
.btns{list-style:none;margin:16px 0 0;padding:0;display:grid;gap:10px}
.btn{display:flex;align-items:center;justify-content:center;min-height:52px;padding:12px 16px;border-radius:12px;background:#8a3b12;color:#fff;font-weight:600;text-decoration:none;text-align:center}
.btn.alt{background:#fff;color:#8a3b12;border:2px solid #8a3b12}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:12px;overflow:hidden}
th,td{padding:10px 12px;text-align:start;border-bottom:1px solid #ece6dd;font-weight:400}
tr.today{background:#fbe9dc;font-weight:700}tr.today th,tr.today td{font-weight:700}.tag{font-size:.85rem;color:#5c5247}
.menu{list-style:none;margin:0;padding:0;background:#fff;border-radius:12px}
.menu li{display:flex;align-items:center;gap:12px;padding:10px 12px;border-bottom:1px solid #ece6dd;content-visibility:auto;contain-intrinsic-size:auto 85px}
.menu img{width:64px;height:64px;object-fit:cover;border-radius:8px;flex:none;background:#ece6dd}
.menu .n{flex:1}.menu .p{white-space:nowrap;font-weight:600}
.posts{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:10px}
.posts li{background:#fff;border-radius:12px;overflow:hidden;content-visibility:auto;contain-intrinsic-size:auto 280px}.posts img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;background:#ece6dd}
.posts p{margin:0;padding:8px 10px;font-size:.9rem;overflow-wrap:anywhere}.posts a{display:block;padding:0 10px 10px;min-height:24px}
address{font-style:normal;margin:0 0 10px}footer{margin-top:32px;font-size:.85rem;color:#5c5247;text-align:center}`;

function head(locale: Locale, title: string, description: string, at: PageAddress, image: LinkPageView["image"]) {
  const url = `${at.canonical}?lang=${locale}`;
  const meta = at.preview
    ? `<meta name="robots" content="noindex,nofollow">`
    : `<link rel="canonical" href="${esc(url)}">
<link rel="alternate" hreflang="en" href="${esc(at.canonical)}?lang=en"><link rel="alternate" hreflang="ar" href="${esc(at.canonical)}?lang=ar"><link rel="alternate" hreflang="x-default" href="${esc(at.canonical)}">
<meta property="og:type" content="website"><meta property="og:url" content="${esc(url)}"><meta property="og:title" content="${esc(title)}"><meta property="og:description" content="${esc(description)}"><meta property="og:locale" content="${locale === "ar" ? "ar_KW" : "en_US"}">${
        image
          ? `<meta property="og:image" content="${esc(image.url)}"><meta property="og:image:width" content="${image.width}"><meta property="og:image:height" content="${image.height}">`
          : ""
      }
<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}"><meta name="twitter:title" content="${esc(title)}"><meta name="twitter:description" content="${esc(description)}">${
        image ? `<meta name="twitter:image" content="${esc(image.url)}">` : ""
      }`;
  return `<!doctype html><html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<meta name="description" content="${esc(description)}">${meta}
<style>${STYLE}</style></head>`;
}

/** The page of a slug that names no published page, in the visitor's language. */
export function missingLinkPage(locale: Locale): string {
  return `<!doctype html><html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${T.missingTitle[locale]}</title>
<style>${STYLE}</style></head><body><main><h1>${T.missingTitle[locale]}</h1><p>${T.missingBody[locale]}</p></main></body></html>`;
}

const img = (p: PagePhoto, alt: string) =>
  `<img src="${esc(p.src)}" width="${p.width}" height="${p.height}" alt="${esc(alt)}" loading="lazy" decoding="async">`;

function hoursBlock(h: PageHours, locale: Locale, today: string): string {
  const t = (k: keyof typeof T) => T[k][locale];
  if (h.kind === "text") {
    const text = h.text[locale] ?? h.text[locale === "ar" ? "en" : "ar"];
    if (!text) return "";
    return `<section aria-labelledby="h-hours"><h2 id="h-hours">${t("hours")}</h2>${
      h.ramadan ? `<p class="tag">${OCCASIONS.ramadan![locale]}</p>` : ""
    }<p dir="auto">${esc(text)}</p></section>`;
  }
  const rows = h.days
    .map((d) => {
      const isToday = d.date === today;
      const when = d.closed
        ? t("closed")
        : d.periods
            .map((p) =>
              p.open === "00:00" && p.close === "24:00"
                ? t("allDay")
                : `<bdi>${clock(p.open, locale)} – ${clock(p.close, locale)}</bdi>`,
            )
            .join(", ");
      const occasion = d.occasion ? ` <span class="tag">(${named(d.occasion, OCCASIONS, locale)})</span>` : "";
      const label = `${DAYS[d.day][locale]}${isToday ? ` <span class="tag">· ${t("today")}</span>` : ""}`;
      return `<tr${isToday ? ` class="today" aria-current="date"` : ""}><th scope="row">${label}</th><td>${when}${occasion}</td></tr>`;
    })
    .join("");
  return `<section aria-labelledby="h-hours"><h2 id="h-hours">${t("hours")}</h2><table>${rows}</table></section>`;
}

function menuBlock(menu: PageMenuSection[], locale: Locale): string {
  const t = (k: keyof typeof T) => T[k][locale];
  if (!menu.some((s) => s.items.length)) return "";
  const sections = menu
    .map((s) => {
      const title = s.name[locale] ?? s.name.en ?? s.name.ar;
      const items = s.items
        .map((i) => {
          const name = locale === "ar" && i.nameAr ? i.nameAr : i.name;
          // the amount stays Latin and left to right inside an Arabic line (bdi), as the café's receipts print it
          const price = i.price ? `<span class="p"><bdi>${i.price}</bdi> ${t("kwd")}</span>` : "";
          return `<li>${i.photo ? img(i.photo, name) : ""}<span class="n" dir="auto">${esc(name)}</span>${price}</li>`;
        })
        .join("");
      return `${title ? `<h3 dir="auto">${esc(title)}</h3>` : ""}<ul class="menu">${items}</ul>`;
    })
    .join("");
  return `<section aria-labelledby="h-menu"><h2 id="h-menu">${t("menu")}</h2>${sections}</section>`;
}

function postsBlock(posts: PagePost[], locale: Locale): string {
  if (!posts.length) return "";
  const items = posts
    .map((p) => {
      // the photo is the post's own; its caption says what it shows, so the picture is not read out twice
      const pic = p.photo ? img(p.photo, "") : "";
      const link = p.href ? `<a href="${esc(p.href)}" rel="nofollow">${T.viewPost[locale]}</a>` : "";
      return `<li>${pic}<p dir="auto">${esc(p.caption)}</p>${link}</li>`;
    })
    .join("");
  return `<section aria-labelledby="h-posts"><h2 id="h-posts">${T.posts[locale]}</h2><ul class="posts">${items}</ul></section>`;
}

/** The page as a visitor reads it, in `locale`. */
export function linkPageHtml(v: LinkPageView, locale: Locale, at: PageAddress): string {
  const t = (k: keyof typeof T) => T[k][locale];
  const other: Locale = locale === "ar" ? "en" : "ar";
  const name = locale === "ar" && v.nameAr ? v.nameAr : v.name;
  const bio = (locale === "ar" ? (v.bioAr ?? v.bio) : (v.bio ?? v.bioAr)) ?? "";
  const sub = [named(v.cuisine, CUISINES, locale), named(v.area, KUWAIT_AREAS, locale)].filter(Boolean).join(" · ");
  const description = bio || [name, sub].filter(Boolean).join(" — ");
  const buttons = v.buttons
    .map((b) => `<li><a class="btn" href="${esc(b.href)}" rel="nofollow">${esc(b.label[locale])}</a></li>`)
    .join("");
  const address = v.address[locale] ?? v.address[other];
  const findUs =
    v.map || address
      ? `<section aria-labelledby="h-map"><h2 id="h-map">${t("findUs")}</h2>${
          address ? `<address dir="auto">${esc(address)}</address>` : ""
        }${v.map ? `<a class="btn alt" href="${esc(v.map)}" rel="nofollow">${t("directions")}</a>` : ""}</section>`
      : "";
  const langLink = at.preview
    ? ""
    : `<nav class="top"><a href="?lang=${other}" lang="${other}" hreflang="${other}">${t("other")}</a></nav>`;
  const body = `<body>${langLink}<main>
${v.demo ? `<p class="demo">${t("demo")}</p>` : ""}<h1 dir="auto">${esc(name)}</h1>${sub ? `<p class="sub">${esc(sub)}</p>` : ""}${
    bio ? `<p class="bio" dir="auto">${esc(bio)}</p>` : ""
  }
${buttons ? `<ul class="btns">${buttons}</ul>` : ""}
${v.hours ? hoursBlock(v.hours, locale, at.today) : ""}
${menuBlock(v.menu, locale)}
${postsBlock(v.posts, locale)}
${findUs}
</main><footer>${t("made")}</footer></body></html>`;
  return head(locale, sub ? `${name} · ${sub}` : name, description, at, v.image) + body;
}
