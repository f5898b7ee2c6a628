// The guest's return page (docs/product.md#orders): where Tap sends the guest after its page, /o/<order id>.
// Server-rendered HTML, styles inline, no script, in the conversation's language (Arabic right to left): whether
// the order is paid, still waiting, or failed, the café's name, the order's number and its total in KWD. It
// shows nothing of the guest (no name, no address, no lines): the address is a link anyone holding it may open.
import { filsToKwd, type Locale } from "@sufra/schema";

/** What the page says of an order. */
export type OrderPageState = "paid" | "refunded" | "waiting" | "failed" | "cancelled" | "open";

export interface OrderPageView {
  number: number;
  totalFils: number;
  state: OrderPageState;
  cafe: { name: string; nameAr: string | null };
}

const T = {
  title: { en: "Your order", ar: "طلبك" },
  order: { en: "Order", ar: "الطلب رقم" },
  total: { en: "Total", ar: "الإجمالي" },
  kwd: { en: "KWD", ar: "د.ك" },
  paid: { en: "Paid. Thank you!", ar: "تم الدفع. شكرًا لك!" },
  paidMore: {
    en: "The café has your payment and will prepare your order.",
    ar: "وصل دفعك إلى المقهى وسيجهّز طلبك.",
  },
  refunded: { en: "This order was refunded.", ar: "أُعيد مبلغ هذا الطلب." },
  waiting: { en: "Not paid yet.", ar: "لم يُدفع بعد." },
  waitingMore: {
    en: "If you just paid, the confirmation may take a minute: open this page again shortly.",
    ar: "إذا دفعت للتو فقد يستغرق التأكيد دقيقة: افتح هذه الصفحة مرة أخرى بعد قليل.",
  },
  failed: { en: "The payment did not go through.", ar: "لم تتم عملية الدفع." },
  failedMore: {
    en: "Nothing was charged. Ask the café in your conversation for a new payment link.",
    ar: "لم يُخصم أي مبلغ. اطلب من المقهى في محادثتك رابط دفع جديدًا.",
  },
  cancelled: { en: "This order was cancelled.", ar: "أُلغي هذا الطلب." },
  open: {
    en: "This order is not paid yet. The café will send you a payment link.",
    ar: "هذا الطلب لم يُدفع بعد. سيرسل لك المقهى رابط الدفع.",
  },
  other: { en: "عربي", ar: "English" },
  missing: { en: "This order was not found.", ar: "لم يُعثر على هذا الطلب." },
} as const satisfies Record<string, Record<Locale, string>>;

/** HTML's five special characters as entities: names come from the café's profile. */
const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

// a phone's page: one column, large type, the state first; colours with 4.5:1 contrast on their grounds
const STYLE = `
*{box-sizing:border-box}html{background:#f6f7f9}body{margin:0 auto;max-width:480px;padding:16px;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif}
h1{margin:.2em 0;font-size:1.35rem}.muted{font-size:.9rem;color:#57606a}
.card{margin:16px 0;padding:16px;border:1px solid #d0d7de;border-radius:12px;background:#fff}
.state{font-size:1.15rem;font-weight:600;margin:0 0 6px}.s-paid{color:#0f5b2a}.s-failed{color:#8a1c1c}.s-waiting,.s-open{color:#6a4a00}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0 0}dt{color:#57606a}dd{margin:0;font-weight:600}
a{color:#0b5cad}:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}`;

function frame(locale: Locale, title: string, body: string) {
  return `<!doctype html><html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The page of an order id that names none. */
export const missingOrderPage = (locale: Locale) => frame(locale, T.missing[locale], `<h1>${T.missing[locale]}</h1>`);

/** What the guest reads: the order's state, the café, its number and total (KWD, three decimals). */
export function orderPage(view: OrderPageView, locale: Locale, self: string) {
  const t = (k: keyof typeof T) => T[k][locale];
  const cafe = locale === "ar" && view.cafe.nameAr ? view.cafe.nameAr : view.cafe.name;
  const other: Locale = locale === "ar" ? "en" : "ar";
  const more =
    view.state === "paid"
      ? t("paidMore")
      : view.state === "waiting"
        ? t("waitingMore")
        : view.state === "failed"
          ? t("failedMore")
          : "";
  const cls = view.state === "refunded" || view.state === "cancelled" ? "open" : view.state;
  // the amount and the number stay Latin and left to right inside the Arabic line (bdi), as invoices write them
  const body = `<p class="muted"><a href="${self}?lang=${other}" lang="${other}">${t("other")}</a></p>
<h1 dir="auto">${esc(cafe)}</h1>
<section class="card" aria-labelledby="state"><p id="state" class="state s-${cls}" role="status">${t(view.state)}</p>
${more ? `<p>${more}</p>` : ""}
<dl><dt>${t("order")}</dt><dd><bdi>#${view.number}</bdi></dd>
<dt>${t("total")}</dt><dd><bdi>${filsToKwd(view.totalFils)}</bdi> ${t("kwd")}</dd></dl></section>`;
  return frame(locale, `${cafe}: ${t("title")} #${view.number}`, body);
}
